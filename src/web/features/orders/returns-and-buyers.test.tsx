import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../shared/orders/orders';
import {
  ann,
  answerBy,
  callsOf,
  orderOf,
  renderRoutes,
  resetStores,
  signInAs,
} from '../../support/testing';
import { OrderPage } from './OrderPage';
import { ReceiptPage } from './ReceiptPage';

const routes = [
  { path: '/account/order/:id', element: <OrderPage context="account" /> },
  { path: '/account/order/:id/receipt', element: <ReceiptPage /> },
  { path: '/order/:id', element: <OrderPage context="guest" /> },
];

const shopIdentity = {
  name: 'Larkspur',
  legalName: 'Larkspur Ltd',
  address: '1 Example Street',
  email: 'hello@example.com',
  phone: '0117 496 0000',
  vatNumber: 'GB 123 4567 89',
  companyNumber: '01234567',
};

/** Ann's order, delivered, sent back, and the return closed as `outcome` on 12 March. */
const returned = (outcome: 'refunded' | 'exchanged' | 'rejected', note = '', changes = {}) =>
  orderOf({
    status: 'delivered',
    isDispatched: true,
    dispatchedAt: '2026-03-03T10:00:00.000Z',
    isDelivered: true,
    deliveredAt: '2026-03-05T10:00:00.000Z',
    returnRequest: {
      reason: 'Too short',
      kind: 'changed-mind',
      createdAt: '2026-03-06T10:00:00.000Z',
    },
    returnClosed: { outcome, note, closedAt: '2026-03-12T10:00:00.000Z' },
    ...changes,
  });

/** Answers each order by its id, and the shop's identity for a receipt. */
const answerOrders = (...orders: Order[]) =>
  answerBy((_method, path) => {
    if (path === '/api/config/shop') return [200, shopIdentity];
    const id = /^\/api\/orders\/([^/?]+)/.exec(path)?.[1];
    const order = orders.find((candidate) => candidate._id === id);
    return order ? [200, order] : [404, { message: 'Order not found', code: 'ORDER_NOT_FOUND' }];
  });

describe('a customer’s order after a return', () => {
  beforeEach(() => {
    resetStores();
    signInAs(ann);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says the return is closed and refunded, with the shop’s note', async () => {
    const order = returned('refunded', 'Refunded the pendant in full.');
    answerOrders(order);
    renderRoutes(routes, `/account/order/${order._id}`);
    const closed = await screen.findByText(/Your return is closed:/);
    expect(closed.textContent).toBe(
      'Your return is closed: we have refunded you for what came back. (12 March 2026)',
    );
    expect(screen.getByText('Refunded the pendant in full.')).toBeTruthy();
    expect(screen.getByText(/Return asked for on/)).toBeTruthy();
  });

  it('says why a return was not accepted', async () => {
    const order = returned('rejected', 'The chain had been cut.');
    answerOrders(order);
    renderRoutes(routes, `/account/order/${order._id}`);
    expect((await screen.findByText(/Your return is closed:/)).textContent).toContain(
      'we could not accept it.',
    );
    expect(screen.getByText('The chain had been cut.')).toBeTruthy();
    expect(screen.queryByText(/Replacement on its way/)).toBeNull();
  });

  it('links an exchanged order and its replacement both ways, by their numbers', async () => {
    const original = returned('exchanged', '', { exchangedBy: 'order-new' });
    const replacement = orderOf({
      _id: 'order-new',
      orderNumber: 'R3PL-ACE2',
      totalPrice: 0,
      exchangeFor: original._id,
    });
    const send = answerOrders(original, replacement);
    renderRoutes(routes, `/account/order/${original._id}`);
    expect((await screen.findByText(/Your return is closed:/)).textContent).toContain(
      'we are sending you a replacement at no charge.',
    );
    const onItsWay = screen.getByText(/Replacement on its way/);
    const link = await within(onItsWay).findByRole('link', { name: 'order R3PL-ACE2' });
    expect(link.getAttribute('href')).toBe('/account/order/order-new');
    expect(callsOf(send).map(({ path }) => path)).toEqual([
      `/api/orders/${original._id}`,
      '/api/orders/order-new',
    ]);
  });

  it('names, on a replacement, the order it replaces', async () => {
    const original = returned('exchanged', '', { exchangedBy: 'order-new' });
    const replacement = orderOf({
      _id: 'order-new',
      orderNumber: 'R3PL-ACE2',
      exchangeFor: original._id,
    });
    answerOrders(original, replacement);
    renderRoutes(routes, '/account/order/order-new');
    const line = await screen.findByText(/A replacement for/);
    const link = await within(line).findByRole('link', { name: 'order K7QF-3MXA' });
    expect(link.getAttribute('href')).toBe(`/account/order/${original._id}`);
    expect(screen.queryByText(/Your return is closed/)).toBeNull();
  });

  it('tells a guest of the replacement without asking for an order their link cannot open', async () => {
    const order = returned('exchanged', '', { user: null, exchangedBy: 'order-new' });
    const send = answerOrders(order);
    renderRoutes(routes, `/order/${order._id}?key=guest-key`);
    expect((await screen.findByText(/Replacement on its way/)).textContent).toBe(
      'Replacement on its way: we have emailed you about it',
    );
    expect(callsOf(send)).toHaveLength(1);
  });
});

describe('who bought an order', () => {
  beforeEach(() => {
    resetStores();
    signInAs(ann);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('names the buyer on the order page when someone else receives it', async () => {
    const order = orderOf({ buyer: { name: 'Ann Shopper', email: ann.email } });
    answerOrders(order);
    renderRoutes(routes, `/account/order/${order._id}`);
    expect(await screen.findByText('Bought by Ann Shopper')).toBeTruthy();
    expect(screen.getByText('Ann Archer')).toBeTruthy();
  });

  it('names no buyer apart when the order goes to the buyer', async () => {
    const order = orderOf({ buyer: { name: 'Ann Archer', email: ann.email } });
    answerOrders(order);
    renderRoutes(routes, `/account/order/${order._id}`);
    await screen.findByText('Ann Archer');
    expect(screen.queryByText(/Bought by/)).toBeNull();
  });

  it('names the buyer and the delivery apart on the receipt', async () => {
    const order = orderOf({ buyer: { name: 'Ann Shopper', email: ann.email } });
    answerOrders(order);
    renderRoutes(routes, `/account/order/${order._id}/receipt`);
    const customer = await screen.findByRole('region', { name: 'Customer and delivery' });
    expect(within(customer).getByText('Bought by Ann Shopper')).toBeTruthy();
    expect(within(customer).getByText(/^Delivered to Ann Archer, 1 Mill Lane/)).toBeTruthy();
  });

  it('names the buyer once on the receipt of their own parcel', async () => {
    const order = orderOf({ buyer: { name: 'Ann Archer', email: ann.email } });
    answerOrders(order);
    renderRoutes(routes, `/account/order/${order._id}/receipt`);
    const customer = await screen.findByRole('region', { name: 'Customer and delivery' });
    expect(within(customer).getByText('Ann Archer')).toBeTruthy();
    expect(within(customer).queryByText(/Bought by|Delivered to/)).toBeNull();
  });
});
