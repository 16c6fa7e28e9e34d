import { useParams } from 'react-router';
import { AdminEditPage } from '../../back-office/admin-edit-page';
import { UserForm } from './UserForm';

/** One user at their own address, for a link the admin keeps or shares. */
export function UserEditPage() {
  const { id = '' } = useParams();
  return (
    <AdminEditPage
      heading="Edit user"
      back={{ to: '/admin/userlist', label: 'Back to users' }}
      width="max-w-md"
    >
      <UserForm key={id} userId={id} />
    </AdminEditPage>
  );
}
