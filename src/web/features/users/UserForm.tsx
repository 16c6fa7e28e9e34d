import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import { adminUserUpdateBodySchema } from '../../../shared/accounts/accounts';
import { ROLES, type User } from '../../../shared/accounts/users';
import { emailSchema } from '../../../shared/fields';
import { useUpdateUser, useUser } from '../../api/users';
import { SelectField, TextField } from '../../ui/FormField';
import { EditForm, LoadedForm } from '../../back-office/edit-form';
import { ROLE_WORDS } from '../../back-office/role-words';
import { discardQuestion, useUnsavedChanges } from '../../back-office/unsaved-changes';

const USER_UPDATED = 'User updated';

/** Asked before someone is given every right, naming them; No saves nothing. */
export const makeOwnerQuestion = (email: string) => `Make ${email} an owner, with every right?`;

/** The API's body, with a blank email asked for rather than called invalid. */
const userFormSchema = adminUserUpdateBodySchema.safeExtend({
  email: z.string().trim().min(1, 'Please enter an email address').pipe(emailSchema),
});

const fieldsOf = (user: User): z.input<typeof userFormSchema> => ({
  name: user.name,
  email: user.email,
  role: user.role,
});

function UserFields({ user }: { user: User }) {
  const update = useUpdateUser();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm({
    resolver: zodResolver(userFormSchema),
    defaultValues: fieldsOf(user),
  });
  useUnsavedChanges(isDirty ? discardQuestion(user.email) : null);

  const submit = handleSubmit((body) => {
    if (update.isPending) return;
    const makesOwner = body.role === 'admin' && user.role !== 'admin';
    if (makesOwner && !window.confirm(makeOwnerQuestion(user.email))) return;
    update.mutate(
      { id: user._id, body },
      {
        onSuccess: (saved) => reset(fieldsOf(saved)),
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
      <SelectField
        label="Role"
        hint="Staff send orders, change stock and see customers; the owner does everything."
        error={errors.role?.message}
        {...register('role')}
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_WORDS[role]}
          </option>
        ))}
      </SelectField>
    </EditForm>
  );
}

/** Loads one user and edits name, email and role; shared by the page and the panel. */
export function UserForm({ userId }: { userId: string }) {
  return (
    <LoadedForm query={useUser(userId)} loading="Loading user…" fields={2}>
      {(user) => <UserFields key={user._id} user={user} />}
    </LoadedForm>
  );
}
