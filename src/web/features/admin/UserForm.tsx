import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import { adminUserUpdateBodySchema } from '../../../shared/accounts';
import type { User } from '../../../shared/users';
import { emailSchema } from '../../../shared/fields';
import { useUpdateUser, useUser } from '../../api/users';
import { TextField } from '../../ui/FormField';
import { EditForm, LoadedForm } from './edit-form';

const USER_UPDATED = 'User updated';

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
    <EditForm
      onSubmit={submit}
      busy={update.isPending}
      success={update.isSuccess ? USER_UPDATED : null}
      error={update.error}
    >
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
    </EditForm>
  );
}

/** Loads one user and edits name, email and admin rights; shared by the page and the panel. */
export function UserForm({ userId }: { userId: string }) {
  return (
    <LoadedForm query={useUser(userId)} loading="Loading user…" fields={2}>
      {(user) => <UserFields key={user._id} user={user} />}
    </LoadedForm>
  );
}
