import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Slips } from '../../../../shared/orders/order-desk';
import {
  answerBy,
  callsOf,
  orderOf,
  renderRoutes,
  resetStores,
  sam,
  signInAs,
} from '../../../support/testing';
import { SlipsPage } from './SlipsPage';
import { soldForCollection, collectorAddress } from '../../../support/delivery-fixtures';

const tee = {
  name: 'Breton Stripe Tee',
  brand: 'Tidewell & Co.',
  image: '/uploads/tee.webp',
  product: 'tee1',
  variant: 'v-m',
  variantLabel: 'Size: M',
  qty: 1,
  price: 34,
  discount: 0,
};
const first = orderOf({ _id: 'order0000000000000000001', orderNumber: 'K7QF-3MXA' });
const second = orderOf({
  _id: 'order0000000000000000002',
  orderNumber: 'B2CD-4EFG',
  orderItems: [tee],
  itemsPrice: 34,
  shippingPrice: 0,
  taxPrice: 5.67,
  totalPrice: 34,
  shippingAddress: { ...first.shippingAddress, name: 'Bea Gift', postalCode: 'EH1 1AA' },
  delivery: {
    service: 'special-delivery',
    name: 'Special Delivery Guaranteed by 1pm',
    price: 0,
    tracked: true,
    signed: true,
    collect: false,
    estimate: { dispatch: '2026-12-01', from: '2026-12-02', to: '2026-12-02' },
  },
});
const collected = orderOf({
  _id: 'order0000000000000000003',
  orderNumber: 'C3DE-5FGH',
  shippingAddress: collectorAddress('Cal Collect'),
  delivery: soldForCollection,
});
const slips: Slips = {
  pickList: [
    {
      product: 'tee1',
      variant: 'v-m',
      name: 'Breton Stripe Tee',
      variantLabel: 'Size: M',
      sku: 'BRT-M',
      qty: 1,
      orders: [{ _id: 'order0000000000000000002', orderNumber: 'B2CD-4EFG', qty: 1, wrap: true }],
    },
    {
      product: 'p1',
      variant: null,
      name: 'Silver Pendant',
      variantLabel: null,
      sku: 'PEN-1',
      qty: 2,
      orders: [{ _id: 'order0000000000000000001', orderNumber: 'K7QF-3MXA', qty: 2, wrap: false }],
    },
  ],
  orders: [first, second],
};

const slipsAt = (at: string) =>
  renderRoutes([{ path: '/admin/slips', element: <SlipsPage /> }], at);

const slipOf = (orderNumber: string) =>
  screen.getByRole('article', { name: `Order ${orderNumber}` });

