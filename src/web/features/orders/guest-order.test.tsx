import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order, RecipientOrder } from '../../../shared/orders/orders';
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

const RECIPIENT_KEY = 'UmVjaXBpZW50LWtleS1vZi1hLWdpZnQtc2VudC1vbi0xMjM';
const RECIPIENT_LINK = `https://shop.example.test/order/guest-order?key=${RECIPIENT_KEY}`;

/** The same gift as its recipient's link shows it: no prices, payment or street. */
const recipientView: RecipientOrder = {
  _id: 'guest-order',
  orderNumber: 'K7QF-3MXA',
  forRecipient: true,
  from: 'Mary Buyer',
  orderItems: [
    {
      name: 'Silver Pendant',
      brand: 'Larkspur',
      image: '/uploads/pendant.webp',
      product: 'p1',
      variant: 'v-55',
      variantLabel: 'Chain: 55 cm',
      qty: 2,
    },
  ],
  shippingAddress: { name: 'Ann Archer', city: 'Bristol' },
  status: 'dispatched',
  isDispatched: true,
  dispatchedAt: '2026-03-03T10:00:00.000Z',
  isDelivered: false,
  deliveredAt: null,
  createdAt: '2026-03-02T09:59:00.000Z',
  tracking: {
    carrier: 'Royal Mail',
    number: 'AB123456789GB',
    url: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
  },
  estimate: { from: '2026-03-05', to: '2026-03-06' },
  gift: { message: 'Happy birthday!\nLove, Mary', wrap: true },
};

