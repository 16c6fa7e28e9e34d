import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBasket } from '../../state/basket-store';
import { callsOf, orderOf, pasteInto, renderRoutes, resetStores } from '../../support/testing';
import {
  answerBySent,
  checkoutRoutes,
  fillBasket,
  home,
  pendant,
  quoteFor,
  sentField,
  summaryValue,
  testConfig,
} from './checkout-fixtures';
import { recipientLinkFrom } from '../../ui/RecipientLinkBox';
import { TEST_PAY_LABEL } from './TestPayment';

const KEY = 'k'.repeat(43);
const RECIPIENT_LINK = `https://shop.example.test/order/guest-order?key=${'r'.repeat(43)}`;

/** Where a guest lands: what the checkout handed over for the order's page to offer. */
function HandedOver() {
  return <p>Recipient’s link: {recipientLinkFrom(useLocation().state) ?? 'none'}</p>;
}

const routes = [...checkoutRoutes, { path: '/order/:id', element: <HandedOver /> }];

describe('checking out as a guest', () => {
  beforeEach(() => resetStores());
  afterEach(() => vi.unstubAllGlobals());

  it('pays with the email and a wrapped gift, and lands on the order’s own link with the recipient’s', async () => {
    fillBasket([pendant]);
    useBasket.setState({ guestEmail: 'june@example.com' });
    const order = orderOf({
      _id: 'guest-order',
      user: null,
      gift: { message: 'Happy birthday!\nLove, J', wrap: true },
      giftWrapPrice: 3.5,
      orderLink: `https://shop.example.test/order/guest-order?key=${KEY}`,
      recipientLink: RECIPIENT_LINK,
    });
    const send = answerBySent((method, path, sent) => {
      if (path === '/api/config/paypal') return [200, testConfig];
      if (path === '/api/orders/quote') {
        const wrapped = (sentField(sent, 'gift') as { wrap?: boolean } | undefined)?.wrap;
        return [200, quoteFor([pendant], 0, wrapped ? 3.5 : 0)];
      }
      if (path === '/api/payments') return [200, { id: 'TEST-PAY-9', totalPrice: 47.45 }];
      if (method === 'POST' && path === '/api/orders') return [201, order];
      // Only the answer that placed the order carries its links.
      return [200, { ...order, orderLink: undefined, recipientLink: undefined }];
    });
    const where = renderRoutes(routes, '/checkout/placeorder');
    await screen.findByText('2 × £20.00 =');
    expect(screen.queryByLabelText('Gift message (optional)')).toBeNull();

    await userEvent.click(screen.getByRole('checkbox', { name: /This is a gift/ }));
    await pasteInto(screen.getByLabelText('Gift message (optional)'), 'Happy birthday!\nLove, J');
    expect(screen.getByText('As it will be printed:')).toBeTruthy();
    expect(screen.getByText(/227 characters left/)).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Gift wrap it (£3.50)' }));
    await waitFor(() => expect(summaryValue('Gift wrap')).toBe('£3.50'));
    expect(summaryValue('Total')).toBe('£47.45');

    await userEvent.click(await screen.findByRole('button', { name: TEST_PAY_LABEL }));
    await waitFor(() => expect(where()).toBe(`/order/guest-order?key=${KEY}`));
    const calls = callsOf(send);
    const gift = { message: 'Happy birthday!\nLove, J', wrap: true };
    expect(calls.find(({ path }) => path === '/api/payments')?.body).toEqual({
      orderItems: [{ product: 'p1', qty: 2 }],
      email: 'june@example.com',
      gift,
      shippingAddress: home,
      delivery: 'tracked-48',
      giftCards: [],
      expectedTotal: 47.45,
    });
    const placed = calls.find(({ method, path }) => method === 'POST' && path === '/api/orders');
    expect(placed?.body).toMatchObject({ email: 'june@example.com', gift });
    expect(useBasket.getState().basketItems).toEqual([]);

    // The gift's link for its recipient, in the answer that placed it alone, goes to the order's
    // page to offer (the guest's order page shows it: guest-order.test.tsx).
    expect(await screen.findByText(`Recipient’s link: ${RECIPIENT_LINK}`)).toBeTruthy();
  });
});
