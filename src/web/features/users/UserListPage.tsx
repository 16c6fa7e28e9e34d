import { useParams } from 'react-router';
import type { User } from '../../../shared/accounts/users';
import { useDeleteUser, useUsers } from '../../api/users';
import type { PanelRequest } from '../../state/panel-store';
import { useSession } from '../../state/session-store';
import { textLinkClass } from '../../ui/Button';
import { pageFromParam } from '../../ui/Pagination';
import { AdminListPage, AdminPagination } from '../../back-office/admin-list-page';
import { AdminTable, cell, IdCell, RowActions } from '../../back-office/admin-table';
import { useConfirmedDelete, type ConfirmedDelete } from '../../back-office/confirmed-delete';
import { ROLE_WORDS } from '../../back-office/role-words';

/** Asked before a user is deleted, naming them by the address they sign in with. */
export const deleteUserQuestion = (email: string) => `Delete ${email}?`;

const HEADINGS = ['ID', 'Name', 'Email', 'Role'] as const;

const userPanel = (userId: string): PanelRequest => ({ kind: 'editUser', userId });

function UserRow({ user, deletion }: { user: User; deletion: ConfirmedDelete }) {
  return (
    <tr>
      <IdCell id={user._id} />
      <td className={`${cell} wrap-anywhere`}>
        {user.name || <span className="text-muted">Not given</span>}
      </td>
      <td className={`${cell} break-all`}>
        <a href={`mailto:${user.email}`} className={textLinkClass}>
          {user.email}
        </a>
      </td>
      <td className={cell}>{ROLE_WORDS[user.role]}</td>
      <RowActions
        id={user._id}
        what={user.name || user.email}
        panelFor={userPanel}
        deletion={deletion}
      />
    </tr>
  );
}

function UsersTable({ users }: { users: readonly User[] }) {
  // A deleted user's panel is left as it is.
  const deletion = useConfirmedDelete(useDeleteUser(), (id) =>
    deleteUserQuestion(users.find((user) => user._id === id)?.email ?? 'this user'),
  );
  return (
    <AdminTable
      label="Users"
      minWidth="min-w-[44rem]"
      headings={HEADINGS}
      actions="Actions"
      error={deletion.error}
    >
      {users.map((user) => (
        <UserRow key={user._id} user={user} deletion={deletion} />
      ))}
    </AdminTable>
  );
}

/**
 * Every user, newest first, but the admin looking at the list, who cannot delete or demote
 * themself (so the page that holds them shows one fewer).
 */
export function UserListPage() {
  const page = pageFromParam(useParams().pageNumber);
  const query = useUsers(page);
  const selfId = useSession((state) => state.userInfo?._id);
  return (
    <AdminListPage
      heading="Users"
      page={page}
      query={query}
      itemsOf={(data) => data.users.filter((user) => user._id !== selfId)}
      loading="Loading users…"
      empty={page === 1 ? 'There are no other users yet.' : 'There are no users on this page.'}
      footer={<AdminPagination of={query.data} label="User pages" path="/admin/userlist" />}
    >
      {(users) => <UsersTable users={users} />}
    </AdminListPage>
  );
}
