import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BasketItem } from '../../../shared/basket';
import { useBasket } from '../../state/basket-store';
import {
  answerBy,
  ann,
  callsOf,
  orderOf,
  renderRoutes,
  resetStores,
  signInAs,
} from '../../support/testing';
import { PaymentMethodPage } from './PaymentMethodPage';
import { PlaceOrderPage } from './PlaceOrderPage';
import { ShippingPage } from './ShippingPage';

const home = {
  address: '1 Mill Lane',
  city: 'Bristol',
  postalCode: 'BS1 4DJ',
  country: 'United Kingdom',
};

const pendant: BasketItem = {
  product: 'p1',
  name: 'Silver Pendant',
  brand: 'Larkspur',
  image: '/uploads/pendant.webp',
  price: 20,
  countInStock: 5,
  qty: 2,
};

const checkoutRoutes = [
  { path: '/checkout/shipping', element: <ShippingPage /> },
  { path: '/checkout/payment', element: <PaymentMethodPage /> },
  { path: '/checkout/placeorder', element: <PlaceOrderPage /> },
];

function fillBasket(items: BasketItem[], address: typeof home | null = home) {
  act(() => useBasket.setState({ basketItems: items, shippingAddress: address }));
}

const testConfig = { provider: 'test', clientId: '', currency: 'GBP' };
const fiveOff = {
  _id: 'v1',
  name: 'Five off',
  code: 'FIVE',
  discount: 5,
  expires: '2099-01-01T00:00:00.000Z',
};

/** The value shown against a term of the order summary. */
function summaryValue(term: string): string | null {
  const summary = screen.getByRole('complementary', { name: 'Order summary' });
  const row = within(summary).getByText(term).parentElement;
  return row?.querySelector('dd')?.textContent ?? null;
}

describe('the shipping step', () => {
  beforeEach(() => {
    resetStores();
    signInAs(ann);
  });

  it('says all fields are required under each field that is too short, and saves nothing', async () => {
    const where = renderRoutes(checkoutRoutes, '/checkout/shipping');
    expect(
      screen
        .getByRole('navigation', { name: 'Checkout steps' })
        .querySelector('[aria-current="step"]')?.textContent,
    ).toBe('Shipping');
    await userEvent.type(screen.getByLabelText('Address'), '1 Mill Lane');
    await userEvent.type(screen.getByLabelText('City'), 'Ely');
    await userEvent.type(screen.getByLabelText('Postal code'), 'BS1 4DJ');
    await userEvent.type(screen.getByLabelText('Country'), 'UK');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(screen.getAllByText('All fields required')).toHaveLength(2);
    expect(screen.getByLabelText('City').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Country').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Address').getAttribute('aria-invalid')).toBeNull();
    expect(useBasket.getState().shippingAddress).toBeNull();
    expect(where()).toBe('/checkout/shipping');
  });

  it('starts from the stored address, stores the new one and goes on to payment', async () => {
    fillBasket([pendant]);
    const where = renderRoutes(checkoutRoutes, '/checkout/shipping');
    const city = screen.getByLabelText('City');
    expect((city as HTMLInputElement).value).toBe('Bristol');
    await userEvent.clear(city);
    await userEvent.type(city, 'Bath');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(where()).toBe('/checkout/payment');
    expect(JSON.parse(localStorage.getItem('shippingAddress') ?? 'null')).toEqual({
      ...home,
      city: 'Bath',
    });
  });
});

