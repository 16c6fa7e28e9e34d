import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBasket } from '../../state/basket-store';
import { ann, callsOf, orderOf, renderRoutes, resetStores, signInAs } from '../../support/testing';
import {
  answerBySent,
  home,
  NEW_SHOP_METHODS,
  pendant,
  quoteFor,
  sentField,
  testConfig,
} from './checkout-fixtures';
import { OrderConfirmationPage } from './OrderConfirmationPage';
import type { PayPalButtonsOptions } from '../../api/paypal-sdk';
import { PlaceOrderPage } from './PlaceOrderPage';

/** Stands in for PayPal's script: records the options given to `paypal.Buttons`. */
function stubPayPal() {
  const rendered: PayPalButtonsOptions[] = [];
  vi.stubGlobal('paypal', {
    Buttons: (options: PayPalButtonsOptions) => ({
      render: async () => {
        rendered.push(options);
      },
      close: async () => undefined,
    }),
  });
  return rendered;
}

/** A PayPal shop taking PayPal alone: the script with its buttons and nothing else. */
const paypalConfig = (clientId: string) => ({
  ...testConfig,
  provider: 'paypal',
  clientId,
  methods: { ...NEW_SHOP_METHODS, card: false },
});

function renderPlaceOrder() {
  return renderRoutes(
    [
      { path: '/checkout/placeorder', element: <PlaceOrderPage /> },
      { path: '/account/order/:id/thank-you', element: <OrderConfirmationPage /> },
    ],
    '/checkout/placeorder',
  );
}

/** Lets PayPal's script "load" and answers the buttons it was asked to draw. */
async function loadButtons(): Promise<PayPalButtonsOptions> {
  const script = await waitFor(() => {
    const added = document.head.querySelector('script');
    if (!added) throw new Error('no PayPal script yet');
    return added;
  });
  const rendered = stubPayPal();
  act(() => {
    script.dispatchEvent(new Event('load'));
  });
  await waitFor(() => expect(rendered).toHaveLength(1));
  const [buttons] = rendered;
  if (!buttons) throw new Error('no PayPal buttons');
  return buttons;
}

describe('paying with PayPal', () => {
  beforeEach(() => {
    resetStores();
    signInAs(ann);
    act(() => useBasket.setState({ basketItems: [pendant], shippingAddress: home }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.head.querySelectorAll('script').forEach((script) => script.remove());
  });

  it('loads the script once, then pays, retries a declined payment and thanks the shopper', async () => {
    let declined = true;
    answerBySent((method, path) => {
      if (path === '/api/config/paypal') return [200, paypalConfig('client-123')];
      if (path === '/api/orders/quote') return [200, quoteFor([pendant])];
      if (path === '/api/payments') return [200, { id: '5O190127TN364715T', totalPrice: 43.95 }];
      if (method === 'POST' && path === '/api/orders') {
        if (declined) {
          declined = false;
          return [402, { message: 'Your card was declined', code: 'PAYMENT_DECLINED' }];
        }
        return [201, orderOf({ _id: 'paid-order' })];
      }
      return [200, orderOf({ _id: 'paid-order' })];
    });
    const where = renderPlaceOrder();

    expect((await screen.findByText('Loading PayPal…')).closest('[role="status"]')).not.toBeNull();
    const scripts = document.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    const src = new URL(scripts[0]?.src ?? '');
    expect(`${src.origin}${src.pathname}`).toBe('https://www.paypal.com/sdk/js');
    expect(Object.fromEntries(src.searchParams)).toEqual({
      'client-id': 'client-123',
      currency: 'GBP',
      intent: 'capture',
    });

    const buttons = await loadButtons();
    expect(screen.queryByText('Loading PayPal…')).toBeNull();

    const paymentId = await act(() => buttons.createOrder());
    expect(paymentId).toBe('5O190127TN364715T');

    const restart = vi.fn(async () => undefined);
    await act(() => buttons.onApprove({ orderID: paymentId }, { restart }));
    expect(restart).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Your card was declined')).toBeTruthy();
    expect(where()).toBe('/checkout/placeorder');

    await act(() => buttons.onApprove({ orderID: paymentId }, { restart }));
    await waitFor(() => expect(where()).toBe('/account/order/paid-order/thank-you'));
    expect(restart).toHaveBeenCalledTimes(1);
    expect(useBasket.getState().basketItems).toEqual([]);
  });

  it('says why a payment that does not match was refused, without reopening PayPal', async () => {
    const mismatch = 'The payment did not match your order, so it was refunded at once';
    answerBySent((method, path) => {
      if (path === '/api/config/paypal') return [200, paypalConfig('client-mismatch')];
      if (path === '/api/orders/quote') return [200, quoteFor([pendant])];
      if (path === '/api/payments') return [200, { id: 'PAY-MISMATCH', totalPrice: 43.95 }];
      return [402, { message: mismatch, code: 'PAYMENT_MISMATCH' }];
    });
    const where = renderPlaceOrder();
    const buttons = await loadButtons();
    const paymentId = await act(() => buttons.createOrder());
    const restart = vi.fn(async () => undefined);
    await act(() => buttons.onApprove({ orderID: paymentId }, { restart }));
    expect(screen.getByText(mismatch)).toBeTruthy();
    expect(restart).not.toHaveBeenCalled();
    expect(where()).toBe('/checkout/placeorder');
  });

  it('closes PayPal when prices have changed, shows the new figures, then pays the new total', async () => {
    const raised = quoteFor([{ ...pendant, price: 23 }]);
    let payments = 0;
    const send = answerBySent((_method, path) => {
      if (path === '/api/config/paypal') return [200, paypalConfig('client-prices')];
      if (path === '/api/orders/quote') return [200, quoteFor([pendant])];
      payments += 1;
      return payments === 1
        ? [409, { message: 'Prices have changed', code: 'PRICE_CHANGED', quote: raised }]
        : [200, { id: 'PAY-NEW-TOTAL', totalPrice: 49.95 }];
    });
    renderPlaceOrder();
    const buttons = await loadButtons();

    // Throwing from createOrder is what makes PayPal close its window.
    await act(() => expect(buttons.createOrder()).rejects.toThrow('Prices have changed'));
    act(() => buttons.onError?.(new Error('createOrder failed')));
    expect(
      await screen.findByText(
        'Prices have changed since you added these items: the total is now £49.95 (was £43.95). Please check and pay again.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('2 × £23.00 =')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    expect(await act(() => buttons.createOrder())).toBe('PAY-NEW-TOTAL');
    const paid = callsOf(send).filter(({ path }) => path === '/api/payments');
    expect(paid.map(({ body }) => sentField(body, 'expectedTotal'))).toEqual([43.95, 49.95]);
  });
});
