import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBasket } from '../../state/basket-store';
import {
  ann,
  callsOf,
  orderOf,
  pasteInto,
  renderRoutes,
  resetStores,
  signInAs,
} from '../../support/testing';
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
  voucherOf,
} from './checkout-fixtures';
import { THANK_YOU } from './OrderConfirmationPage';
import { TEST_PAY_LABEL } from './TestPayment';

const fiveOff = {
  _id: 'v1',
  name: 'Five off',
  code: 'FIVE',
  discount: 5,
  expires: '2099-01-01T00:00:00.000Z',
  minSpend: null,
  maxUses: null,
  oncePerCustomer: false,
};

describe('placing the order', () => {
  beforeEach(() => {
    resetStores();
    signInAs(ann);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends a shopper without an address back to the shipping step', () => {
    fillBasket([pendant], null);
    const where = renderRoutes(checkoutRoutes, '/checkout/placeorder');
    expect(where()).toBe('/checkout/shipping');
  });

  it('says there is nothing to order when the basket is empty, and offers no payment', () => {
    fillBasket([]);
    const send = answerBySent(() => [200, testConfig]);
    renderRoutes(checkoutRoutes, '/checkout/placeorder');
    expect(screen.getByText('Basket is empty')).toBeTruthy();
    expect(screen.getByText('No items to be ordered')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(send).not.toHaveBeenCalled();
  });

  it("shows the shop's own figures for the basket, not the prices the basket kept", async () => {
    // The basket kept £20.00; the shop now sells the pendant at £22.00.
    fillBasket([pendant]);
    const send = answerBySent((_method, path) =>
      path === '/api/orders/quote'
        ? [200, quoteFor([{ ...pendant, price: 22 }])]
        : [200, testConfig],
    );
    renderRoutes(checkoutRoutes, '/checkout/placeorder');
    expect(screen.getByText('Pricing your order…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: TEST_PAY_LABEL })).toBeNull();

    expect(await screen.findByText('2 × £22.00 =')).toBeTruthy();
    expect(summaryValue('Items')).toBe('£44.00');
    expect(summaryValue('Delivery')).toBe('£3.95');
    expect(summaryValue('Total')).toBe('£47.95');
    expect(screen.getByText('Includes VAT of £7.99')).toBeTruthy();
    expect(
      screen.getByText(
        'Prices have changed since you added these items: the total is now £47.95 (was £43.95). Please check them before you pay.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('2 × £20.00 =')).toBeNull();
    expect(await screen.findByRole('button', { name: TEST_PAY_LABEL })).toBeTruthy();
    expect(screen.getByText(/test payments take no money/)).toBeTruthy();
    expect(callsOf(send).find(({ path }) => path === '/api/orders/quote')?.body).toEqual({
      orderItems: [{ product: 'p1', qty: 2 }],
      giftCards: [],
    });
  });

  it('says nothing of a price change when the shop charges what the basket said', async () => {
    fillBasket([
      { ...pendant, qty: 3 },
      { ...pendant, product: 'p2', name: 'Curb Chain', price: 0.01, qty: 1 },
    ]);
    answerBySent((_method, path) =>
      path === '/api/orders/quote'
        ? [
            200,
            quoteFor([
              { ...pendant, qty: 3 },
              { ...pendant, product: 'p2', name: 'Curb Chain', price: 0.01, qty: 1 },
            ]),
          ]
        : [200, testConfig],
    );
    renderRoutes(checkoutRoutes, '/checkout/placeorder');
    await screen.findByText('3 × £20.00 =');
    expect(summaryValue('Items')).toBe('£60.01');
    expect(summaryValue('Delivery')).toBe('Free');
    expect(summaryValue('Total')).toBe('£60.01');
    expect(screen.queryByText(/Prices have changed/)).toBeNull();
  });

  it('says in words why the basket cannot be priced, and offers no payment', async () => {
    fillBasket([pendant]);
    answerBySent((_method, path) =>
      path === '/api/orders/quote'
        ? [409, { message: 'Only 1 Silver Pendant left in stock', code: 'INSUFFICIENT_STOCK' }]
        : [200, testConfig],
    );
    renderRoutes(checkoutRoutes, '/checkout/placeorder');
    expect(await screen.findByText('Only 1 Silver Pendant left in stock')).toBeTruthy();
    expect(screen.getByText('Your order could not be priced')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your basket' }).getAttribute('href')).toBe(
      '/basket',
    );
    expect(screen.queryByRole('button', { name: TEST_PAY_LABEL })).toBeNull();
  });

  it('applies a voucher once the shop has priced the basket with it, and removes it', async () => {
    fillBasket([pendant]);
    const send = answerBySent((_method, path, sent) => {
      if (path === '/api/vouchers/code/five') return [200, [fiveOff]];
      if (path !== '/api/orders/quote') return [200, testConfig];
      return [200, quoteFor([pendant], voucherOf(sent) === 'five' ? 5 : 0)];
    });
    renderRoutes(checkoutRoutes, '/checkout/placeorder');
    await screen.findByText('2 × £20.00 =');
    const apply = screen.getByRole<HTMLButtonElement>('button', { name: 'Apply' });
    expect(apply.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Voucher code'), '   ');
    expect(apply.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Voucher code'), 'five');
    await userEvent.click(apply);

    expect(await screen.findByText('Voucher: Five off')).toBeTruthy();
    expect(summaryValue('Voucher: Five off')).toBe('−£5.00');
    expect(summaryValue('Total')).toBe('£38.95');
    expect(screen.getByText('Includes VAT of £6.49')).toBeTruthy();
    expect(callsOf(send).map(({ body }) => voucherOf(body))).toContain('five');

    await userEvent.click(screen.getByRole('button', { name: 'Remove voucher' }));
    expect(screen.queryByText('Voucher: Five off')).toBeNull();
    expect(summaryValue('Total')).toBe('£43.95');
  });

  it('says in words why a voucher was refused, such as how much more to spend', async () => {
    fillBasket([pendant]);
    const needMore = 'This voucher needs a spend of £50.00 on items: add £10.00 more to use it';
    answerBySent((_method, path, sent) => {
      if (path !== '/api/orders/quote') return [200, testConfig];
      return voucherOf(sent) === undefined
        ? [200, quoteFor([pendant])]
        : [409, { message: needMore, code: 'VOUCHER_MIN_SPEND' }];
    });
    renderRoutes(checkoutRoutes, '/checkout/placeorder');
    await screen.findByText('2 × £20.00 =');
    await userEvent.type(screen.getByLabelText('Voucher code'), 'BIGSPEND');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));

    // Said under the field, and tied to it for a screen reader.
    expect(
      await screen.findByRole('textbox', { name: 'Voucher code', description: needMore }),
    ).toBeTruthy();
    expect(screen.queryByText(/^Voucher:/)).toBeNull();
    expect(summaryValue('Total')).toBe('£43.95');
    expect(await screen.findByRole('button', { name: TEST_PAY_LABEL })).toBeTruthy();
  });

  it('pays in test mode for the total shown, records the order, empties the basket and thanks', async () => {
    fillBasket([pendant]);
    const order = orderOf({ _id: 'new-order', notes: 'Please wrap it as a gift' });
    const send = answerBySent((method, path, sent) => {
      if (path === '/api/config/paypal') return [200, testConfig];
      if (path === '/api/orders/quote') {
        return [200, quoteFor([{ ...pendant, price: 21 }], voucherOf(sent) ? 5 : 0)];
      }
      if (path === '/api/payments') return [200, { id: 'TEST-PAY-1', totalPrice: 40.95 }];
      if (method === 'POST' && path === '/api/orders') return [201, order];
      return [200, order];
    });
    const where = renderRoutes(checkoutRoutes, '/checkout/placeorder');
    await screen.findByText('2 × £21.00 =');
    await userEvent.type(screen.getByLabelText('Voucher code'), 'FIVE');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('Voucher: Five off');
    await pasteInto(screen.getByLabelText('Notes (optional)'), 'Please wrap it as a gift');
    await userEvent.click(await screen.findByRole('button', { name: TEST_PAY_LABEL }));

    await waitFor(() => expect(where()).toBe('/account/order/new-order/thank-you'));
    const calls = callsOf(send);
    expect(calls.find(({ path }) => path === '/api/payments')?.body).toEqual({
      orderItems: [{ product: 'p1', qty: 2 }],
      shippingAddress: home,
      voucher: 'FIVE',
      delivery: 'tracked-48',
      giftCards: [],
      expectedTotal: 40.95,
    });
    expect(
      calls.find(({ method, path }) => method === 'POST' && path === '/api/orders')?.body,
    ).toEqual({
      orderItems: [
        {
          product: 'p1',
          qty: 2,
          name: 'Silver Pendant',
          brand: 'Larkspur',
          image: '/uploads/pendant.webp',
          price: 21,
        },
      ],
      shippingAddress: home,
      paymentMethod: 'PayPal',
      voucher: 'FIVE',
      delivery: 'tracked-48',
      notes: 'Please wrap it as a gift',
      giftCards: [],
      paymentResult: { id: 'TEST-PAY-1' },
    });
    expect(await screen.findByRole('heading', { name: THANK_YOU })).toBeTruthy();
    expect(useBasket.getState().basketItems).toEqual([]);
    expect(useBasket.getState().shippingAddress).toEqual(home);
  });

  it('shows the new figures when prices change before paying, and pays the new total next', async () => {
    fillBasket([pendant]);
    const raised = quoteFor([{ ...pendant, price: 23 }]);
    let payments = 0;
    const send = answerBySent((method, path) => {
      if (path === '/api/config/paypal') return [200, testConfig];
      if (path === '/api/orders/quote') return [200, quoteFor([pendant])];
      if (path === '/api/payments') {
        payments += 1;
        return payments === 1
          ? [409, { message: 'Prices have changed', code: 'PRICE_CHANGED', quote: raised }]
          : [200, { id: 'TEST-PAY-2', totalPrice: 49.95 }];
      }
      if (method === 'POST' && path === '/api/orders') {
        return [201, orderOf({ _id: 'raised-order', totalPrice: 49.95 })];
      }
      return [200, orderOf({ _id: 'raised-order', totalPrice: 49.95 })];
    });
    const where = renderRoutes(checkoutRoutes, '/checkout/placeorder');
    await screen.findByText('2 × £20.00 =');
    expect(summaryValue('Total')).toBe('£43.95');
    await userEvent.click(await screen.findByRole('button', { name: TEST_PAY_LABEL }));

    expect(
      await screen.findByText(
        'Prices have changed since you added these items: the total is now £49.95 (was £43.95). Please check and pay again.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('2 × £23.00 =')).toBeTruthy();
    expect(summaryValue('Items')).toBe('£46.00');
    expect(summaryValue('Total')).toBe('£49.95');
    expect(screen.getByText('Includes VAT of £8.33')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(where()).toBe('/checkout/placeorder');

    await userEvent.click(screen.getByRole('button', { name: TEST_PAY_LABEL }));
    await waitFor(() => expect(where()).toBe('/account/order/raised-order/thank-you'));
    const paid = callsOf(send).filter(({ path }) => path === '/api/payments');
    expect(paid.map(({ body }) => sentField(body, 'expectedTotal'))).toEqual([43.95, 49.95]);
  });

  it('says in words why a payment failed, and keeps the basket', async () => {
    fillBasket([pendant]);
    answerBySent((_method, path) => {
      if (path === '/api/orders/quote') return [200, quoteFor([pendant])];
      return path === '/api/payments'
        ? [409, { message: 'Only 1 Silver Pendant left in stock', code: 'INSUFFICIENT_STOCK' }]
        : [200, testConfig];
    });
    const where = renderRoutes(checkoutRoutes, '/checkout/placeorder');
    await userEvent.click(await screen.findByRole('button', { name: TEST_PAY_LABEL }));
    expect(await screen.findByText('Only 1 Silver Pendant left in stock')).toBeTruthy();
    expect(where()).toBe('/checkout/placeorder');
    expect(useBasket.getState().basketItems).toHaveLength(1);
  });
});