/** Stands in for the browser's clipboard, which jsdom lacks. */
function clipboardWith(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

const routes = [
  { path: '/order/:id', element: <OrderPage context="guest" /> },
  { path: '/order/:id/receipt', element: <ReceiptPage /> },
];

describe('a guest’s order by its link', () => {
  beforeEach(() => resetStores());
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('offers the gift’s link for its recipient just after paying, to copy', async () => {
    answerBy(() => [200, guestOrder]);
    renderRoutes(routes, {
      pathname: '/order/guest-order',
      search: `?key=${KEY}`,
      state: { placed: true, recipientLink: RECIPIENT_LINK },
    });
    expect(await screen.findByText('Thank you: your order is placed and paid.')).toBeTruthy();
    const box = screen.getByRole('region', { name: 'A link for Ann Archer' });
    expect(within(box).getByText(/without seeing any prices/)).toBeTruthy();
    const field = within(box).getByRole('textbox', { name: 'Link for Ann Archer' });
    expect(field).toBeInstanceOf(HTMLInputElement);
    expect((field as HTMLInputElement).value).toBe(RECIPIENT_LINK);
    expect((field as HTMLInputElement).readOnly).toBe(true);

    const copied: string[] = [];
    clipboardWith(async (text) => {
      copied.push(text);
    });
    expect(within(box).queryByText('Copied')).toBeNull();
    await userEvent.click(within(box).getByRole('button', { name: 'Copy the link' }));
    const status = await within(box).findByText('Copied');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(copied).toEqual([RECIPIENT_LINK]);
  });

  it('says so when the link cannot be copied, so it can be copied by hand', async () => {
    answerBy(() => [200, guestOrder]);
    renderRoutes(routes, {
      pathname: '/order/guest-order',
      search: `?key=${KEY}`,
      state: { placed: true, recipientLink: RECIPIENT_LINK },
    });
    clipboardWith(() => Promise.reject(new Error('not allowed')));
    await userEvent.click(await screen.findByRole('button', { name: 'Copy the link' }));
    expect(await screen.findByText(/The link could not be copied/)).toBeTruthy();
    expect(screen.queryByText('Copied')).toBeNull();
  });

  it('offers no recipient’s link on a later visit by the mailed link', async () => {
    answerBy(() => [200, guestOrder]);
    renderRoutes(routes, `/order/guest-order?key=${KEY}`);
    await screen.findByRole('heading', { name: /Order K7QF-3MXA/ });
    expect(screen.queryByRole('region', { name: /A link for/ })).toBeNull();
    expect(screen.queryByText('Thank you: your order is placed and paid.')).toBeNull();
  });

  it('shows a gift’s recipient what is coming and from whom, with no price, address or cancelling', async () => {
    const send = answerBy(() => [200, recipientView]);
    renderRoutes(routes, `/order/guest-order?key=${RECIPIENT_KEY}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'A gift from Mary Buyer' }),
    ).toBeTruthy();
    expect(screen.getByText(/For Ann Archer, Bristol/)).toBeTruthy();
    expect(screen.getByText('On its way: sent on 3 March 2026')).toBeTruthy();
    expect(screen.getByText(/Expected between/).textContent).toBe(
      'Expected between Thursday 5 March and Friday 6 March.',
    );
    expect(screen.getByText('AB123456789GB')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Track the parcel/ }).getAttribute('href')).toBe(
      recipientView.tracking?.url,
    );
    const items = screen.getByRole('list', { name: 'Items in this gift' });
    expect(within(items).getByText('Silver Pendant')).toBeTruthy();
    expect(within(items).getByText('Chain: 55 cm')).toBeTruthy();
    expect(within(items).getByText('Quantity: 2')).toBeTruthy();
    expect(within(items).getByRole('presentation').getAttribute('src')).toContain('pendant');
    expect(screen.getByRole('heading', { name: 'A message from Mary Buyer' })).toBeTruthy();
    expect(screen.getByText(/Happy birthday!/).textContent).toBe('Happy birthday!\nLove, Mary');
    expect(screen.getByText('It comes gift wrapped.')).toBeTruthy();

    const page = document.body.textContent;
    expect(page).not.toContain('£');
    expect(page).not.toMatch(/total|VAT|paid|payment/i);
    expect(screen.queryByRole('button', { name: /Cancel/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'VAT receipt' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add to my account' })).toBeNull();
    expect(callsOf(send).map(({ method, path }) => `${method} ${path}`)).toEqual([
      `GET /api/orders/guest-order?key=${RECIPIENT_KEY}`,
    ]);
  });

  it('tells a recipient once the gift has arrived, or that it will not', async () => {
    answerBy(() => [
      200,
      {
        ...recipientView,
        status: 'delivered',
        isDelivered: true,
        deliveredAt: '2026-03-05T12:00:00.000Z',
        estimate: null,
        gift: { message: '', wrap: false },
      },
    ]);
    renderRoutes(routes, `/order/guest-order?key=${RECIPIENT_KEY}`);
    expect(await screen.findByText('Delivered on 5 March 2026')).toBeTruthy();
    expect(screen.queryByText(/Expected between/)).toBeNull();
    expect(screen.queryByRole('heading', { name: /A message from/ })).toBeNull();
    cleanup();

    answerBy(() => [
      200,
      {
        ...recipientView,
        status: 'cancelled',
        isDispatched: false,
        dispatchedAt: null,
        tracking: null,
        estimate: null,
      },
    ]);
    renderRoutes(routes, `/order/guest-order?key=${RECIPIENT_KEY}`);
    expect(
      await screen.findByText('This gift has been cancelled and will not arrive'),
    ).toBeTruthy();
  });

  it('opens no receipt by the recipient’s link', async () => {
    answerBy((_method, path) =>
      path === '/api/config/shop' ? [200, shopIdentity] : [200, recipientView],
    );
    renderRoutes(routes, `/order/guest-order/receipt?key=${RECIPIENT_KEY}`);
    expect(await screen.findByRole('heading', { name: 'No receipt for this link' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('£');
    expect(screen.getByRole('link', { name: 'Back to the gift' }).getAttribute('href')).toBe(
      `/order/guest-order?key=${RECIPIENT_KEY}`,
    );
  });

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
