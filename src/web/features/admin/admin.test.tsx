import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../tests/support/render';
import { ADMIN_PAGE_SIZE } from '../../../shared/api';
import type { Order } from '../../../shared/orders';
import type { User } from '../../../shared/users';
import { usePanels } from '../../state/panel-store';
import { useToast } from '../../state/toast-store';
import {
  answerBy,
  ann,
  callsOf,
  orderOf,
  renderRoutes,
  resetStores,
  signInAs,
  userOf,
} from '../../support/testing';
import { OrderListPage } from './OrderListPage';
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

/**
 * Two pages of orders, 20 and 1, named `order-<page>-<index>`; the second answers only once the
 * test lets it, so that what shows meanwhile can be seen.
 */
function answerTwoPagesOfOrders() {
  let answerSecondPage = () => {};
  const secondPageAsked = new Promise<void>((resolve) => {
    answerSecondPage = resolve;
  });
  const send = answerBy((_method, path) => {
    const page = new URL(path, 'http://shop.test').searchParams.get('pageNumber') === '2' ? 2 : 1;
    const count = page === 1 ? ADMIN_PAGE_SIZE : 1;
    const orders = Array.from({ length: count }, (_, index) =>
      orderOf({ _id: `id-${page}-${index}`, orderNumber: `order-${page}-${index}` }),
    );
    return [200, ordersPage(orders, page, 2)];
  });
  const answer = send.getMockImplementation();
  send.mockImplementation(async (input, init) => {
    if (typeof input === 'string' && input.endsWith('pageNumber=2')) await secondPageAsked;
    if (!answer) throw new Error('no answer');
    return answer(input, init);
  });
  return { send, answerSecondPage };
}

const usersPage = (users: User[], page = 1, pages = 1) => ({ users, page, pages });
const ordersPage = (orders: Order[], page = 1, pages = 1) => ({ orders, page, pages });

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

describe('the order list', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('lists every order with its customer, total, payment and status', async () => {
    signInAs(admin);
    const send = answerBy(() => [
      200,
      ordersPage([
        orderOf({
          _id: 'order-delivered',
          totalPrice: 64.5,
          isDispatched: true,
          dispatchedAt: '2026-03-03T10:00:00.000Z',
          isDelivered: true,
          deliveredAt: '2026-03-05T10:00:00.000Z',
          status: 'delivered',
        }),
        orderOf({ _id: 'order-unpaid', orderNumber: 'UNPD-2345', isPaid: false, paidAt: null }),
      ]),
    ]);
    renderInApp(<OrderListPage />);
    const rows = await screen.findAllByRole('row');
    expect(
      within(rows[0] ?? document.body)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Order', 'User', 'Date', 'Total', 'Paid', 'Status', 'Details']);
    const [, delivered, unpaid] = rows;
    if (!delivered || !unpaid) throw new Error('two order rows expected');
    expect(within(delivered).getByText('Ann Shopper')).toBeTruthy();
    // Ordered and paid on the same day.
    expect(within(delivered).getAllByText('2 March 2026')).toHaveLength(2);
    expect(within(delivered).getByText('£64.50')).toBeTruthy();
    expect(within(delivered).getByText('Delivered')).toBeTruthy();
    expect(within(unpaid).getByText('Not paid')).toBeTruthy();
    expect(within(unpaid).getByText('Paid, not dispatched yet')).toBeTruthy();
    // People read the order's number; the link keeps its id.
    expect(within(unpaid).getByText('UNPD-2345')).toBeTruthy();
    expect(within(unpaid).queryByText('order-unpaid')).toBeNull();
    expect(
      within(unpaid).getByRole('link', { name: 'Details of order UNPD-2345' }).getAttribute('href'),
    ).toBe('/admin/order/order-unpaid');
    expect(screen.queryByRole('navigation', { name: 'Order pages' })).toBeNull();
    expect(callsOf(send).map(({ path }) => path)).toEqual(['/api/orders?pageNumber=1']);
  });

  it('pages through the orders, keeping the last page on screen while the next loads', async () => {
    signInAs(admin);
    const { send, answerSecondPage } = answerTwoPagesOfOrders();
    const address = renderRoutes(
      [{ path: '/admin/orderlist/:pageNumber?', element: <OrderListPage /> }],
      '/admin/orderlist',
    );
    expect(await screen.findByText('order-1-0')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(ADMIN_PAGE_SIZE + 1);
    const pages = screen.getByRole('navigation', { name: 'Order pages' });
    expect(within(pages).getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe(
      'page',
    );

    await userEvent.click(within(pages).getByRole('link', { name: 'Page 2' }));
    expect(address()).toBe('/admin/orderlist/2');
    await waitFor(() =>
      expect(callsOf(send).map(({ path }) => path)).toEqual([
        '/api/orders?pageNumber=1',
        '/api/orders?pageNumber=2',
      ]),
    );
    // Until page 2 arrives, page 1 stays, rather than a loading table.
    expect(screen.getByText('order-1-0')).toBeTruthy();
    expect(screen.queryByText('Loading orders…')).toBeNull();

    answerSecondPage();
    expect(await screen.findByText('order-2-0')).toBeTruthy();
    expect(screen.queryByText('order-1-0')).toBeNull();
    expect(screen.getAllByRole('row')).toHaveLength(2);
    await waitFor(() => expect(document.title).toBe('Orders, page 2 | Larkspur'));
  });

  it('says when there are no orders', async () => {
    signInAs(admin);
    answerBy(() => [200, ordersPage([])]);
    renderInApp(<OrderListPage />);
    expect(await screen.findByText('There are no orders yet.')).toBeTruthy();
  });
});
