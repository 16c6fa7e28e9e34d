import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminProduct } from '../../../shared/catalog/catalog-admin';
import type { Order } from '../../../shared/orders/orders';
import {
  answerBy,
  callsOf,
  orderOf,
  pasteInto,
  renderRoutes,
  resetStores,
  sam,
  signInAs,
  teeInSizes,
} from '../../support/testing';
import { OrderPage } from './OrderPage';

const returned = {
  status: 'return_requested',
  isDispatched: true,
  dispatchedAt: '2026-03-03T10:00:00.000Z',
  isDelivered: true,
  deliveredAt: '2026-03-04T10:00:00.000Z',
  returnRequest: { reason: 'Too small', kind: 'wrong-size', createdAt: '2026-03-05T10:00:00.000Z' },
} as const;

/** Ann's order of a tee in size S and two pendants, which she asked to send back. */
const first = orderOf({
  ...returned,
  orderItems: [
    {
      name: teeInSizes.name,
      brand: teeInSizes.brand,
      image: teeInSizes.image,
      product: teeInSizes._id,
      variant: 'v-s',
      variantLabel: 'Size: S',
      qty: 1,
      price: 32,
      discount: 0,
    },
    ...orderOf().orderItems,
  ],
});

const tee: AdminProduct = { ...teeInSizes, status: 'live' };
const pendant: AdminProduct = {
  ...teeInSizes,
  _id: 'p1',
  name: 'Silver Pendant',
  options: [],
  variants: [],
  countInStock: 4,
  status: 'live',
};

const replacement = orderOf({
  _id: 'order0000000000000000009',
  orderNumber: 'R3PL-4CED',
  exchangeFor: first._id,
  totalPrice: 0,
});

const showToStaff = (order: Order) =>
  renderRoutes(
    [{ path: '/admin/order/:id', element: <OrderPage context="admin" /> }],
    `/admin/order/${order._id}`,
  );

const posts = (send: ReturnType<typeof answerBy>) =>
  callsOf(send).filter(({ method }) => method === 'POST');

