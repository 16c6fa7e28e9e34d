import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
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

const admin = {
  ...ann,
  _id: 'admin0000000000000000000',
  name: 'Shop Admin',
  isAdmin: true,
  role: 'admin' as const,
};

/**
 * jsdom has <dialog> without its modal methods: these open and close it as browsers do, giving
 * the focus back to what opened it.
 */
const opener = new WeakMap<HTMLDialogElement, Element | null>();
const dialogMethods = {
  showModal: Object.getOwnPropertyDescriptor(HTMLDialogElement.prototype, 'showModal'),
  close: Object.getOwnPropertyDescriptor(HTMLDialogElement.prototype, 'close'),
};
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    opener.set(this, document.activeElement);
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    const previous = opener.get(this);
    if (previous instanceof HTMLElement) previous.focus();
  };
});
afterAll(() => {
  for (const [name, descriptor] of Object.entries(dialogMethods)) {
    if (descriptor) Object.defineProperty(HTMLDialogElement.prototype, name, descriptor);
    else Reflect.deleteProperty(HTMLDialogElement.prototype, name);
  }
});

const dispatched = {
  status: 'dispatched',
  isDispatched: true,
  dispatchedAt: '2026-03-03T10:00:00.000Z',
} as const;
const delivered = {
  ...dispatched,
  status: 'delivered',
  isDelivered: true,
  deliveredAt: '2026-03-05T10:00:00.000Z',
} as const;

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
    const order = orderOf({ notes: 'Please wrap it as a gift' });
    const send = answerBy(() => [200, order]);
    showOrder(order);
    expect(await screen.findByText('Paid on 2 March 2026')).toBeTruthy();
    expect(screen.getByText('Not Dispatched')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Order K7QF-3MXA');
    expect(screen.getByText('2 × £20.00 =')).toBeTruthy();
    expect(screen.getByText('Please wrap it as a gift')).toBeTruthy();
    expect(screen.getByText('Includes VAT of £7.50')).toBeTruthy();
    expect(screen.getByText('£44.99')).toBeTruthy();
    expect(screen.getByText('Status: Paid, not dispatched yet')).toBeTruthy();
    expect(screen.getByText('Ann Archer')).toBeTruthy();
    expect(screen.getByText('BS1 4DJ')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'VAT receipt' }).getAttribute('href')).toBe(
      `/account/order/${order._id}/receipt`,
    );
    expect(screen.queryByRole('button', { name: /Mark as/ })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Refund' })).toBeNull();
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
    answerBy(() => [
      200,
      orderOf({
        voucher: 'Five off',
        voucherDiscount: 5,
        discounts: [{ source: 'voucher', name: 'Five off', code: 'FIVE', amount: 5 }],
        totalPrice: 39.99,
      }),
    ]);
    showOrder(orderOf());
    expect(await screen.findByText('Voucher: Five off')).toBeTruthy();
    expect(screen.getByText('−£5.00')).toBeTruthy();
    expect(screen.getByText('£39.99')).toBeTruthy();
  });

  it('says plainly when the order cannot be found', async () => {
    signInAs(ann);
    answerBy(() => [404, { message: 'Order not found', code: 'ORDER_NOT_FOUND' }]);
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

    await userEvent.selectOptions(await screen.findByLabelText('Carrier'), 'Royal Mail');
    await userEvent.click(screen.getByRole('button', { name: 'Mark as dispatched' }));
    expect(
      await screen.findByText('Give both the carrier and the tracking number, or neither'),
    ).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Tracking number'), 'ab123456789gb');
    await userEvent.click(screen.getByRole('button', { name: 'Mark as dispatched' }));
    expect(await screen.findByText('Dispatched: 3 March 2026')).toBeTruthy();
    // Delivered is asked first; saying no sends nothing.
    const deliver = await screen.findByRole('button', { name: 'Mark as delivered' });
    await userEvent.click(deliver);
    const asked = screen.getByRole('dialog', { name: 'Mark order K7QF-3MXA as delivered?' });
    expect(document.activeElement).toBe(within(asked).getByRole('button', { name: 'Not yet' }));
    await userEvent.click(within(asked).getByRole('button', { name: 'Not yet' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(deliver);
    expect(callsOf(send).filter(({ path }) => path.endsWith('/delivered'))).toEqual([]);
    await userEvent.click(deliver);
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, it was delivered' }),
    );
    expect(await screen.findByText('Delivered: 5 March 2026')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Mark as/ })).toBeNull();

    const puts = callsOf(send).filter(({ method }) => method === 'PUT');
    expect(puts.map(({ path }) => path)).toEqual([
      `/api/orders/${current._id}/dispatched`,
      `/api/orders/${current._id}/delivered`,
    ]);
    expect(puts[0]?.body).toEqual({ carrier: 'Royal Mail', trackingNumber: 'AB123456789GB' });
  });

  it('shows a cancelled order as cancelled, with its refund and nothing to do', async () => {
    signInAs(admin);
    const cancelled = orderOf({
      status: 'cancelled',
      refundedTotal: 44.99,
      refunds: [
        {
          _id: 'r1',
          amount: 44.99,
          reason: 'Order cancelled',
          createdAt: '2026-03-02T11:00:00.000Z',
        },
      ],
    });
    answerBy(() => [200, cancelled]);
    showOrder(cancelled, `/admin/order/${cancelled._id}`);
    expect(await screen.findByText('Status: Cancelled')).toBeTruthy();
    expect(screen.getByText('Refunded in all: £44.99')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Mark as|Cancel order/ })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Refund' })).toBeNull();
  });
});

