import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../shared/orders';
import {
  answerBy,
  ann,
  callsOf,
  orderOf,
  renderRoutes,
  resetStores,
  signInAs,
} from '../../support/testing';
import { OrderPage } from './OrderPage';

const admin = { ...ann, _id: 'admin0000000000000000000', name: 'Shop Admin', isAdmin: true };

const dispatched = { isDispatched: true, dispatchedAt: '2026-03-03T10:00:00.000Z' };
const delivered = { ...dispatched, isDelivered: true, deliveredAt: '2026-03-05T10:00:00.000Z' };

function showOrder(order: Order, at = `/account/order/${order._id}`) {
  return renderRoutes(
    [
      { path: '/account/order/:id', element: <OrderPage context="account" /> },
      { path: '/admin/order/:id', element: <OrderPage context="admin" /> },
    ],
    at,
  );
}

describe('the order page', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('shows a paid order that is not dispatched yet, with its items and totals', async () => {
    signInAs(ann);
    const order = orderOf({ notes: 'A 70 cm chain, please' });
    const send = answerBy(() => [200, order]);
    showOrder(order);
    expect(await screen.findByText('Paid on 2 March 2026')).toBeTruthy();
    expect(screen.getByText('Not Dispatched')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`Order ${order._id}`);
    expect(screen.getByText('2 × £20.00 =')).toBeTruthy();
    expect(screen.getByText('A 70 cm chain, please')).toBeTruthy();
    expect(screen.getByText('VAT (included)')).toBeTruthy();
    expect(screen.getByText('£44.99')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Mark as/ })).toBeNull();
    expect(callsOf(send).map(({ path }) => path)).toEqual([`/api/orders/${order._id}`]);
  });

  it('gives the dispatch date, and both dates once delivered', async () => {
    signInAs(ann);
    answerBy(() => [200, orderOf(dispatched)]);
    showOrder(orderOf());
    expect(await screen.findByText('Dispatched: 3 March 2026')).toBeTruthy();
    expect(screen.queryByText('Not Dispatched')).toBeNull();
    expect(screen.queryByText(/^Delivered:/)).toBeNull();
  });

  it('shows both the dispatch and the delivery date of a delivered order', async () => {
    signInAs(ann);
    answerBy(() => [200, orderOf(delivered)]);
    showOrder(orderOf());
    expect(await screen.findByText('Delivered: 5 March 2026')).toBeTruthy();
    expect(screen.getByText('Dispatched: 3 March 2026')).toBeTruthy();
  });

  it('shows the voucher used and what it took off', async () => {
    signInAs(ann);
    answerBy(() => [200, orderOf({ voucher: 'Five off', voucherDiscount: 5, totalPrice: 39.99 })]);
    showOrder(orderOf());
    expect(await screen.findByText('Voucher: Five off')).toBeTruthy();
    expect(screen.getByText('−£5.00')).toBeTruthy();
    expect(screen.getByText('£39.99')).toBeTruthy();
  });

  it('says plainly when the order cannot be found', async () => {
    signInAs(ann);
    answerBy(() => [404, { message: 'Order not found', code: 'NOT_FOUND' }]);
    showOrder(orderOf({ _id: 'someone-elses' }));
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your account' }).getAttribute('href')).toBe(
      '/account/profile',
    );
  });

  it('lets an admin mark a paid order dispatched, then delivered', async () => {
    signInAs(admin);
    let current = orderOf();
    const send = answerBy((method, path) => {
      if (method === 'PUT' && path.endsWith('/dispatched')) current = orderOf(dispatched);
      if (method === 'PUT' && path.endsWith('/delivered')) current = orderOf(delivered);
      return [200, current];
    });
    showOrder(current, `/admin/order/${current._id}`);

    await userEvent.click(await screen.findByRole('button', { name: 'Mark as dispatched' }));
    expect(await screen.findByText('Dispatched: 3 March 2026')).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as delivered' }));
    expect(await screen.findByText('Delivered: 5 March 2026')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Mark as/ })).toBeNull();

    const puts = callsOf(send).filter(({ method }) => method === 'PUT');
    expect(puts.map(({ path }) => path)).toEqual([
      `/api/orders/${current._id}/dispatched`,
      `/api/orders/${current._id}/delivered`,
    ]);
  });

  it('shows an admin an unpaid order as Not Paid, with nothing to mark', async () => {
    signInAs(admin);
    const unpaid = orderOf({ isPaid: false, paidAt: null });
    answerBy(() => [200, unpaid]);
    showOrder(unpaid, `/admin/order/${unpaid._id}`);
    expect(await screen.findByText('Not Paid')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Mark as/ })).toBeNull();
  });
});
