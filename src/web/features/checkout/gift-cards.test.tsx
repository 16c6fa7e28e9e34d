import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BasketItem } from '../../../shared/orders/basket-item';
import type { Quote } from '../../../shared/orders/checkout';
import { giftCardLine, giftCardOrderItem } from '../../support/gift-card-fixtures';
import { ann, callsOf, orderOf, renderRoutes, resetStores, signInAs } from '../../support/testing';
import {
  answerBySent,
  checkoutRoutes,
  fillBasket,
  pendant,
  quoteFor,
  sentField,
  summaryValue,
  testConfig,
} from './checkout-fixtures';
import { TEST_PAY_LABEL } from './TestPayment';

/** A card with £12 on it, and one with £100, more than any of these orders. */
const TWELVE_POUNDS = 'ABCDEFGHJKLMNPQR';
const HUNDRED_POUNDS = 'WXYZWXYZWXYZWXYZ';
const BALANCES: Record<string, number> = { [TWELVE_POUNDS]: 12, [HUNDRED_POUNDS]: 100 };

/** The quote for `lines` paid with `codes`, each taking what it holds, the first first. */
function quoteWithCards(lines: readonly BasketItem[], codes: readonly string[]): Quote {
  const quote = quoteFor(lines);
  let leftPence = Math.round(quote.totalPrice * 100);
  const giftCardPayments = codes.map((code) => {
    const pence = Math.min(leftPence, (BALANCES[code] ?? 0) * 100);
    leftPence -= pence;
    return { last4: code.slice(-4), amount: pence / 100 };
  });
  return { ...quote, giftCardPayments, payable: leftPence / 100 };
}

const codesOf = (sent: unknown): string[] => {
  const codes = sentField(sent, 'giftCards');
  return Array.isArray(codes) ? codes.filter((code) => typeof code === 'string') : [];
};

/** The shop: prices and pays with the cards it knows, refusing any other. */
function answerTheShop(lines: readonly BasketItem[]) {
  return answerBySent((method, path, sent) => {
    if (path === '/api/orders/quote' || path === '/api/payments') {
      const codes = codesOf(sent);
      if (codes.some((code) => !(code in BALANCES))) {
        return [404, { code: 'GIFT_CARD_NOT_FOUND', message: 'We do not know that gift card' }];
      }
      const quote = quoteWithCards(lines, codes);
      if (path === '/api/orders/quote') return [200, quote];
      return [
        200,
        {
          ...quote,
          id: quote.payable === 0 ? null : 'TEST-PAY-1',
          totalPrice: quote.totalPrice,
        },
      ];
    }
    if (method === 'POST' && path === '/api/orders') return [201, orderOf()];
    return [200, testConfig];
  });
}

async function applyGiftCard(code: string) {
  const box = await screen.findByLabelText('Gift card code');
  await userEvent.clear(box);
  await userEvent.type(box, code);
  await userEvent.click(screen.getByRole('button', { name: 'Use card' }));
}

const bodyOf = (send: ReturnType<typeof answerTheShop>, path: string) =>
  callsOf(send).findLast((call) => call.path === path)?.body;

beforeEach(() => {
  resetStores();
  signInAs(ann);
});
afterEach(() => vi.unstubAllGlobals());

