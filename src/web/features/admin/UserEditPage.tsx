import { Link, useParams } from 'react-router';
import { SHOP_NAME } from '../../../shared/shop';
import { textLinkClass } from '../../ui/Button';
import { PageHeading } from '../../ui/PageHeading';
import { UserForm } from './UserForm';

export function UserEditPage() {
  const { id = '' } = useParams();
  return (
    <div className="mx-auto max-w-md">
      <title>{`Edit user | ${SHOP_NAME}`}</title>
      <p className="mb-6">
        <Link to="/admin/userlist" className={textLinkClass}>
          <span aria-hidden="true">← </span>Back to users
        </Link>
      </p>
      <PageHeading>Edit user</PageHeading>
      <UserForm key={id} userId={id} />
    </div>
  );
}
