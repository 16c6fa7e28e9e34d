import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../shared/orders/orders';
import {
  collectFromStudio,
  collectorAddress,
  deliveryAnswerOf,
  soldForCollection,
  studio,
} from '../../support/delivery-fixtures';
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

const tracked48: Order['delivery'] = {
  service: 'tracked-48',
  name: 'Royal Mail Tracked 48',
  price: 3.95,
  tracked: true,
  signed: false,
  collect: false,
  estimate: { dispatch: '2026-11-30', from: '2026-12-02', to: '2026-12-03' },
};

const collected: Order['delivery'] = soldForCollection;

const collector = collectorAddress('Ann Archer');

const dispatched = {
  status: 'dispatched',
  isDispatched: true,
  dispatchedAt: '2026-12-01T10:00:00.000Z',
} as const;
const delivered = {
  ...dispatched,
  status: 'delivered',
  isDelivered: true,
  deliveredAt: '2026-12-02T11:00:00.000Z',
} as const;

/** The customer's page of `order`, the shop answering the delivery services as the demo's. */
function showOrder(order: Order) {
  const send = answerBy((_method, path) =>
    path.startsWith('/api/delivery') ? [200, deliveryAnswerOf([collectFromStudio])] : [200, order],
  );
  renderRoutes(
    [{ path: '/account/order/:id', element: <OrderPage context="account" /> }],
    `/account/order/${order._id}`,
  );
  return send;
}

/** The state lines under the order's address, in the order shown. */
const stateLines = () =>
  [...(screen.getByText(/^Status:/).parentElement?.children ?? [])].map((line) => line.textContent);

describe('the delivery an order was sold with, on its page', () => {
  beforeEach(() => {
    resetStores();
    signInAs(ann);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('names the service, and while the order waits to go, the dates given', async () => {
    const send = showOrder(orderOf({ delivery: tracked48, shippingPrice: 3.95 }));
    const service = await screen.findByText('Royal Mail Tracked 48');
    expect(service.parentElement?.textContent).toBe(
      'Royal Mail Tracked 48Dispatched by Mon 30 Nov, arrives Wed 2 Dec – Thu 3 Dec',
    );
    expect(stateLines()).toEqual(['Status: Paid, not dispatched yet', 'Not Dispatched']);
    expect(callsOf(send).map(({ path }) => path)).toEqual([`/api/orders/${orderOf()._id}`]);
  });

  it('names the service alone once the parcel has gone', async () => {
    showOrder(orderOf({ delivery: tracked48, ...dispatched }));
    const service = await screen.findByText('Royal Mail Tracked 48');
    expect(service.parentElement?.textContent).toBe('Royal Mail Tracked 48');
    expect(stateLines()).toEqual(['Status: Dispatched', 'Dispatched: 1 December 2026']);
  });

  it('says where and from when a collection is ready, who collects it, and no street', async () => {
    showOrder(orderOf({ delivery: collected, shippingAddress: collector, shippingPrice: 0 }));
    expect(await screen.findByRole('heading', { name: 'Collection' })).toBeTruthy();
    expect(
      await screen.findByText(`Ready to collect from ${studio.address} from Tue 1 Dec`),
    ).toBeTruthy();
    expect(stateLines()).toEqual([
      'Status: Paid, not dispatched yet',
      `Ready to collect from ${studio.address} from Tue 1 Dec`,
    ]);
    expect(screen.getByText('Phone: 07700 900123')).toBeTruthy();
    expect(screen.queryByText('United Kingdom')).toBeNull();
  });

  it('says a collection is ready to collect once the shop has it ready', async () => {
    showOrder(orderOf({ delivery: collected, shippingAddress: collector, ...dispatched }));
    await screen.findByText(`Ready to collect from ${studio.address}`);
    expect(stateLines()).toEqual([
      'Status: Ready to collect',
      `Ready to collect from ${studio.address}`,
    ]);
    expect(screen.queryByText(/^Dispatched/)).toBeNull();
  });

  it('says a collection is collected once it has been', async () => {
    showOrder(orderOf({ delivery: collected, shippingAddress: collector, ...delivered }));
    expect(await screen.findByText('Status: Collected')).toBeTruthy();
    expect(stateLines()).toEqual(['Status: Collected', 'Collected: 2 December 2026']);
    expect(screen.queryByText(/Delivered/)).toBeNull();
  });

  it('keeps the words of an order from before services were chosen', async () => {
    showOrder(orderOf(dispatched));
    expect(await screen.findByText('Dispatched: 1 December 2026')).toBeTruthy();
    expect(stateLines()).toEqual(['Status: Dispatched', 'Dispatched: 1 December 2026']);
    expect(screen.queryByText(/Royal Mail|Collect/)).toBeNull();
  });
});
