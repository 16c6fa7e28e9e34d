import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../shared/orders/orders';
import { ann, answerBy, orderOf, renderRoutes, resetStores, signInAs } from '../../support/testing';
import { giftCardOrderItem } from '../../support/gift-card-fixtures';
import { OrderPage } from './OrderPage';
import { ReceiptPage } from './ReceiptPage';

const routes = [
  { path: '/account/order/:id', element: <OrderPage context="account" /> },
  { path: '/admin/order/:id', element: <OrderPage context="admin" /> },
  { path: '/account/order/:id/receipt', element: <ReceiptPage /> },
];

const shopIdentity = {
  name: 'Larkspur',
  legalName: 'Larkspur Ltd',
  address: '1 Example Street',
  email: 'hello@example.com',
  vatNumber: 'GB123456789',
  companyNumber: '01234567',
};

/** A pendant and two £25 cards for Bea, £12 of it paid by a gift card and the rest by PayPal. */
function orderWithCards(changes: Partial<Order> = {}): Order {
  const [pendant] = orderOf().orderItems;
  if (!pendant) throw new Error('the example order has no items');
  return orderOf({
    orderItems: [pendant, giftCardOrderItem],
    itemsPrice: 90,
    totalPrice: 94.99,
    giftCardPayments: [{ last4: 'NPQR', amount: 12 }],
    ...changes,
  });
}

const answerWith = (order: Order) =>
  answerBy((_method, path) => {
    if (path === '/api/config/shop') return [200, shopIdentity];
    if (path.startsWith('/api/delivery')) return [404, { message: 'Not found' }];
    return [200, order];
  });

/** The value shown against a term of the totals. */
const totalsValue = (term: string) =>
  screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

beforeEach(() => {
  resetStores();
  signInAs(ann);
});
afterEach(() => vi.unstubAllGlobals());

describe('an order with gift cards', () => {
  it('names each card line’s recipient, day and cards, and what the cards and PayPal paid', async () => {
    const order = orderWithCards();
    answerWith(order);
    renderRoutes(routes, `/account/order/${order._id}`);

    const items = await screen.findByRole('list', { name: 'Items in this order' });
    expect(
      within(items).getByText('For Bea Baker (bea@example.com), sent Thursday 24 December'),
    ).toBeTruthy();
    expect(within(items).getByText('Cards ending KM7Q and X4TR')).toBeTruthy();
    expect(totalsValue('Total')).toBe('£94.99');
    expect(totalsValue('Gift card ending NPQR')).toBe('−£12.00');
    expect(totalsValue('Paid by PayPal')).toBe('£82.99');
    // A card may be spent already: the shop cancels cards one by one, so the order is not
    // offered to be cancelled whole.
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('says what paid the rest in the shop’s words for it, and offers no return of cards alone', async () => {
    const order = orderWithCards({
      orderItems: [giftCardOrderItem],
      status: 'delivered',
      isDelivered: true,
      deliveredAt: new Date().toISOString(),
      paymentMethod: 'Visa ending 4242',
    });
    answerWith(order);
    renderRoutes(routes, `/account/order/${order._id}`);
    await screen.findByRole('list', { name: 'Items in this order' });
    expect(totalsValue('Paid by Visa ending 4242')).toBe('£82.99');
    expect(screen.queryByRole('heading', { name: 'Return this order' })).toBeNull();
  });

  it('shows the same to the shop on its order page', async () => {
    const order = orderWithCards();
    answerWith(order);
    renderRoutes(routes, `/admin/order/${order._id}`);
    expect(await screen.findByText('Cards ending KM7Q and X4TR')).toBeTruthy();
    expect(totalsValue('Gift card ending NPQR')).toBe('−£12.00');
  });

  it('prints the cards on the VAT receipt, with each payment', async () => {
    const order = orderWithCards();
    answerWith(order);
    renderRoutes(routes, `/account/order/${order._id}/receipt`);

    expect(
      await screen.findByText(
        /For Bea Baker \(bea@example\.com\), sent Thursday 24 December\. Cards ending KM7Q and X4TR/,
      ),
    ).toBeTruthy();
    const row = (label: string) =>
      screen.getByRole('rowheader', { name: label }).nextElementSibling?.textContent;
    expect(row('Gift card ending NPQR')).toBe('-£12.00');
    expect(row('Paid by PayPal')).toBe('£82.99');
    expect(screen.getByText(/^Paid by gift card and PayPal\./)).toBeTruthy();
  });
});
