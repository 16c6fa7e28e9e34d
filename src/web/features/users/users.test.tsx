import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../tests/support/render';
import type { User } from '../../../shared/accounts/users';
import { usePanels } from '../../state/panel-store';
import { useToast } from '../../state/toast-store';
import {
  answerBy,
  ann,
  callsOf,
  renderRoutes,
  resetStores,
  signInAs,
  userOf,
} from '../../support/testing';
import { UserForm } from './UserForm';
import { UserListPage } from './UserListPage';

const admin = {
  ...ann,
  _id: 'admin0000000000000000000',
  name: 'Shop Admin',
  isAdmin: true,
  role: 'admin' as const,
};
const bob = {
  _id: 'b0b000000000000000000000',
  name: 'Bob',
  email: 'bob@example.com',
  isAdmin: false,
  role: 'customer' as const,
};
const adminUser = userOf(admin);

const usersPage = (users: User[], page = 1, pages = 1) => ({ users, page, pages });

describe('the user list', () => {
  beforeEach(resetStores);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists every user but the admin looking at it', async () => {
    signInAs(admin);
    const send = answerBy(() => [200, usersPage([adminUser, bob])]);
    renderInApp(<UserListPage />);
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(2);
    const bobRow = rows[1];
    if (!bobRow) throw new Error('no row for Bob');
    expect(within(bobRow).getByRole('link', { name: 'bob@example.com' }).getAttribute('href')).toBe(
      'mailto:bob@example.com',
    );
    expect(within(bobRow).getByText('Customer')).toBeTruthy();
    expect(screen.queryByText('Shop Admin')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'User pages' })).toBeNull();
    expect(callsOf(send).map(({ path }) => path)).toEqual(['/api/users?pageNumber=1']);

    await userEvent.click(screen.getByRole('button', { name: 'Edit Bob' }));
    expect(usePanels.getState().panel).toEqual({ kind: 'editUser', userId: bob._id });
  });

  it('deletes only after the admin confirms', async () => {
    signInAs(admin);
    const send = answerBy((method) =>
      method === 'DELETE' ? [200, { message: 'User removed' }] : [200, usersPage([adminUser, bob])],
    );
    const confirm = vi
      .spyOn(window, 'confirm')
      .mockReturnValueOnce(false)
      .mockReturnValueOnce(true);
    renderInApp(<UserListPage />);
    const remove = await screen.findByRole('button', { name: 'Delete Bob' });

    await userEvent.click(remove);
    expect(confirm).toHaveBeenCalledWith('Delete bob@example.com?');
    expect(callsOf(send).some(({ method }) => method === 'DELETE')).toBe(false);

    await userEvent.click(remove);
    await waitFor(() =>
      expect(callsOf(send)).toContainEqual(
        expect.objectContaining({ method: 'DELETE', path: `/api/users/${bob._id}` }),
      ),
    );
    await waitFor(() => expect(useToast.getState().message).toBe('User removed'));
    // The page of the list is asked for again, without the deleted user.
    await waitFor(() =>
      expect(
        callsOf(send).filter(({ method, path }) => method === 'GET' && path.endsWith('=1')),
      ).toHaveLength(2),
    );
  });

  it('shows the page in the address, with links to the others', async () => {
    signInAs(admin);
    const carol = {
      ...bob,
      _id: 'c0c000000000000000000000',
      name: 'Carol',
      email: 'c@example.com',
    };
    const send = answerBy(() => [200, usersPage([carol], 2, 2)]);
    renderRoutes(
      [{ path: '/admin/userlist/:pageNumber?', element: <UserListPage /> }],
      '/admin/userlist/2',
    );
    expect(await screen.findByText('Carol')).toBeTruthy();
    expect(callsOf(send).map(({ path }) => path)).toEqual(['/api/users?pageNumber=2']);
    const pages = screen.getByRole('navigation', { name: 'User pages' });
    expect(within(pages).getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(pages).getByRole('link', { name: 'Page 1' }).getAttribute('href')).toBe(
      '/admin/userlist/1',
    );
  });

  it('says so when a later page holds nobody else', async () => {
    signInAs(admin);
    answerBy(() => [200, usersPage([adminUser], 3, 3)]);
    renderRoutes(
      [{ path: '/admin/userlist/:pageNumber?', element: <UserListPage /> }],
      '/admin/userlist/3',
    );
    expect(await screen.findByText('There are no users on this page.')).toBeTruthy();
  });
});

describe('the user form', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('edits name, email and role', async () => {
    signInAs(admin);
    const send = answerBy((method) => [200, method === 'PUT' ? { ...bob, role: 'staff' } : bob]);
    renderInApp(<UserForm userId={bob._id} />);
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Role' }), 'Staff');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('User updated')).toBeTruthy();
    const put = callsOf(send).find(({ method }) => method === 'PUT');
    expect(put?.body).toEqual({ name: 'Bob', email: 'bob@example.com', role: 'staff' });
  });
});
