import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../shared/orders';
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

const KEY = 'Qm9va2VkLWJ5LWEtZ3Vlc3Qtd2l0aC1hLWtleS0xMjM';
const shopIdentity = {
  name: 'Larkspur',
  legalName: 'Larkspur Ltd',
  address: '1 Example Street',
  email: 'hello@example.com',
  phone: '0117 496 0000',
  vatNumber: 'GB 123 4567 89',
  companyNumber: '01234567',
};

/** A guest's order as its link shows it: no street, phone or email. */
const guestOrder: Order = orderOf({
  _id: 'guest-order',
  user: null,
  shippingAddress: {
    name: 'Ann Archer',
    address: '',
    line2: '',
    city: 'Bristol',
    county: '',
    postalCode: 'BS1',
    country: 'United Kingdom',
    phone: '',
  },
  gift: { message: 'With love', wrap: true },
  giftWrapPrice: 3.5,
  totalPrice: 48.49,
});

const routes = [
  { path: '/order/:id', element: <OrderPage context="guest" /> },
  { path: '/order/:id/receipt', element: <ReceiptPage /> },
];

describe('a guest’s order by its link', () => {
  beforeEach(() => resetStores());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the order, its gift and where it goes, and cancels it with the key', async () => {
    const send = answerBy((method, path) =>
      method === 'POST' && path === `/api/orders/guest-order/cancel?key=${KEY}`
        ? [200, { ...guestOrder, status: 'cancelled', refundedTotal: 48.49 }]
        : [200, guestOrder],
    );
    renderRoutes(routes, `/order/guest-order?key=${KEY}`);
    expect(await screen.findByRole('heading', { name: /Order K7QF-3MXA/ })).toBeTruthy();
    expect(screen.getByText('BS1')).toBeTruthy();
    expect(screen.getByText('Sent as a gift, gift wrapped, without prices.')).toBeTruthy();
    expect(screen.getByText('With love')).toBeTruthy();
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Gift wrap')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'VAT receipt' }).getAttribute('href')).toBe(
      `/order/guest-order/receipt?key=${KEY}`,
    );
    expect(screen.queryByRole('button', { name: 'Add to my account' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('Status: Cancelled')).toBeTruthy();
    expect(callsOf(send).map(({ method, path }) => `${method} ${path}`)).toContain(
      `POST /api/orders/guest-order/cancel?key=${KEY}`,
    );
  });

  it('lets a signed-in customer add it to their account, and takes them to it there', async () => {
    signInAs(ann);
    const send = answerBy((method) =>
      method === 'POST'
        ? [200, { ...guestOrder, user: { _id: ann._id, name: ann.name } }]
        : [200, guestOrder],
    );
    const where = renderRoutes(routes, `/order/guest-order?key=${KEY}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Add to my account' }));
    await waitFor(() => expect(where()).toBe('/account/order/guest-order'));
    expect(callsOf(send).map(({ method, path }) => `${method} ${path}`)).toContain(
      `POST /api/orders/guest-order/claim?key=${KEY}`,
    );
  });

  it('says so in words when the order was placed with another email', async () => {
    signInAs(ann);
    answerBy((method) =>
      method === 'POST'
        ? [
            403,
            {
              code: 'ORDER_EMAIL_DIFFERS',
              message: 'This order was placed with another email address',
            },
          ]
        : [200, guestOrder],
    );
    renderRoutes(routes, `/order/guest-order?key=${KEY}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Add to my account' }));
    expect(
      await screen.findByText('This order was placed with another email address'),
    ).toBeTruthy();
  });

  it('finds no order for a wrong key', async () => {
    answerBy(() => [404, { code: 'ORDER_NOT_FOUND', message: 'Order not found' }]);
    renderRoutes(routes, '/order/guest-order?key=wrong');
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeTruthy();
  });

  it('opens its VAT receipt by the same key, with the wrap and the message', async () => {
    answerBy((_method, path) =>
      path === '/api/config/shop' ? [200, shopIdentity] : [200, guestOrder],
    );
    renderRoutes(routes, `/order/guest-order/receipt?key=${KEY}`);
    expect(await screen.findByRole('heading', { name: 'VAT receipt' })).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'Gift wrap' })).toBeTruthy();
    expect(screen.getByText('Gift message: With love')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the order' }).getAttribute('href')).toBe(
      `/order/guest-order?key=${KEY}`,
    );
  });
});
