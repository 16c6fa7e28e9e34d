import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../shared/orders/orders';
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

const admin = { ...ann, _id: 'admin0000000000000000000', isAdmin: true, role: 'admin' as const };

/** Ann's order of a disc engraved on two lines, paid. */
const engraved = (changes: Partial<Order> = {}) =>
  orderOf({
    orderItems: [
      {
        name: 'Engravable Disc Pendant',
        brand: 'Saltmarsh Silver',
        image: '/uploads/disc.webp',
        product: 'p1',
        variant: null,
        variantLabel: null,
        qty: 1,
        price: 56,
        discount: 0,
        personalisation: 'A & J\nForever',
        personalisationLabel: 'Engraving',
        personalisationPrice: 18,
      },
    ],
    ...changes,
  });

function showOrder(order: Order, context: 'account' | 'admin' = 'account') {
  renderRoutes(
    [
      { path: '/account/order/:id', element: <OrderPage context="account" /> },
      { path: '/admin/order/:id', element: <OrderPage context="admin" /> },
    ],
    `/${context}/order/${order._id}`,
  );
}

beforeEach(resetStores);
afterEach(() => vi.unstubAllGlobals());

describe('an order with a personalised item', () => {
  it('shows the text with its item, and tells its buyer it cannot be cancelled', async () => {
    signInAs(ann);
    const order = engraved();
    answerBy(() => [200, order]);
    showOrder(order);
    const items = await screen.findByRole('list', { name: 'Items in this order' });
    expect(within(items).getByText('Engraving:')).toBeTruthy();
    expect(within(items).getByText('A & J')).toBeTruthy();
    expect(within(items).getByText('Forever')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Cancelling this order' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('lets the shop cancel it', async () => {
    signInAs(admin);
    const order = engraved();
    answerBy(() => [200, order]);
    showOrder(order, 'admin');
    expect(await screen.findByRole('button', { name: 'Cancel order' })).toBeTruthy();
  });

  it('asks for its return only as faulty or not as described, and sends the kind', async () => {
    signInAs(ann);
    const deliveredAt = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString();
    const delivered = {
      status: 'delivered',
      isDispatched: true,
      dispatchedAt: deliveredAt,
      isDelivered: true,
      deliveredAt,
    } as const;
    let current = engraved(delivered);
    const send = answerBy((method) => {
      if (method === 'POST') {
        current = engraved({
          ...delivered,
          status: 'return_requested',
          returnRequest: {
            reason: 'Engraved A & I',
            kind: 'not-as-described',
            createdAt: new Date().toISOString(),
          },
        });
      }
      return [200, current];
    });
    showOrder(current);
    const kind = await screen.findByRole('combobox', { name: 'What is the matter?' });
    expect(
      within(kind)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['It is faulty or damaged', 'It is not as described']);
    expect(screen.getByText(/cannot be returned or cancelled for a change of mind/)).toBeTruthy();
    await userEvent.selectOptions(kind, 'It is not as described');
    await userEvent.type(screen.getByLabelText('Why are you returning it?'), 'Engraved A & I');
    await userEvent.click(screen.getByRole('button', { name: 'Request a return' }));
    expect(await screen.findByText('It is not as described:')).toBeTruthy();
    const posts = callsOf(send).filter(({ method }) => method === 'POST');
    expect(posts.map(({ body }) => body)).toEqual([
      { reason: 'Engraved A & I', kind: 'not-as-described' },
    ]);
  });

  it('shows the owner why a return was asked for', async () => {
    signInAs(admin);
    const order = engraved({
      status: 'return_requested',
      isDelivered: true,
      deliveredAt: '2026-03-04T10:00:00.000Z',
      returnRequest: {
        reason: 'The ring snapped',
        kind: 'faulty',
        createdAt: '2026-03-05T10:00:00.000Z',
      },
    });
    answerBy(() => [200, order]);
    showOrder(order, 'admin');
    expect(await screen.findByText('Faulty:')).toBeTruthy();
    expect(screen.getByText(/The ring snapped/)).toBeTruthy();
  });
});
