import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import { adminUserUpdateBodySchema, type User } from '../../../shared/accounts';
import { emailSchema } from '../../../shared/fields';
import { useUpdateUser, useUser } from '../../api/users';
import { Button } from '../../ui/Button';
import { ErrorBox } from '../../ui/ErrorBox';
import { FormStatus, TextField } from '../../ui/FormField';
import { Skeleton } from '../../ui/Skeleton';

export const USER_UPDATED = 'User updated';

/** The API's body, with a blank email asked for rather than called invalid. */
const userFormSchema = adminUserUpdateBodySchema.extend({
  email: z.string().trim().min(1, 'Please enter an email address').pipe(emailSchema),
});

function UserFields({ user }: { user: User }) {
  const id = useId();
  const update = useUpdateUser();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(userFormSchema),
    defaultValues: { name: user.name, email: user.email, isAdmin: user.isAdmin },
  });

  const submit = handleSubmit((body) => {
    if (update.isPending) return;
    update.mutate(
      { id: user._id, body },
      {
        onSuccess: (saved) =>
          reset({ name: saved.name, email: saved.email, isAdmin: saved.isAdmin }),
      },
    );
  });

  return (
    <form noValidate className="flex flex-col gap-5" onSubmit={(event) => void submit(event)}>
      <TextField
        label="Name"
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label="Email address"
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...register('email')}
      />
      <div className="flex min-h-11 items-center gap-3">
        <input
          id={`${id}-admin`}
          type="checkbox"
          className="size-5 accent-accent"
          {...register('isAdmin')}
        />
        <label htmlFor={`${id}-admin`}>Make Admin</label>
      </div>
      <Button type="submit" disabled={update.isPending}>
        Update
      </Button>
      <FormStatus success={update.isSuccess ? USER_UPDATED : null} error={update.error} />
    </form>
  );
}

/** Loads one user and edits name, email and admin rights; shared by the page and the panel. */
export function UserForm({ userId }: { userId: string }) {
  const { data: user, isPending, error } = useUser(userId);
  if (isPending) {
    return (
      <div className="flex flex-col gap-5" aria-busy="true">
        <span className="sr-only">Loading user…</span>
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-11 w-1/2" />
      </div>
    );
  }
  if (error) return <ErrorBox error={error} />;
  return <UserFields key={user._id} user={user} />;
}
