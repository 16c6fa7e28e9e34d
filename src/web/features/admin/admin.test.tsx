import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../tests/support/render';
import { usePanels } from '../../state/panel-store';
import { useToast } from '../../state/toast-store';
import {
  answerBy,
  ann,
  callsOf,
  orderOf,
  resetStores,
  signInAs,
  userOf,
} from '../../support/testing';
import { OrderListPage } from './OrderListPage';
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

describe('the order list', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('lists every order with its customer, total, payment and status', async () => {
    signInAs(admin);
    const send = answerBy(() => [
      200,
      [
        orderOf({
          _id: 'order-delivered',
          totalPrice: 64.5,
          isDispatched: true,
          dispatchedAt: '2026-03-03T10:00:00.000Z',
          isDelivered: true,
          deliveredAt: '2026-03-05T10:00:00.000Z',
          status: 'delivered',
        }),
        orderOf({ _id: 'order-unpaid', isPaid: false, paidAt: null }),
      ],
    ]);
    renderInApp(<OrderListPage />);
    const rows = await screen.findAllByRole('row');
    expect(
      within(rows[0] ?? document.body)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['ID', 'User', 'Date', 'Total', 'Paid', 'Status', 'Details']);
    const [, delivered, unpaid] = rows;
    if (!delivered || !unpaid) throw new Error('two order rows expected');
    expect(within(delivered).getByText('Ann Shopper')).toBeTruthy();
    // Ordered and paid on the same day.
    expect(within(delivered).getAllByText('2 March 2026')).toHaveLength(2);
    expect(within(delivered).getByText('£64.50')).toBeTruthy();
    expect(within(delivered).getByText('Delivered')).toBeTruthy();
    expect(within(unpaid).getByText('Not paid')).toBeTruthy();
    expect(within(unpaid).getByText('Paid, not dispatched yet')).toBeTruthy();
    expect(
      within(unpaid)
        .getByRole('link', { name: 'Details of order order-unpaid' })
        .getAttribute('href'),
    ).toBe('/admin/order/order-unpaid');
    expect(callsOf(send).map(({ path }) => path)).toEqual(['/api/orders']);
  });

  it('says when there are no orders', async () => {
    signInAs(admin);
    answerBy(() => [200, []]);
    renderInApp(<OrderListPage />);
    expect(await screen.findByText('There are no orders yet.')).toBeTruthy();
  });
});
