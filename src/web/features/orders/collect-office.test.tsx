import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../shared/orders/orders';
import {
  answerBy,
  callsOf,
  orderOf,
  renderRoutes,
  resetStores,
  sam,
  signInAs,
} from '../../support/testing';
import { OrderPage } from './OrderPage';
import { soldForCollection, collectorAddress } from '../../support/delivery-fixtures';

const collect = soldForCollection;

const toCollect = orderOf({
  delivery: collect,
  shippingPrice: 0,
  shippingAddress: collectorAddress('Cal Collect'),
  events: [],
});

const showToStaff = (order: Order) =>
  renderRoutes(
    [{ path: '/admin/order/:id', element: <OrderPage context="admin" /> }],
    `/admin/order/${order._id}`,
  );

describe('a collect order in the back office', () => {
  beforeEach(() => {
    resetStores();
    signInAs(sam);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is made ready to collect with no carrier or tracking, then marked collected', async () => {
    const ready: Order = { ...toCollect, status: 'dispatched', isDispatched: true };
    let now = toCollect;
    const send = answerBy((method) => {
      if (method === 'PUT') now = ready;
      return [200, now];
    });
    showToStaff(toCollect);
    const fulfilment = await screen.findByRole('region', { name: 'Fulfilment' });
    expect(within(fulfilment).getByText('Collect from the studio')).toBeTruthy();
    expect(within(fulfilment).getByText('Ready by Tue 1 Dec, as the buyer was told')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Dispatch' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Mark as ready to collect' }));
    await screen.findByRole('button', { name: 'Mark as collected' });
    const puts = callsOf(send).filter((call) => call.method === 'PUT');
    expect(puts).toEqual([
      { method: 'PUT', path: `/api/orders/${toCollect._id}/dispatched`, body: {} },
    ]);
  });
});
