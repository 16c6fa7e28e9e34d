import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBasket } from '../../state/basket-store';
import {
  deliveryAnswerOf,
  demoDeliveryAnswer,
  demoOptionsFor,
  studio,
} from '../../support/delivery-fixtures';
import {
  ann,
  orderOf,
  pasteInto,
  renderRoutes,
  resetStores,
  signInAs,
} from '../../support/testing';
import {
  addressBookAnswer,
  answerBySent,
  callsBesideDelivery,
  checkoutRoutes,
  fillBasket,
  home,
  pendant,
  quoteFor,
  sentField,
  summaryValue,
  testConfig,
} from './checkout-fixtures';
import { CHECK_STORED_ADDRESS } from './ShippingPage';
import { TEST_PAY_LABEL } from './TestPayment';

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const services = () => screen.getByRole('group', { name: 'Delivery' });
const service = (name: RegExp) => within(services()).getByRole('radio', { name });

const NOT_FOR_THIS_BASKET =
  'Sorry, Special Delivery Guaranteed by 1pm is not available for this basket: please choose another way to send it';

/** The quote and the payment of the demo shop, each priced by the service it is sent. */
function demoShop(payment: (sent: unknown) => readonly [number, unknown] = () => [200, paid]) {
  return answerBySent((method, path, sent) => {
    const fromBook = addressBookAnswer(method, path, sent);
    if (fromBook) return fromBook;
    if (path === '/api/config/paypal') return [200, testConfig];
    if (path === '/api/orders/quote') {
      const asked = sentField(sent, 'delivery');
      return [200, quoteFor([pendant], 0, 0, typeof asked === 'string' ? asked : undefined)];
    }
    if (path === '/api/payments') return payment(sent);
    if (method === 'POST' && path === '/api/orders') return [201, orderOf({ _id: 'new-order' })];
    return [200, orderOf({ _id: 'new-order' })];
  });
}
const paid = { id: 'TEST-PAY-1', totalPrice: 0 };