describe("the customer's own moves", () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('cancels an undispatched order after asking, and shows it cancelled', async () => {
    signInAs(ann);
    let current = orderOf();
    const send = answerBy((method) => {
      if (method === 'POST') {
        current = orderOf({ status: 'cancelled', refundedTotal: 44.99 });
      }
      return [200, current];
    });
    showOrder(current);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    expect(
      screen.getByText('Cancel this order? You will be refunded £44.99 in full.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('Status: Cancelled')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    const posts = callsOf(send).filter(({ method }) => method === 'POST');
    expect(posts.map(({ path }) => path)).toEqual([`/api/orders/${current._id}/cancel`]);
  });

  it('offers no cancellation once dispatched, and shows the tracking link', async () => {
    signInAs(ann);
    const order = orderOf({
      ...dispatched,
      tracking: {
        carrier: 'Royal Mail',
        number: 'AB123456789GB',
        url: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
      },
    });
    answerBy(() => [200, order]);
    showOrder(order);
    const link = await screen.findByRole('link', { name: /Track your parcel/ });
    expect(link.getAttribute('href')).toBe(order.tracking?.url);
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('asks for a return within 14 days of delivery, with a reason', async () => {
    signInAs(ann);
    const deliveredAt = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString();
    let current = orderOf({ ...delivered, deliveredAt });
    const send = answerBy((method) => {
      if (method === 'POST') {
        current = orderOf({
          ...delivered,
          deliveredAt,
          status: 'return_requested',
          returnRequest: {
            reason: 'Too short',
            kind: 'changed-mind',
            createdAt: new Date().toISOString(),
          },
        });
      }
      return [200, current];
    });
    showOrder(current);
    await userEvent.click(await screen.findByRole('button', { name: 'Request a return' }));
    expect(await screen.findByText('Please give a reason')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Why are you returning it?'), 'Too short');
    await userEvent.click(screen.getByRole('button', { name: 'Request a return' }));
    expect(await screen.findByText('Status: Return requested')).toBeTruthy();
    const posts = callsOf(send).filter(({ method }) => method === 'POST');
    expect(posts.map(({ body }) => body)).toEqual([{ reason: 'Too short', kind: 'changed-mind' }]);
  });

  it('offers no return after 14 days', async () => {
    signInAs(ann);
    const deliveredAt = new Date(Date.now() - 15 * 24 * 60 * 60 * 1000).toISOString();
    answerBy(() => [200, orderOf({ ...delivered, deliveredAt })]);
    showOrder(orderOf());
    expect(await screen.findByText('Status: Delivered')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request a return' })).toBeNull();
  });
});

describe("an admin's refund", () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('suggests what was paid for the items put back, after their discount', async () => {
    signInAs(admin);
    const base = orderOf({ ...delivered, status: 'return_requested' });
    const [pendant] = base.orderItems;
    if (!pendant) throw new Error('the fixture order has a line');
    // Two pendants at £20.00 with £4.00 off the line: £18.00 paid for each.
    const order = { ...base, orderItems: [{ ...pendant, discount: 4 }] };
    answerBy(() => [200, order]);
    showOrder(order, `/admin/order/${order._id}`);
    const form = await screen.findByRole('form', { name: 'Refund' });
    expect(within(form).queryByText(/Paid for these/)).toBeNull();
    await userEvent.selectOptions(within(form).getByLabelText('Silver Pendant'), '1');
    expect(within(form).getByText('Paid for these, after discounts: £18.00')).toBeTruthy();
    await userEvent.click(within(form).getByRole('button', { name: 'Use £18.00' }));
    expect(within(form).getByLabelText<HTMLInputElement>('Amount to refund (£)').value).toBe(
      '18.00',
    );
    await userEvent.selectOptions(within(form).getByLabelText('Silver Pendant'), '2');
    expect(within(form).getByText('Paid for these, after discounts: £36.00')).toBeTruthy();
  });

  it('sends the amount, the reason and what goes back into stock, and says why it was refused', async () => {
    signInAs(admin);
    const order = orderOf({ ...delivered, status: 'return_requested' });
    const send = answerBy((method) =>
      method === 'POST'
        ? [
            400,
            { message: 'At most £44.99 is left to refund on this order', code: 'REFUND_TOO_LARGE' },
          ]
        : [200, order],
    );
    showOrder(order, `/admin/order/${order._id}`);
    const form = await screen.findByRole('form', { name: 'Refund' });
    const amount = within(form).getByLabelText('Amount to refund (£)');
    // Nothing is refunded by default: the field starts empty, with the most it may take beside it.
    expect((amount as HTMLInputElement).value).toBe('');
    expect(amount.getAttribute('aria-describedby')).toContain(
      within(form).getByText('At most £44.99: what is left of the order’s total.').id,
    );
    await userEvent.type(within(form).getByLabelText('Reason'), 'One pendant back');
    await userEvent.selectOptions(within(form).getByLabelText('Silver Pendant'), '1');
    await userEvent.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(await within(form).findByText('Please give the amount to refund')).toBeTruthy();
    await userEvent.type(amount, '45');
    await userEvent.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(await within(form).findByText('At most £44.99 can be refunded')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.clear(amount);
    await userEvent.type(amount, '20');
    await userEvent.click(within(form).getByRole('button', { name: 'Refund' }));
    const asked = await screen.findByRole('dialog', { name: 'Refund £20.00 on order K7QF-3MXA?' });
    expect(within(asked).getByText('Back into stock: 1 × Silver Pendant.')).toBeTruthy();
    await userEvent.click(within(asked).getByRole('button', { name: 'Do not refund' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsOf(send).filter(({ method }) => method === 'POST')).toEqual([]);

    await userEvent.click(within(form).getByRole('button', { name: 'Refund' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, refund £20.00' }),
    );
    expect(await screen.findByText('At most £44.99 is left to refund on this order')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const posts = callsOf(send).filter(({ method }) => method === 'POST');
    expect(posts.map(({ path, body }) => ({ path, body }))).toEqual([
      {
        path: `/api/orders/${order._id}/refunds`,
        body: { amount: 20, reason: 'One pendant back', restock: [{ product: 'p1', qty: 1 }] },
      },
    ]);
  });

  it('shows admins the order history', async () => {
    signInAs(admin);
    const order = orderOf({
      events: [
        { type: 'placed', at: '2026-03-02T09:59:00.000Z', by: 'Ann Archer', detail: null },
        {
          type: 'dispatched',
          at: '2026-03-03T10:00:00.000Z',
          by: 'Shop Admin',
          detail: 'Evri H0123456',
        },
      ],
    });
    answerBy(() => [200, order]);
    showOrder(order, `/admin/order/${order._id}`);
    const history = await screen.findByRole('heading', { name: 'Order history' });
    expect(history).toBeTruthy();
    expect(screen.getByText('Evri H0123456')).toBeTruthy();
    expect(screen.getByText(/by Shop Admin/)).toBeTruthy();
  });

  it('shows how a card order was paid, and admins its 3-D Secure liability shift', async () => {
    const order = orderOf({
      paymentMethod: 'Visa ending 4242',
      payment: { method: 'card', brand: 'Visa', last4: '4242', liabilityShift: 'YES' },
    });
    answerBy(() => [200, order]);
    signInAs(ann);
    const customer = showOrder(order);
    expect(await screen.findByText('Method: Visa ending 4242')).toBeTruthy();
    expect(screen.queryByText(/^3-D Secure:/)).toBeNull();
    expect(customer()).toBe(`/account/order/${order._id}`);
    cleanup();

    signInAs(admin);
    showOrder(order, `/admin/order/${order._id}`);
    expect(
      await screen.findByText(
        '3-D Secure: Liability shifted to the card issuer: 3-D Secure passed',
      ),
    ).toBeTruthy();
  });
});
