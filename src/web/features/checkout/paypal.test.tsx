import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBasket } from '../../state/basket-store';
import { answerBy, ann, orderOf, renderRoutes, resetStores, signInAs } from '../../support/testing';
import type { PayPalButtonsOptions } from './paypal-sdk';
import { PlaceOrderPage } from './PlaceOrderPage';

const home = {
  address: '1 Mill Lane',
  city: 'Bristol',
  postalCode: 'BS1 4DJ',
  country: 'United Kingdom',
};
const pendant = {
  product: 'p1',
  name: 'Silver Pendant',
  brand: 'Larkspur',
  image: '/uploads/pendant.webp',
  price: 20,
  countInStock: 5,
  qty: 2,
};

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

  it('loads the script once, then pays, retries a declined payment and opens the order', async () => {
    let declined = true;
    answerBy((method, path) => {
      if (path === '/api/config/paypal') {
        return [200, { provider: 'paypal', clientId: 'client-123', currency: 'GBP' }];
      }
      if (path === '/api/payments') return [200, { id: '5O190127TN364715T', totalPrice: 44.99 }];
      if (method === 'POST' && path === '/api/orders') {
        if (declined) {
          declined = false;
          return [402, { message: 'Your card was declined', code: 'PAYMENT_REQUIRED' }];
        }
        return [201, orderOf({ _id: 'paid-order' })];
      }
      return [404, { message: 'Not found', code: 'NOT_FOUND' }];
    });
    const where = renderRoutes(
      [{ path: '/checkout/placeorder', element: <PlaceOrderPage /> }],
      '/checkout/placeorder',
    );

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

    const rendered = stubPayPal();
    act(() => {
      scripts[0]?.dispatchEvent(new Event('load'));
    });
    await vi.waitFor(() => expect(rendered).toHaveLength(1));
    expect(screen.queryByText('Loading PayPal…')).toBeNull();
    const buttons = rendered[0];
    if (!buttons) throw new Error('no PayPal buttons');

    const paymentId = await act(() => buttons.createOrder());
    expect(paymentId).toBe('5O190127TN364715T');

    const restart = vi.fn(async () => undefined);
    await act(() => buttons.onApprove({ orderID: paymentId }, { restart }));
    expect(restart).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Your card was declined')).toBeTruthy();
    expect(where()).toBe('/checkout/placeorder');

    await act(() => buttons.onApprove({ orderID: paymentId }, { restart }));
    await vi.waitFor(() => expect(where()).toBe('/account/order/paid-order'));
    expect(restart).toHaveBeenCalledTimes(1);
    expect(useBasket.getState().basketItems).toEqual([]);
  });
});