describe('choosing delivery at checkout', () => {
  beforeEach(() => {
    resetStores();
    signInAs(ann);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers the services at the address step, and the order summary shows the one chosen with its dates', async () => {
    fillBasket([pendant]);
    const send = demoShop();
    const where = renderRoutes(checkoutRoutes, '/checkout/shipping');
    await userEvent.click(await screen.findByRole('radio', { name: /^Royal Mail Tracked 24/ }));
    expect(
      within(services())
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('aria-label')),
    ).toEqual([
      'Collect from the studio, Free, ready to collect Tue 1 Dec',
      'Royal Mail Tracked 48, £3.95, arrives Thu 3 Dec – Fri 4 Dec',
      'Royal Mail Tracked 24, £4.95, arrives Wed 2 Dec – Thu 3 Dec',
      'Special Delivery Guaranteed by 1pm, £9.95, arrives Wed 2 Dec',
    ]);
    expect(
      screen.getByText('Signed for, insured up to £750, guaranteed by 1pm the next working day'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Payment method' });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(where()).toBe('/checkout/placeorder');

    const summary = within(await screen.findByRole('complementary', { name: 'Order summary' }));
    const chosen = await summary.findByRole('region', { name: 'Delivery service' });
    expect(chosen.textContent).toBe(
      'Delivery serviceRoyal Mail Tracked 24Dispatched by Tue 1 Dec, arrives Wed 2 Dec – Thu 3 DecChange delivery',
    );
    await waitFor(() => expect(summaryValue('Delivery')).toBe('£4.95'));
    expect(summaryValue('Total')).toBe('£44.95');

    await userEvent.click(await screen.findByRole('button', { name: TEST_PAY_LABEL }));
    await waitFor(() => expect(where()).toBe('/account/order/new-order/thank-you'));
    const bodies = callsBesideDelivery(send)
      .filter(({ method, path }) => method === 'POST' && /^\/api\/(payments|orders)$/.test(path))
      .map(({ body }) => sentField(body, 'delivery'));
    expect(bodies).toEqual(['tracked-24', 'tracked-24']);
    expect(useBasket.getState().delivery).toBeNull();
  });

  it('asks only who collects and their phone for a collection, and shows where from', async () => {
    fillBasket([pendant], null);
    const send = demoShop();
    const where = renderRoutes(checkoutRoutes, '/checkout/shipping');
    await userEvent.click(await screen.findByRole('radio', { name: /^Collect from the studio/ }));

    expect(screen.getByText('Who is collecting your order?')).toBeTruthy();
    expect(screen.queryByLabelText('Address line 1')).toBeNull();
    expect(screen.queryByLabelText('Postcode')).toBeNull();
    const from = screen.getByRole('region', { name: 'Collect from' });
    expect(from.textContent).toBe(`Collect from${studio.address}${studio.instructions}`);
    expect(field('Your name').value).toBe('Ann Shopper');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText(
        'Please enter a phone number, so that we can call you when it is ready',
      ),
    ).toBeTruthy();
    expect(field('Phone').getAttribute('aria-invalid')).toBe('true');
    expect(useBasket.getState().shippingAddress).toBeNull();

    await pasteInto(field('Phone'), '07700 900123');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Payment method' });
    expect(useBasket.getState().shippingAddress).toEqual({
      name: 'Ann Shopper',
      phone: '07700 900123',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    const collection = await screen.findByRole('region', { name: 'Collection' });
    expect(collection.textContent).toBe(
      `CollectionCollected by Ann Shopper, phone 07700 900123From ${studio.address}Change who collects`,
    );
    await waitFor(() => expect(summaryValue('Delivery')).toBe('Free'));
    await userEvent.click(await screen.findByRole('button', { name: TEST_PAY_LABEL }));
    await waitFor(() => expect(where()).toBe('/account/order/new-order/thank-you'));
    const payment = callsBesideDelivery(send).find(({ path }) => path === '/api/payments');
    expect(sentField(payment?.body, 'delivery')).toBe('collect');
    expect(sentField(payment?.body, 'shippingAddress')).toEqual({
      name: 'Ann Shopper',
      line2: '',
      county: '',
      country: 'United Kingdom',
      phone: '07700 900123',
    });
  });

  it('offers a saved address first to a shopper who collected last time, with nothing to check', async () => {
    fillBasket([pendant], { name: 'Ann Shopper', phone: '07700 900123' });
    answerBySent(
      (method, path, sent) =>
        addressBookAnswer(method, path, sent, [{ ...home, _id: 'saved-home' }]) ?? [
          404,
          { message: 'Not found', code: 'NOT_FOUND' },
        ],
    );
    renderRoutes(checkoutRoutes, '/checkout/shipping');
    const sendTo = await screen.findByRole('group', { name: 'Send it to' });
    expect(
      within(sendTo).getByRole('radio', { name: 'Ann Archer, 1 Mill Lane, Bristol, BS1 4DJ' }),
    ).toHaveProperty('checked', true);
    expect(screen.queryByText(CHECK_STORED_ADDRESS)).toBeNull();
  });

  it('sends a collection without a phone number back to the shipping step', async () => {
    fillBasket([pendant], { ...home, phone: '' });
    useBasket.getState().chooseDelivery('collect');
    demoShop();
    const where = renderRoutes(checkoutRoutes, '/checkout/placeorder');
    await waitFor(() => expect(where()).toBe('/checkout/shipping'));
    expect(await screen.findByLabelText('Phone')).toBeTruthy();
    expect(field('Your name').value).toBe('Ann Archer');
  });

  it('tells a delivery the shop refuses at payment in its words, and offers the services again', async () => {
    fillBasket([pendant]);
    useBasket.getState().chooseDelivery('special-delivery');
    // The owner stopped offering Special Delivery after the basket was shown.
    let withdrawn = false;
    const send = answerBySent(
      (method, path, sent) => {
        if (path.startsWith('/api/delivery')) {
          const options = demoOptionsFor(4000).filter(
            (option) => !withdrawn || option.id !== 'special-delivery',
          );
          return [200, deliveryAnswerOf(options)];
        }
        if (path === '/api/config/paypal') return [200, testConfig];
        if (path === '/api/orders/quote') {
          const asked = sentField(sent, 'delivery');
          return [200, quoteFor([pendant], 0, 0, typeof asked === 'string' ? asked : undefined)];
        }
        if (path === '/api/payments') {
          if (sentField(sent, 'delivery') === 'special-delivery') {
            withdrawn = true;
            return [409, { message: NOT_FOR_THIS_BASKET, code: 'DELIVERY_UNAVAILABLE' }];
          }
          return [200, paid];
        }
        if (method === 'POST' && path === '/api/orders')
          return [201, orderOf({ _id: 'new-order' })];
        return [200, orderOf({ _id: 'new-order' })];
      },
      { delivery: 'asked' },
    );
    const where = renderRoutes(checkoutRoutes, '/checkout/placeorder');
    await waitFor(() => expect(summaryValue('Delivery')).toBe('£9.95'));
    await userEvent.click(await screen.findByRole('button', { name: TEST_PAY_LABEL }));

    expect((await screen.findByRole('alert')).textContent).toBe(NOT_FOR_THIS_BASKET);
    // The services as the shop offers them now, to choose again.
    await waitFor(() =>
      expect(
        within(services())
          .getAllByRole('radio')
          .map((radio) => radio.getAttribute('aria-label')),
      ).toEqual([
        'Collect from the studio, Free, ready to collect Tue 1 Dec',
        'Royal Mail Tracked 48, £3.95, arrives Thu 3 Dec – Fri 4 Dec',
        'Royal Mail Tracked 24, £4.95, arrives Wed 2 Dec – Thu 3 Dec',
      ]),
    );
    expect(where()).toBe('/checkout/placeorder');

    await userEvent.click(service(/^Royal Mail Tracked 24/));
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(summaryValue('Delivery')).toBe('£4.95'));
    await userEvent.click(await screen.findByRole('button', { name: TEST_PAY_LABEL }));
    await waitFor(() => expect(where()).toBe('/account/order/new-order/thank-you'));
    const payments = callsBesideDelivery(send).filter(({ path }) => path === '/api/payments');
    expect(payments.map(({ body }) => sentField(body, 'delivery'))).toEqual([
      'special-delivery',
      'tracked-24',
    ]);
  });

  it('tells the owner’s message when the payment finds checkout paused, and keeps the basket', async () => {
    fillBasket([pendant]);
    const closed = 'We are away until 4 January: orders open again then.';
    demoShop(() => [409, { message: closed, code: 'SHOP_PAUSED' }]);
    const where = renderRoutes(checkoutRoutes, '/checkout/placeorder');
    await userEvent.click(await screen.findByRole('button', { name: TEST_PAY_LABEL }));
    expect(await screen.findByText(closed)).toBeTruthy();
    expect(where()).toBe('/checkout/placeorder');
    expect(useBasket.getState().basketItems).toHaveLength(1);
  });

  it('offers no payment while the owner’s holiday pauses checkout, and says why', async () => {
    fillBasket([pendant]);
    const closed = 'We are away until 4 January: orders open again then.';
    answerBySent(
      (_method, path) =>
        path === '/api/orders/quote' ? [200, quoteFor([pendant])] : [200, testConfig],
      {
        delivery: () =>
          demoDeliveryAnswer({
            holiday: { from: '2026-12-20', to: '2027-01-03', message: closed, pauseCheckout: true },
          }),
      },
    );
    renderRoutes(checkoutRoutes, '/checkout/placeorder');
    expect(await screen.findByText(closed)).toBeTruthy();
    await waitFor(() => expect(summaryValue('Total')).toBe('£43.95'));
    expect(screen.queryByRole('button', { name: TEST_PAY_LABEL })).toBeNull();
  });
});