describe('the slips', () => {
  beforeEach(() => {
    resetStores();
    signInAs(sam);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists what to pick, then a slip per order with its lines and prices', async () => {
    const send = answerBy(() => [200, slips]);
    slipsAt(`/admin/slips?orders=${first._id},${second._id}`);
    const pick = await screen.findByRole('region', { name: 'Pick list' });
    expect(within(pick).getByText('3 items for 2 orders')).toBeTruthy();
    const rows = within(pick)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    // A phone shows the variant under the name instead of in its own column.
    expect(rows.slice(1)).toEqual([
      ['Breton Stripe TeeSize: M', 'Size: M', 'BRT-M', '1', 'B2CD-4EFG (gift wrap)'],
      ['Silver Pendant', '–', 'PEN-1', '2', 'K7QF-3MXA ×2'],
    ]);
    expect(callsOf(send).map(({ path }) => path)).toEqual([
      `/api/orders/slips?orders=${first._id},${second._id}`,
    ]);

    const slip = slipOf('B2CD-4EFG');
    expect(within(slip).getByText('Bea Gift')).toBeTruthy();
    expect(within(slip).getByText('EH1 1AA')).toBeTruthy();
    expect(within(slip).getByText('Placed on', { exact: false })).toBeTruthy();
    const line = within(slip).getAllByRole('row')[1];
    if (!line) throw new Error('no line');
    expect(
      within(line)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Breton Stripe TeeSize: M', 'Size: M', '1', '£34.00', '£34.00']);
    expect(within(slipOf('K7QF-3MXA')).getByText('£44.99')).toBeTruthy();
    // The packer sees how it goes: a signed service needs its own label.
    expect(within(slip).getByText('Special Delivery Guaranteed by 1pm (signed for)')).toBeTruthy();
  });

  it('names who collects an order collected from the shop, with no address', async () => {
    answerBy(() => [200, { pickList: slips.pickList, orders: [collected] }]);
    slipsAt(`/admin/slips?orders=${collected._id}`);
    const slip = await screen.findByRole('article', { name: 'Order C3DE-5FGH' });
    expect(within(slip).getByText('Collect from the studio')).toBeTruthy();
    expect(within(slip).getByRole('heading', { name: 'To be collected by' })).toBeTruthy();
    expect(within(slip).getByText('Cal Collect')).toBeTruthy();
    expect(within(slip).getByText('07700 900123')).toBeTruthy();
    expect(within(slip).queryByRole('heading', { name: 'Deliver to' })).toBeNull();
  });

  it('leaves every price off the slip asked, and only that one', async () => {
    answerBy(() => [200, slips]);
    slipsAt(`/admin/slips?orders=${first._id},${second._id}`);
    await screen.findByRole('region', { name: 'Pick list' });
    const slip = slipOf('B2CD-4EFG');
    await userEvent.click(
      within(slip).getByRole('checkbox', { name: 'Leave prices off, order B2CD-4EFG' }),
    );
    expect(within(slip).queryByText(/£/)).toBeNull();
    expect(within(slip).queryByRole('columnheader', { name: 'Price' })).toBeNull();
    expect(within(slip).getByText('Breton Stripe Tee')).toBeTruthy();
    expect(within(slipOf('K7QF-3MXA')).getAllByText(/£/).length).toBeGreaterThan(0);
    await userEvent.click(
      within(slip).getByRole('checkbox', { name: 'Leave prices off, order B2CD-4EFG' }),
    );
    expect(within(slip).getAllByText('£34.00').length).toBeGreaterThan(0);
  });

  it('prints with the browser’s own printing', async () => {
    answerBy(() => [200, slips]);
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    slipsAt(`/admin/slips?orders=${first._id}`);
    await screen.findByRole('region', { name: 'Pick list' });
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('says so when no order was chosen', async () => {
    const send = answerBy(() => [404, { message: 'Order not found', code: 'ORDER_NOT_FOUND' }]);
    slipsAt('/admin/slips');
    expect(screen.getByRole('alert').textContent).toBe('Please choose the orders to print.');
    expect(callsOf(send)).toEqual([]);
  });

  it('prints nothing when one of the orders cannot be found', async () => {
    answerBy(() => [404, { message: 'Order not found', code: 'ORDER_NOT_FOUND' }]);
    slipsAt('/admin/slips?orders=nothing-here-at-all');
    expect(await screen.findByText('The slips could not be made')).toBeTruthy();
    expect(screen.getByText('Order not found')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Pick list' })).toBeNull();
  });
});

describe('a gift’s slip', () => {
  beforeEach(() => {
    resetStores();
    signInAs(sam);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('carries the message and no prices, and offers no box to put them back', async () => {
    const gift = orderOf({
      _id: 'order0000000000000000003',
      orderNumber: 'GIFT-0001',
      gift: { message: 'Happy birthday, Mum!\nLove from us both', wrap: true },
      giftWrapPrice: 3.5,
      totalPrice: 48.49,
    });
    answerBy(() => [200, { pickList: slips.pickList, orders: [gift] }]);
    slipsAt(`/admin/slips?orders=${gift._id}`);
    const slip = await screen.findByRole('article', { name: 'Order GIFT-0001' });
    expect(within(slip).getByText(/Happy birthday, Mum!/).textContent).toBe(
      'Happy birthday, Mum!\nLove from us both',
    );
    expect(within(slip).getByText('A gift: wrap it, no prices')).toBeTruthy();
    // On paper the screen's words are left out; the wrap is said in a box that prints.
    const flag = within(slip).getByText('Gift wrap');
    expect(flag.className).not.toMatch(/print:hidden/);
    expect(flag.closest('.print\\:hidden')).toBeNull();
    expect(within(slip).queryByText(/£/)).toBeNull();
    expect(within(slip).queryByRole('checkbox', { name: /Leave prices off/ })).toBeNull();
  });
});
