import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useParams } from 'react-router';
import { PASSWORD_MIN_LENGTH, PASSWORD_RESET_DONE } from '../../../shared/accounts/accounts';
import { SHOP_NAME } from '../../../shared/settings/shop';
import { usePasswordResetLink, useResetPassword } from '../../api/accounts';
import { useSession } from '../../state/session-store';
import { Button, textLinkClass } from '../../ui/Button';
import { ErrorBox } from '../../ui/ErrorBox';
import { FormStatus, TextField } from '../../ui/FormField';
import { PageHeading } from '../../ui/PageHeading';
import { resetPasswordFormSchema } from './forms';
import { useRedirectAfter } from './useRedirectAfter';

/** Replaces the form, so focus moves to it: the form's button that had focus is gone. */
function ResetDone() {
  const message = useRef<HTMLParagraphElement>(null);
  useEffect(() => message.current?.focus(), []);
  return (
    <div className="flex flex-col gap-4">
      <p
        ref={message}
        tabIndex={-1}
        role="status"
        className="rounded-shop bg-success/10 px-4 py-3 text-success"
      >
        {PASSWORD_RESET_DONE}
      </p>
      <p>
        <Link to="/account/login" className={textLinkClass}>
          Sign in with your new password
        </Link>{' '}
        <span className="text-muted">(you will be taken there in a few seconds).</span>
      </p>
    </div>
  );
}

function ResetForm({ token }: { token: string }) {
  const check = usePasswordResetLink(token);
  const reset = useResetPassword(token);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  useRedirectAfter(reset.isSuccess, '/account/login');

  if (reset.isSuccess) return <ResetDone />;
  if (check.isError) {
    return (
      <div className="flex flex-col gap-4">
        <ErrorBox error={check.error} />
        <p>
          <Link to="/forgot-password" className={textLinkClass}>
            Ask for a new link
          </Link>
        </p>
      </div>
    );
  }

  const ready = check.isSuccess;
  const submit = handleSubmit(({ password }) => {
    if (ready && !reset.isPending) reset.mutate(password);
  });

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      aria-busy={!ready}
      onSubmit={(event) => void submit(event)}
    >
      {!ready && <p className="text-muted">Checking your link…</p>}
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
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
      <Button type="submit" disabled={!ready || reset.isPending}>
        Reset password
      </Button>
      <FormStatus error={reset.error} />
    </form>
  );
}

/** Opened from the mailed link: checks the link first, then takes the new password. */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const signedIn = useSession((state) => state.userInfo !== null);
  // The sign-in page forwards a signed-in shopper home.
  if (signedIn) return <Navigate to="/account/login" replace />;
  return (
    <div className="mx-auto max-w-md">
      <title>{`Choose a new password | ${SHOP_NAME}`}</title>
      <PageHeading>Choose a new password</PageHeading>
      <ResetForm key={token} token={token} />
    </div>
  );
}
