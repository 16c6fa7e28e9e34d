import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { PASSWORD_MIN_LENGTH } from '../../../shared/accounts/accounts';
import type { User } from '../../../shared/accounts/users';
import { useProfile, useUpdateProfile } from '../../api/accounts';
import { ApiError } from '../../api/client';
import { useSession } from '../../state/session-store';
import { Button } from '../../ui/Button';
import { FormStatus, TextField } from '../../ui/FormField';
import { profileFormSchema } from './forms';

const ACCOUNT_UPDATED = 'Account Updated';

const blankPasswords = { password: '', confirmPassword: '', currentPassword: '' };

function EditProfileForm({ user }: { user: Pick<User, 'name' | 'email'> }) {
  const update = useUpdateProfile();
  const savedEmail = useSession((state) => state.userInfo?.email ?? user.email);
  const resolver = useMemo(() => zodResolver(profileFormSchema(savedEmail)), [savedEmail]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({
    resolver,
    defaultValues: { name: user.name, email: user.email, ...blankPasswords },
  });

  const serverError =
    update.error instanceof ApiError &&
    ['CURRENT_PASSWORD_WRONG', 'EMAIL_TAKEN'].includes(update.error.code)
      ? null
      : update.error;

  const submit = handleSubmit(({ name, email, password, currentPassword }) => {
    if (update.isPending) return;
    update.mutate(
      {
        name,
        email,
        ...(password ? { password } : {}),
        ...(currentPassword ? { currentPassword } : {}),
      },
      {
        onSuccess: (saved) => reset({ name: saved.name, email: saved.email, ...blankPasswords }),
        onError: (error) => {
          // A wrong current password and a taken email belong under their own fields.
          if (!(error instanceof ApiError)) return;
          if (error.code === 'CURRENT_PASSWORD_WRONG') {
            setError('currentPassword', { message: error.message }, { shouldFocus: true });
          } else if (error.code === 'EMAIL_TAKEN') {
            setError('email', { message: error.message }, { shouldFocus: true });
          }
        },
      },
    );
  });

  return (
    <form noValidate className="flex flex-col gap-5" onSubmit={(event) => void submit(event)}>
      <TextField
        label="Name"
        autoComplete="name"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`Leave blank to keep your password. At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        hint="Needed only when you change your email address or choose a new password."
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <Button type="submit" disabled={update.isPending}>
        Update
      </Button>
      <FormStatus success={update.isSuccess ? ACCOUNT_UPDATED : null} error={serverError} />
    </form>
  );
}

/** Name, email and password, in a side panel; the answer's new token replaces the stored one. */
export function EditProfilePanel() {
  const userInfo = useSession((state) => state.userInfo);
  const profile = useProfile();
  if (!userInfo) return <p className="text-muted">Sign in to edit your account.</p>;
  return <EditProfileForm user={profile.data ?? userInfo} />;
}
