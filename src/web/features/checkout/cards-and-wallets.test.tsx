import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PayPalCardFieldsOptions } from '../../api/paypal-sdk';
import { Footer } from '../../layout/Footer';
import { ann, callsOf, orderOf, renderRoutes, resetStores, signInAs } from '../../support/testing';
import {
  answerBySent,
  checkoutRoutes,
  fillBasket,
  NEW_SHOP_METHODS,
  pendant,
  quoteFor,
  testConfig,
} from './checkout-fixtures';
import { PAY_BY_CARD } from './PayPalCardForm';
import { TEST_CARD_PAY_LABEL } from './TestCardForm';

const NOT_AUTHENTICATED =
  'Your bank could not confirm that this payment is yours, so nothing was taken. Please try again, or use another card or way to pay.';

/** A shop in test mode with these ways to pay on, answering a card payment as `orders` says. */
function testShop(methods: Partial<typeof NEW_SHOP_METHODS>, orders: () => [number, unknown]) {
  return answerBySent((method, path) => {
    if (path === '/api/config/paypal') {
      return [200, { ...testConfig, methods: { ...NEW_SHOP_METHODS, ...methods } }];
    }
    if (path === '/api/orders/quote') return [200, quoteFor([pendant])];
    if (path === '/api/payments') return [200, { id: 'TEST-CARD-1', totalPrice: 43.95 }];
    if (path.endsWith('/test-approval')) return [200, { message: 'Approved' }];
    if (method === 'POST' && path === '/api/orders') return orders();
    return [200, orderOf({ _id: 'card-order' })];
  });
}