describe('paying with gift cards', () => {
  it('takes a card off the total, shows what is left to pay, and pays the rest by PayPal', async () => {
    fillBasket([pendant]);
    const send = answerTheShop([pendant]);
    renderRoutes(checkoutRoutes, '/checkout/placeorder');
    expect(await screen.findByRole('button', { name: TEST_PAY_LABEL })).toBeTruthy();
    expect(screen.queryByText('To pay')).toBeNull();

    await applyGiftCard('abcd-efgh jklm-npqr');
    expect(await screen.findByText('Gift card ending NPQR')).toBeTruthy();
    expect(screen.getByText('−£12.00', { exact: false })).toBeTruthy();
    expect(summaryValue('Total')).toBe('£43.95');
    expect(summaryValue('To pay')).toBe('£31.95');
    expect(screen.getByLabelText<HTMLInputElement>('Gift card code').value).toBe('');
    expect(codesOf(bodyOf(send, '/api/orders/quote'))).toEqual([TWELVE_POUNDS]);

    // PayPal is still asked, for the rest.
    await userEvent.click(await screen.findByRole('button', { name: TEST_PAY_LABEL }));
    await waitFor(() => expect(bodyOf(send, '/api/orders')).toBeDefined());
    expect(codesOf(bodyOf(send, '/api/payments'))).toEqual([TWELVE_POUNDS]);
    const order = bodyOf(send, '/api/orders');
    expect(sentField(order, 'paymentResult')).toEqual({ id: 'TEST-PAY-1' });
    expect(codesOf(order)).toEqual([TWELVE_POUNDS]);
  });

  it('places an order the cards pay in full without PayPal', async () => {
    fillBasket([pendant]);
    const send = answerTheShop([pendant]);
    const where = renderRoutes(checkoutRoutes, '/checkout/placeorder');
    await applyGiftCard(HUNDRED_POUNDS);

    expect(await screen.findByText('Gift card ending WXYZ')).toBeTruthy();
    expect(summaryValue('To pay')).toBe('£0.00');
    expect(
      screen.getByText('Your gift cards pay for the whole order: nothing more to pay.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: TEST_PAY_LABEL })).toBeNull();
    expect(screen.queryByRole('button', { name: /PayPal|Pay with card/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(where()).toBe(`/account/order/${orderOf()._id}/thank-you`));
    expect(codesOf(bodyOf(send, '/api/payments'))).toEqual([HUNDRED_POUNDS]);
    const order = bodyOf(send, '/api/orders');
    expect(sentField(order, 'paymentResult')).toBeNull();
    expect(codesOf(order)).toEqual([HUNDRED_POUNDS]);
  });

  it("says by the field, in the shop's words, why a code was refused, and takes a card off again", async () => {
    fillBasket([pendant]);
    answerTheShop([pendant]);
    renderRoutes(checkoutRoutes, '/checkout/placeorder');

    await applyGiftCard('QQQQ-QQQQ-QQQQ-QQQQ');
    const box = screen.getByLabelText('Gift card code');
    expect(await screen.findByText('We do not know that gift card')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('list', { name: 'Gift cards applied' })).toBeNull();

    await applyGiftCard(TWELVE_POUNDS);
    expect(await screen.findByText('Gift card ending NPQR')).toBeTruthy();
    expect(screen.queryByText('We do not know that gift card')).toBeNull();
    await applyGiftCard(TWELVE_POUNDS.toLowerCase());
    expect(await screen.findByText('That gift card is already applied')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Remove gift card ending NPQR' }));
    await waitFor(() => expect(screen.queryByText('To pay')).toBeNull());
    expect(screen.queryByText('Gift card ending NPQR')).toBeNull();
  });
});

describe('buying gift cards alone', () => {
  const card = giftCardLine();
  const emailQuote = (): Quote => ({
    ...quoteFor([card]),
    shippingPrice: 0,
    totalPrice: 25,
    payable: 25,
    delivery: 'email',
  });

  it('asks only the buyer’s name, and no way to send them', async () => {
    fillBasket([card], null);
    const send = answerBySent(() => [200, testConfig]);
    const where = renderRoutes(checkoutRoutes, '/checkout/shipping');

    expect(
      screen.getByText('Gift cards are sent by email: there is no address to give.'),
    ).toBeTruthy();
    expect(screen.queryByLabelText(/Postcode/)).toBeNull();
    expect(screen.queryByRole('group', { name: 'Delivery' })).toBeNull();
    const name = screen.getByLabelText<HTMLInputElement>('Your name');
    expect(name.value).toBe(ann.name);
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please enter your name')).toBeTruthy();

    await userEvent.type(name, 'Ann Archer');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(where()).toBe('/checkout/payment');
    expect(callsOf(send).some(({ path }) => path.startsWith('/api/delivery'))).toBe(false);
  });

  it('reviews the cards with their recipients and days, sent by email, and pays for them', async () => {
    fillBasket([card], { name: 'Ann Archer' });
    const send = answerBySent((method, path) => {
      if (path === '/api/orders/quote') return [200, emailQuote()];
      if (path === '/api/payments') return [200, { ...emailQuote(), id: 'TEST-PAY-2' }];
      if (method === 'POST' && path === '/api/orders') return [201, orderOf()];
      // The thank-you page may read the order again once it is shown.
      if (method === 'GET' && path === `/api/orders/${orderOf()._id}`) return [200, orderOf()];
      return [200, testConfig];
    });
    const where = renderRoutes(checkoutRoutes, '/checkout/placeorder');

    expect(
      await screen.findByText('For Bea Baker (bea@example.com), sent Thursday 24 December'),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Each gift card is emailed to its recipient on the day you chose, from Ann Archer.',
      ),
    ).toBeTruthy();
    expect(summaryValue('Delivery')).toBe('By email');
    expect(screen.queryByRole('checkbox', { name: /gift wrap/i })).toBeNull();

    await userEvent.click(await screen.findByRole('button', { name: TEST_PAY_LABEL }));
    await waitFor(() => expect(bodyOf(send, '/api/orders')).toBeDefined());
    expect(sentField(bodyOf(send, '/api/payments'), 'shippingAddress')).toMatchObject({
      name: 'Ann Archer',
    });
    expect(sentField(bodyOf(send, '/api/orders'), 'orderItems')).toEqual([
      expect.objectContaining({
        product: card.product,
        variant: 'gc-25',
        qty: 1,
        giftCard: {
          recipientName: 'Bea Baker',
          recipientEmail: 'bea@example.com',
          message: 'Happy Christmas!',
          sendOn: '2026-12-24',
        },
      }),
    ]);
    // The basket empties as the buyer leaves: they land on the thank-you page, not the name step.
    await waitFor(() => expect(where()).toBe(`/account/order/${orderOf()._id}/thank-you`));
  });
});

describe('the thank-you page for gift cards', () => {
  it('says who each card goes to and when, and that the cards paid it all', async () => {
    const order = orderOf({
      orderItems: [giftCardOrderItem],
      giftCardPayments: [{ last4: 'NPQR', amount: 50 }],
      itemsPrice: 50,
      shippingPrice: 0,
      totalPrice: 50,
    });
    answerBySent(() => [200, order]);
    renderRoutes(checkoutRoutes, `/account/order/${order._id}/thank-you`);

    const bought = await screen.findByRole('list', { name: 'What you bought' });
    expect(
      within(bought).getByText('For Bea Baker (bea@example.com), sent Thursday 24 December'),
    ).toBeTruthy();
    expect(within(bought).getByText('Cards ending KM7Q and X4TR')).toBeTruthy();
    expect(screen.getByText(/Each gift card is emailed to its recipient at 8am/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Delivery address' })).toBeNull();
    expect(summaryValue('Gift card ending NPQR')).toBe('−£50.00');
    expect(screen.queryByText(/^Paid by/)).toBeNull();
  });
});
