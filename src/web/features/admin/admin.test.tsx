import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../tests/support/render';
import { usePanels } from '../../state/panel-store';
import { useToast } from '../../state/toast-store';
import { answerBy, ann, callsOf, resetStores, signInAs, userOf } from '../../support/testing';
import { UserForm } from './UserForm';
import { UserListPage } from './UserListPage';

const admin = { ...ann, _id: 'admin0000000000000000000', name: 'Shop Admin', isAdmin: true };
const bob = {
  _id: 'b0b000000000000000000000',
  name: 'Bob',
  email: 'bob@example.com',
  isAdmin: false,
};
const adminUser = userOf(admin);

describe('the user list', () => {
  beforeEach(resetStores);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists every user but the admin looking at it', async () => {
    signInAs(admin);
    answerBy(() => [200, [adminUser, bob]]);
    renderInApp(<UserListPage />);
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(2);
    const bobRow = rows[1];
    if (!bobRow) throw new Error('no row for Bob');
    expect(within(bobRow).getByRole('link', { name: 'bob@example.com' }).getAttribute('href')).toBe(
      'mailto:bob@example.com',
    );
    expect(within(bobRow).getByText('No')).toBeTruthy();
    expect(screen.queryByText('Shop Admin')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Edit Bob' }));
    expect(usePanels.getState().panel).toEqual({ kind: 'editUser', userId: bob._id });
  });

  it('deletes only after the admin confirms', async () => {
    signInAs(admin);
    const send = answerBy((method) =>
      method === 'DELETE' ? [200, { message: 'User removed' }] : [200, [adminUser, bob]],
    );
    const confirm = vi
      .spyOn(window, 'confirm')
      .mockReturnValueOnce(false)
      .mockReturnValueOnce(true);
    renderInApp(<UserListPage />);
    const remove = await screen.findByRole('button', { name: 'Delete Bob' });

    await userEvent.click(remove);
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete the user');
    expect(callsOf(send).some(({ method }) => method === 'DELETE')).toBe(false);

    await userEvent.click(remove);
    await vi.waitFor(() =>
      expect(callsOf(send)).toContainEqual(
        expect.objectContaining({ method: 'DELETE', path: `/api/users/${bob._id}` }),
      ),
    );
    await vi.waitFor(() => expect(useToast.getState().message).toBe('User removed'));
  });
});

describe('the user form', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('edits name, email and admin rights', async () => {
    signInAs(admin);
    const send = answerBy((method) => [200, method === 'PUT' ? { ...bob, isAdmin: true } : bob]);
    renderInApp(<UserForm userId={bob._id} />);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Make Admin' }));
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('User updated')).toBeTruthy();
    const put = callsOf(send).find(({ method }) => method === 'PUT');
    expect(put?.body).toEqual({
      name: 'Bob',
      email: 'bob@example.com',
      isAdmin: true,
    });
  });
});