describe('paying by card and wallet', () => {
  beforeEach(() => {
    resetStores();
    signInAs(ann);
    fillBasket([pendant]);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.head.querySelectorAll('script').forEach((script) => script.remove());
  });

  it('pays in test mode by a test card, asking for the card payment and approving it', async () => {
    const send = testShop({}, () => [201, orderOf({ _id: 'card-order' })]);
    const where = renderRoutes(checkoutRoutes, '/checkout/placeorder');
    await userEvent.type(await screen.findByLabelText('Card number'), '4242 4242 4242 4242');
    await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '12/30');
    await userEvent.type(screen.getByLabelText('Security code'), '123');
    await userEvent.click(screen.getByRole('button', { name: TEST_CARD_PAY_LABEL }));

    await waitFor(() => expect(where()).toBe('/account/order/card-order/thank-you'));
    const calls = callsOf(send);
    expect(calls.find(({ path }) => path === '/api/payments')?.body).toMatchObject({
      method: 'card',
    });
    expect(calls.find(({ path }) => path.endsWith('/test-approval'))).toEqual({
      method: 'POST',
      path: '/api/payments/TEST-CARD-1/test-approval',
      body: { card: '4242 4242 4242 4242' },
    });
  });

  it('says why a card was not taken and stays to take another', async () => {
    testShop({}, () => [402, { code: 'PAYMENT_NOT_AUTHENTICATED', message: NOT_AUTHENTICATED }]);
    const where = renderRoutes(checkoutRoutes, '/checkout/placeorder');
    await userEvent.type(await screen.findByLabelText('Card number'), '4000000000003220');
    await userEvent.click(screen.getByRole('button', { name: TEST_CARD_PAY_LABEL }));
    expect(await screen.findByText(NOT_AUTHENTICATED)).toBeTruthy();
    expect(where()).toBe('/checkout/placeorder');
  });

  it('offers no card form when cards are off, and Apple Pay only where the browser can pay', async () => {
    testShop({ card: false, applePay: true, googlePay: true }, () => [201, orderOf({})]);
    renderRoutes(checkoutRoutes, '/checkout/placeorder');
    expect(await screen.findByRole('button', { name: 'Google Pay (test)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apple Pay (test)' })).toBeNull();
    expect(screen.queryByLabelText('Card number')).toBeNull();
  });

  it('offers Apple Pay where the browser says it can pay with it', async () => {
    vi.stubGlobal(
      'ApplePaySession',
      Object.assign(() => undefined, { canMakePayments: () => true }),
    );
    const send = testShop({ applePay: true }, () => [201, orderOf({ _id: 'apple-order' })]);
    const where = renderRoutes(checkoutRoutes, '/checkout/placeorder');
    await userEvent.click(await screen.findByRole('button', { name: 'Apple Pay (test)' }));
    await waitFor(() => expect(where()).toBe('/account/order/apple-order/thank-you'));
    expect(callsOf(send).find(({ path }) => path === '/api/payments')?.body).toMatchObject({
      method: 'apple-pay',
    });
  });

  it('pays through PayPal’s card fields, loading the script with them', async () => {
    const options: PayPalCardFieldsOptions[] = [];
    const submit = vi.fn(async () => {
      const [fields] = options;
      if (!fields) throw new Error('no card fields');
      const paymentId = await fields.createOrder();
      await fields.onApprove({ orderID: paymentId });
    });
    const send = answerBySent((method, path) => {
      if (path === '/api/config/paypal') {
        return [200, { ...testConfig, provider: 'paypal', clientId: 'client-cards' }];
      }
      if (path === '/api/orders/quote') return [200, quoteFor([pendant])];
      if (path === '/api/payments') return [200, { id: '8PAYPALCARD00001', totalPrice: 43.95 }];
      if (method === 'POST' && path === '/api/orders') {
        return [402, { code: 'PAYMENT_NOT_AUTHENTICATED', message: NOT_AUTHENTICATED }];
      }
      return [200, orderOf({})];
    });
    renderRoutes(checkoutRoutes, '/checkout/placeorder');
    const script = await waitFor(() => {
      const added = document.head.querySelector('script');
      if (!added) throw new Error('no script yet');
      return added;
    });
    expect(Object.fromEntries(new URL(script.src).searchParams)).toEqual({
      'client-id': 'client-cards',
      currency: 'GBP',
      intent: 'capture',
      components: 'buttons,card-fields',
      'enable-funding': 'paylater',
    });
    const rendered: HTMLElement[] = [];
    vi.stubGlobal('paypal', {
      Buttons: () => ({ render: async () => undefined, close: async () => undefined }),
      CardFields: (given: PayPalCardFieldsOptions) => {
        options.push(given);
        const field = () => ({
          render: async (holder: HTMLElement) => {
            rendered.push(holder);
          },
        });
        return {
          isEligible: () => true,
          NumberField: field,
          ExpiryField: field,
          CVVField: field,
          NameField: field,
          submit,
        };
      },
    });
    act(() => {
      script.dispatchEvent(new Event('load'));
    });
    const pay = await screen.findByRole('button', { name: PAY_BY_CARD });
    await waitFor(() => expect(pay.hasAttribute('disabled')).toBe(false));
    expect(rendered).toHaveLength(4);
    await userEvent.click(pay);
    const card = screen.getByRole('region', { name: 'Or pay by debit or credit card' });
    expect(await within(card).findByText(NOT_AUTHENTICATED)).toBeTruthy();
    expect(callsOf(send).find(({ path }) => path === '/api/payments')?.body).toMatchObject({
      method: 'card',
    });
  });

  it('shows in the footer the marks of the ways to pay that are on, and only those', async () => {
    answerBySent((_method, path) =>
      path === '/api/config/paypal'
        ? [200, { ...testConfig, methods: { ...NEW_SHOP_METHODS, card: false, applePay: true } }]
        : [200, {}],
    );
    renderRoutes([{ path: '/', element: <Footer /> }], '/');
    const marks = await screen.findByRole('list', { name: 'We accept' });
    await waitFor(() =>
      expect(
        within(marks)
          .getAllByRole('img')
          .map((mark) => mark.getAttribute('aria-label')),
      ).toEqual(['PayPal', 'Apple Pay']),
    );
  });
});