describe('closing a return', () => {
  beforeEach(() => {
    resetStores();
    signInAs(sam);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for an outcome and a note to reject, and says why the server refused', async () => {
    const send = answerBy((method) =>
      method === 'POST'
        ? [
            409,
            {
              code: 'RETURN_NOT_REFUNDED',
              message:
                'Nothing has been refunded on this order yet: refund what came back first, then close the return as refunded',
            },
          ]
        : [200, first],
    );
    showToStaff(first);
    const form = await screen.findByRole('form', { name: 'Close the return' });
    const button = within(form).getByRole('button', { name: 'Close the return' });
    await userEvent.click(button);
    expect(await within(form).findByText('Please choose how the return ended')).toBeTruthy();
    await userEvent.click(within(form).getByRole('radio', { name: 'Rejected' }));
    await userEvent.click(button);
    expect(
      await within(form).findByText('Please tell the customer why the return is not accepted'),
    ).toBeTruthy();
    expect(posts(send)).toEqual([]);

    await userEvent.click(within(form).getByRole('radio', { name: 'Refunded' }));
    await pasteInto(within(form).getByLabelText('Note to the customer'), '  Back in stock.  ');
    await userEvent.click(button);
    expect(
      await within(form).findByText(/Nothing has been refunded on this order yet/),
    ).toBeTruthy();
    expect(posts(send)).toEqual([
      {
        method: 'POST',
        path: `/api/orders/${first._id}/return/close`,
        body: { outcome: 'refunded', note: 'Back in stock.' },
      },
    ]);
  });

  it('shows the closed return with its note once closed', async () => {
    let current = first;
    const send = answerBy((method) => {
      if (method === 'POST') {
        current = {
          ...first,
          status: 'delivered',
          returnClosed: {
            outcome: 'rejected',
            note: 'Worn and washed, so it cannot be taken back.',
            closedAt: '2026-03-06T10:00:00.000Z',
          },
        };
      }
      return [200, current];
    });
    showToStaff(first);
    const form = await screen.findByRole('form', { name: 'Close the return' });
    expect(within(form).getByRole('radio', { name: 'Exchanged for another item' })).toBeTruthy();
    await userEvent.click(within(form).getByRole('radio', { name: 'Rejected' }));
    await pasteInto(
      within(form).getByLabelText('Note to the customer'),
      'Worn and washed, so it cannot be taken back.',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Close the return' }));
    expect(await screen.findByText('Return closed: Rejected')).toBeTruthy();
    expect(screen.getByText('Worn and washed, so it cannot be taken back.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Close the return' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Send a replacement' })).toBeNull();
    expect(posts(send)[0]?.body).toEqual({
      outcome: 'rejected',
      note: 'Worn and washed, so it cannot be taken back.',
    });
  });

  it('offers neither form for an order with no return open', async () => {
    answerBy(() => [200, orderOf()]);
    showToStaff(orderOf());
    await screen.findByRole('form', { name: 'Dispatch' });
    expect(screen.queryByRole('form', { name: 'Close the return' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Send a replacement' })).toBeNull();
  });
});

describe('sending a replacement', () => {
  beforeEach(() => {
    resetStores();
    signInAs(sam);
  });
  afterEach(() => vi.unstubAllGlobals());

  /** The server: the first order (exchanged once the replacement is made), and the products. */
  function shop(answer: () => readonly [number, unknown] = () => [201, replacement]) {
    let current = first;
    return answerBy((method, path) => {
      if (path === `/api/admin/products/${tee._id}`) return [200, tee];
      if (path === '/api/admin/products/p1') return [200, pendant];
      if (path === `/api/orders/${replacement._id}`) return [200, replacement];
      if (method === 'POST') {
        const [status, body] = answer();
        if (status === 201) {
          current = {
            ...first,
            status: 'delivered',
            exchangedBy: replacement._id,
            returnClosed: {
              outcome: 'exchanged',
              note: `Replaced by order ${replacement.orderNumber}`,
              closedAt: '2026-03-06T10:00:00.000Z',
            },
          };
        }
        return [status, body];
      }
      return [200, current];
    });
  }

  const line = (form: HTMLElement, name: string) => within(form).getByRole('group', { name });

  it('sends another size of what came back, and links to the new order', async () => {
    const send = shop();
    showToStaff(first);
    const form = await screen.findByRole('form', { name: 'Send a replacement' });
    const teeLine = line(form, 'Breton Stripe Tee (Size: S)');
    const size = await within(teeLine).findByLabelText<HTMLSelectElement>('Option to send');
    // The same size is offered first, with what is in stock of each.
    expect(size.value).toBe('v-s');
    expect(within(size).getByRole('option', { name: 'Size: L (sold out)' })).toBeTruthy();
    await userEvent.selectOptions(size, 'Size: M (2 in stock)');
    const pendantLine = line(form, 'Silver Pendant');
    const howMany =
      await within(pendantLine).findByLabelText<HTMLSelectElement>('How many to send');
    expect(howMany.value).toBe('1');
    await userEvent.selectOptions(howMany, '0');
    const restock = line(form, 'Put back in stock');
    await userEvent.selectOptions(
      within(restock).getByLabelText('Breton Stripe Tee (Size: S)'),
      '1',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Send the replacement' }));

    const link = await screen.findByRole('link', { name: 'Replacement order R3PL-4CED' });
    expect(link.getAttribute('href')).toBe(`/admin/order/${replacement._id}`);
    expect(posts(send)).toEqual([
      {
        method: 'POST',
        path: `/api/orders/${first._id}/exchange`,
        body: {
          items: [{ product: tee._id, variant: 'v-m', qty: 1 }],
          restock: [{ product: tee._id, variant: 'v-s', qty: 1 }],
        },
      },
    ]);
    // The first order, asked again, is linked to its replacement and its return closed.
    expect(await screen.findByText('Return closed: Exchanged for another item')).toBeTruthy();
    expect(screen.getByText('Replaced by order R3PL-4CED')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Close the return' })).toBeNull();
  });

  it('sends nothing until an item is chosen, and says why the server refused', async () => {
    const send = shop(() => [
      409,
      {
        code: 'INSUFFICIENT_STOCK',
        message: 'Sorry, Breton Stripe Tee (Size: S) has just sold out',
      },
    ]);
    showToStaff(first);
    const form = await screen.findByRole('form', { name: 'Send a replacement' });
    const teeQty = await within(line(form, 'Breton Stripe Tee (Size: S)')).findByLabelText(
      'How many to send',
    );
    const pendantQty = await within(line(form, 'Silver Pendant')).findByLabelText(
      'How many to send',
    );
    await userEvent.selectOptions(teeQty, '0');
    await userEvent.selectOptions(pendantQty, '0');
    const button = within(form).getByRole('button', { name: 'Send the replacement' });
    await userEvent.click(button);
    expect(await within(form).findByText('Please choose at least one item to send')).toBeTruthy();
    expect(posts(send)).toEqual([]);

    await userEvent.selectOptions(teeQty, '1');
    await userEvent.click(button);
    expect(await within(form).findByText(/has just sold out/)).toBeTruthy();
    expect(posts(send).map(({ body }) => body)).toEqual([
      { items: [{ product: tee._id, variant: 'v-s', qty: 1 }], restock: [] },
    ]);
  });
});

describe('orders linked by an exchange', () => {
  beforeEach(() => {
    resetStores();
    signInAs(sam);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('links a replacement to the order it replaces', async () => {
    answerBy((_method, path) => [200, path.endsWith(first._id) ? first : replacement]);
    showToStaff(replacement);
    const link = await screen.findByRole('link', { name: 'order K7QF-3MXA' });
    expect(link.getAttribute('href')).toBe(`/admin/order/${first._id}`);
    expect(link.closest('p')?.textContent).toBe('A replacement for order K7QF-3MXA');
    expect(screen.getByText('Nothing to pay: sent as a replacement')).toBeTruthy();
    expect(screen.queryByText('Not Paid')).toBeNull();
  });

  it('links the first order to its replacement, with how its return was closed', async () => {
    const exchanged = orderOf({
      ...returned,
      status: 'delivered',
      exchangedBy: replacement._id,
      returnClosed: {
        outcome: 'exchanged',
        note: 'Replaced by order R3PL-4CED',
        closedAt: '2026-03-06T10:00:00.000Z',
      },
    });
    answerBy((_method, path) => [200, path.endsWith(replacement._id) ? replacement : exchanged]);
    showToStaff(exchanged);
    const link = await screen.findByRole('link', { name: 'order R3PL-4CED' });
    expect(link.getAttribute('href')).toBe(`/admin/order/${replacement._id}`);
    expect(link.closest('p')?.textContent).toBe('Replacement sent: order R3PL-4CED');
    expect(screen.getByText('Return closed: Exchanged for another item')).toBeTruthy();
  });
});

describe('the buyer and the recipient', () => {
  beforeEach(() => {
    resetStores();
    signInAs(sam);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('names the buyer, the gift’s recipient, and links to the customer’s page', async () => {
    const gift = orderOf({
      buyer: { name: 'George Lamb', email: 'george@example.com' },
      user: null,
      gift: { message: 'Happy birthday', wrap: true },
      shippingAddress: { ...orderOf().shippingAddress, name: 'Helen Lamb' },
      customerId: 'guest-george',
    });
    answerBy(() => [200, gift]);
    showToStaff(gift);
    const bought = await screen.findByText(/^Bought by George Lamb/);
    expect(bought.textContent).toBe('Bought by George Lamb (george@example.com) as a guest');
    expect(
      within(bought).getByRole('link', { name: 'george@example.com' }).getAttribute('href'),
    ).toBe('mailto:george@example.com');
    expect(screen.getByText('A gift for Helen Lamb, sent to:')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'The customer’s page' }).getAttribute('href')).toBe(
      '/admin/customers/guest-george',
    );
  });

  it('names no recipient when the buyer is sent their own order', async () => {
    const own = orderOf({ shippingAddress: { ...orderOf().shippingAddress, name: 'Ann Shopper' } });
    answerBy(() => [200, own]);
    showToStaff(own);
    expect((await screen.findByText(/^Bought by/)).textContent).toBe(
      'Bought by Ann Shopper (ann@example.com)',
    );
    expect(screen.queryByText(/A gift for/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'The customer’s page' })).toBeNull();
  });
});
