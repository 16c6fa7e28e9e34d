import { GuardedPanel } from '../../back-office/unsaved-changes';
import { UserForm } from './UserForm';

/** A user's form in the side panel, which asks before closing over unsaved changes. */
export function EditUserPanel({ userId }: { userId: string }) {
  return (
    <GuardedPanel>
      <UserForm key={userId} userId={userId} />
    </GuardedPanel>
  );
}
