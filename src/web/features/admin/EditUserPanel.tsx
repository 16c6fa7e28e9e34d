import { UserForm } from './UserForm';

export function EditUserPanel({ userId }: { userId: string }) {
  return <UserForm key={userId} userId={userId} />;
}