describe('the payment method step', () => {
  beforeEach(() => {
    resetStores();
    signInAs(ann);
  });

  it('sends a shopper without an address back to the shipping step', () => {
    const where = renderRoutes(checkoutRoutes, '/checkout/payment');
    expect(where()).toBe('/checkout/shipping');
  });

  it('offers the one way to pay, checked, and goes on to place the order', async () => {
    fillBasket([pendant]);
    const where = renderRoutes(checkoutRoutes, '/checkout/payment');
    const option = screen.getByRole('radio', { name: 'PayPal or credit card' });
    expect((option as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('link', { name: /^Shipping/ }).getAttribute('href')).toBe(
      '/checkout/shipping',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(where()).toBe('/checkout/placeorder');
    expect(useBasket.getState().paymentMethod).toBe('PayPal');
  });
});

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
    const send = answerBy(() => [200, testConfig]);
    renderRoutes(checkoutRoutes, '/checkout/placeorder');
    expect(screen.getByText('Basket is empty')).toBeTruthy();
    expect(screen.getByText('No items to be ordered')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(send).not.toHaveBeenCalled();
  });

  it('charges shipping up to £59.99 and shows the VAT as included', async () => {
    fillBasket([pendant]);
    answerBy(() => [200, testConfig]);
    renderRoutes(checkoutRoutes, '/checkout/placeorder');
    expect(screen.getByText('2 × £20.00 =')).toBeTruthy();
    expect(summaryValue('Items')).toBe('£40.00');
    expect(summaryValue('Shipping')).toBe('£4.99');
    expect(summaryValue('VAT (included)')).toBe('£8.00');
    expect(summaryValue('Total')).toBe('£44.99');
    expect(
      await screen.findByRole('button', { name: 'Pay (test mode, no money taken)' }),
    ).toBeTruthy();
    expect(screen.getByText(/test payments take no money/)).toBeTruthy();
  });

  it('ships free above £59.99', () => {
    fillBasket([
      { ...pendant, qty: 3 },
      { ...pendant, product: 'p2', name: 'Curb Chain', price: 0.01, qty: 1 },
    ]);
    answerBy(() => [200, testConfig]);
    renderRoutes(checkoutRoutes, '/checkout/placeorder');
    expect(summaryValue('Items')).toBe('£60.01');
    expect(summaryValue('Shipping')).toBe('Free');
    expect(summaryValue('Total')).toBe('£60.01');
  });

  it('applies a voucher only once a code is typed, shows its discount, and removes it', async () => {
    fillBasket([pendant]);
    const send = answerBy((_method, path) =>
      path.startsWith('/api/vouchers/code/') ? [200, [fiveOff]] : [200, testConfig],
    );
    renderRoutes(checkoutRoutes, '/checkout/placeorder');
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect((apply as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Voucher code'), '   ');
    expect((apply as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Voucher code'), 'FIVE');
    expect((apply as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(apply);

    expect(await screen.findByText('Voucher: Five off')).toBeTruthy();
    expect(summaryValue('Voucher: Five off')).toBe('−£5.00');
    expect(summaryValue('Total')).toBe('£39.99');
    expect(callsOf(send).map(({ path }) => path)).toContain('/api/vouchers/code/FIVE');

    await userEvent.click(screen.getByRole('button', { name: 'Remove voucher' }));
    expect(screen.queryByText('Voucher: Five off')).toBeNull();
    expect(summaryValue('Total')).toBe('£44.99');
  });

  it('shows why a voucher code was refused, as a warning under the totals', async () => {
    fillBasket([pendant]);
    answerBy((_method, path) =>
      path.startsWith('/api/vouchers/code/')
        ? [404, { message: 'That voucher has expired', code: 'NOT_FOUND' }]
        : [200, testConfig],
    );
    renderRoutes(checkoutRoutes, '/checkout/placeorder');
    await userEvent.type(screen.getByLabelText('Voucher code'), 'OLD');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('That voucher has expired')).toBeTruthy();
    expect(summaryValue('Total')).toBe('£44.99');
  });

  it('pays in test mode, records the order, empties the basket and opens the order', async () => {
    fillBasket([pendant]);
    const order = orderOf({ _id: 'new-order', notes: '70 cm chain please' });
    const send = answerBy((method, path) => {
      if (path === '/api/config/paypal') return [200, testConfig];
      if (path.startsWith('/api/vouchers/code/')) return [200, [fiveOff]];
      if (path === '/api/payments') return [200, { id: 'TEST-PAY-1', totalPrice: 39.99 }];
      if (method === 'POST' && path === '/api/orders') return [201, order];
      return [200, order];
    });
    const where = renderRoutes(checkoutRoutes, '/checkout/placeorder');
    await userEvent.type(screen.getByLabelText('Voucher code'), 'FIVE');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('Voucher: Five off');
    await userEvent.type(screen.getByLabelText('Notes (optional)'), '70 cm chain please');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Pay (test mode, no money taken)' }),
    );

    await vi.waitFor(() => expect(where()).toBe('/account/order/new-order'));
    const calls = callsOf(send);
    expect(calls.find(({ path }) => path === '/api/payments')?.body).toEqual({
      orderItems: [{ product: 'p1', qty: 2 }],
      shippingAddress: home,
      voucher: 'FIVE',
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
          price: 20,
        },
      ],
      shippingAddress: home,
      paymentMethod: 'PayPal',
      voucher: 'FIVE',
      notes: '70 cm chain please',
      paymentResult: { id: 'TEST-PAY-1' },
    });
    expect(useBasket.getState().basketItems).toEqual([]);
    expect(useBasket.getState().shippingAddress).toEqual(home);
  });

  it('says in words why a payment failed, and keeps the basket', async () => {
    fillBasket([pendant]);
    answerBy((_method, path) =>
      path === '/api/payments'
        ? [409, { message: 'Only 1 Silver Pendant left in stock', code: 'CONFLICT' }]
        : [200, testConfig],
    );
    const where = renderRoutes(checkoutRoutes, '/checkout/placeorder');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Pay (test mode, no money taken)' }),
    );
    expect(await screen.findByText('Only 1 Silver Pendant left in stock')).toBeTruthy();
    expect(where()).toBe('/checkout/placeorder');
    expect(useBasket.getState().basketItems).toHaveLength(1);
  });
});
