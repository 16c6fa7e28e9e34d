import type { User } from '../../../shared/accounts';
import { SHOP_NAME } from '../../../shared/shop';
import { useDeleteUser, useUsers } from '../../api/users';
import { usePanels } from '../../state/panel-store';
import { useSession } from '../../state/session-store';
import { showToast } from '../../state/toast-store';
import { textLinkClass } from '../../ui/Button';
import { ErrorBox } from '../../ui/ErrorBox';
import { PageHeading } from '../../ui/PageHeading';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { cell, headCell, rowButton, TableLoading } from './admin-table';

export const CONFIRM_DELETE_USER = 'Are you sure you want to delete the user';

interface UserRowProps {
  user: User;
  deleting: boolean;
  onDelete: (user: User) => void;
}

function UserRow({ user, deleting, onDelete }: UserRowProps) {
  const openPanel = usePanels((state) => state.open);
  const who = user.name || user.email;
  return (
    <tr>
      <td className={`${cell} font-mono text-xs break-all`}>{user._id}</td>
      <td className={`${cell} break-words`}>
        {user.name || <span className="text-muted">Not given</span>}
      </td>
      <td className={`${cell} break-all`}>
        <a href={`mailto:${user.email}`} className={textLinkClass}>
          {user.email}
        </a>
      </td>
      <td className={cell}>{user.isAdmin ? 'Yes' : 'No'}</td>
      <td className={`${cell} whitespace-nowrap`}>
        <button
          type="button"
          className={rowButton}
          aria-label={`Edit ${who}`}
          onClick={() => openPanel({ kind: 'editUser', userId: user._id })}
        >
          Edit
        </button>
        <button
          type="button"
          className={`${rowButton} text-error`}
          disabled={deleting}
          aria-label={`Delete ${who}`}
          onClick={() => onDelete(user)}
        >
          Delete
        </button>
      </td>
    </tr>
  );
}

/**
 * The deletion lives here rather than in a row: the row goes once the list is refreshed, and the
 * confirmation must still be said after that.
 */
function UsersTable({ users }: { users: readonly User[] }) {
  const remove = useDeleteUser();
  const onDelete = (user: User) => {
    if (!window.confirm(CONFIRM_DELETE_USER)) return;
    remove.mutate(user._id, { onSuccess: ({ message }) => showToast(message) });
  };
  if (users.length === 0) return <p className="text-muted">There are no other users yet.</p>;
  return (
    <>
      {remove.isError && (
        <div className="mb-4">
          <ErrorBox error={remove.error} />
        </div>
      )}
      <ScrollRegion label="Users">
        <table className="w-full min-w-[44rem] border-collapse">
          <thead className="border-b border-line">
            <tr>
              <th scope="col" className={headCell}>
                ID
              </th>
              <th scope="col" className={headCell}>
                Name
              </th>
              <th scope="col" className={headCell}>
                Email
              </th>
              <th scope="col" className={headCell}>
                Admin
              </th>
              <th scope="col" className={headCell}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {users.map((user) => (
              <UserRow
                key={user._id}
                user={user}
                deleting={remove.isPending && remove.variables === user._id}
                onDelete={onDelete}
              />
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}

/** Every user but the admin looking at the list, who cannot delete or demote themself. */
export function UserListPage() {
  const selfId = useSession((state) => state.userInfo?._id);
  const { data: users, isPending, error } = useUsers();
  return (
    <>
      <title>{`Users | ${SHOP_NAME}`}</title>
      <PageHeading>Users</PageHeading>
      {isPending ? (
        <TableLoading label="Loading users…" />
      ) : error ? (
        <ErrorBox error={error} />
      ) : (
        <UsersTable users={users.filter((user) => user._id !== selfId)} />
      )}
    </>
  );
}
