import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BasketItem } from '../../../shared/orders/basket-item';
import type { DeliveryAnswer } from '../../../shared/delivery/delivery';
import type { Quote } from '../../../shared/orders/checkout';
import { renderInApp } from '../../../../tests/support/render';
import { useBasket } from '../../state/basket-store';
import { useSession } from '../../state/session-store';
import {
  collectFromStudio,
  deliveryAnswerOf,
  demoDeliveryAnswer,
  specialDelivery,
} from '../../support/delivery-fixtures';
import { ann, answerBy, callsOf, resetStores } from '../../support/testing';
import { useToast } from '../../state/toast-store';
import { BasketPanel } from './BasketPanel';
import { BasketPage } from './BasketPage';

const scarf: BasketItem = {
  product: 's1',
  name: 'Check Scarf',
  brand: 'Tidewell & Co.',
  image: '/uploads/scarf.webp',
  price: 24.5,
  countInStock: 3,
  qty: 1,
};

const ring: BasketItem = {
  product: 'r1',
  name: 'Garnet Ring',
  brand: 'Larkspur',
  image: '/uploads/ring.webp',
  price: 120,
  countInStock: 2,
  qty: 1,
};

/** Each term of the basket's figures with its amount, in the order shown. */
const figures = () =>
  screen
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);

/** The delivery services offered, as a screen reader names each, in the order shown. */
const services = () =>
  within(screen.getByRole('group', { name: 'Delivery' }))
    .getAllByRole('radio')
    .map((radio) => radio.getAttribute('aria-label'));

const chosenService = () =>
  within(screen.getByRole('group', { name: 'Delivery' }))
    .getAllByRole<HTMLInputElement>('radio')
    .find((radio) => radio.checked)
    ?.getAttribute('aria-label');

/** The shop answering `GET /api/delivery` with `answer` (the demo shop's for the basket held). */
const shopAnswering = (answer: () => DeliveryAnswer = demoDeliveryAnswer) =>
  answerBy((_method, path) =>
    path.startsWith('/api/delivery?items=') ? [200, answer()] : [404, { message: 'Not found' }],
  );

describe('the basket panel', () => {
  beforeEach(() => resetStores());
  afterEach(() => vi.unstubAllGlobals());

  it('says the basket is empty', () => {
    renderInApp(<BasketPanel onClose={() => undefined} />);
    expect(screen.getByText('Basket is empty')).toBeTruthy();
  });

  it('offers the services for the basket, cheapest first, pricing the cheapest that sends it', async () => {
    const send = shopAnswering();
    act(() => {
      useBasket.getState().add({ ...scarf, qty: 2 });
    });
    renderInApp(<BasketPanel onClose={() => undefined} />);
    const line = within(screen.getByRole('list', { name: 'Items in your basket' }));
    expect(line.getByText('£24.50 each')).toBeTruthy();
    expect(line.getByText('Line total').parentElement?.textContent).toBe('Line total £49.00');

    await screen.findByRole('group', { name: 'Delivery' });
    expect(services()).toEqual([
      'Collect from the studio, Free, ready to collect Tue 1 Dec',
      'Royal Mail Tracked 48, £3.95, arrives Thu 3 Dec – Fri 4 Dec',
      'Royal Mail Tracked 24, £4.95, arrives Wed 2 Dec – Thu 3 Dec',
      'Special Delivery Guaranteed by 1pm, £9.95, arrives Wed 2 Dec',
    ]);
    expect(chosenService()).toBe('Royal Mail Tracked 48, £3.95, arrives Thu 3 Dec – Fri 4 Dec');
    expect(figures()).toEqual([
      ['Subtotal (2 items)', '£49.00'],
      ['Delivery', '£3.95'],
      ['Total', '£52.95'],
    ]);
    expect(screen.getByText('Includes VAT of £8.83')).toBeTruthy();
    expect(screen.getByText('Spend £11.00 more for free delivery')).toBeTruthy();
    expect(
      callsOf(send)
        .map(({ path }) => path)
        .filter((path) => path.startsWith('/api/delivery')),
    ).toEqual([`/api/delivery?items=${encodeURIComponent('s1:2')}`]);

    await userEvent.click(screen.getByRole('button', { name: 'Proceed To Checkout' }));
    expect(screen.getByRole('status', { name: 'Current address' }).textContent).toBe(
      '/account/login?redirect=/checkout/shipping',
    );
  });

  it('names a promotion the shop takes off, with the total the shop works out', async () => {
    const priced: Quote = {
      lines: [
        {
          product: 's1',
          variant: null,
          variantLabel: null,
          name: scarf.name,
          price: 24.5,
          qty: 2,
          personalisation: null,
          personalisationLabel: null,
          personalisationPrice: 0,
          discount: 4.9,
        },
      ],
      itemsPrice: 49,
      shippingPrice: 3.95,
      giftWrapPrice: 0,
      voucherDiscount: 0,
      promotionDiscount: 4.9,
      discounts: [{ source: 'promotion', name: 'Scarf weekend', code: null, amount: 4.9 }],
      discountNote: null,
      taxPrice: 8.01,
      totalPrice: 48.05,
      giftCardPayments: [],
      payable: 48.05,
      delivery: 'tracked-48',
      deliveryOptions: [],
    };
    const send = answerBy((method, path) => {
      if (path.startsWith('/api/delivery?items=')) return [200, demoDeliveryAnswer()];
      if (method === 'POST' && path === '/api/orders/quote') return [200, priced];
      return [404, { message: 'Not found' }];
    });
    act(() => {
      useBasket.getState().add({ ...scarf, qty: 2 });
    });
    renderInApp(<BasketPanel onClose={() => undefined} />);
    await screen.findByText('Offer: Scarf weekend');
    expect(figures()).toEqual([
      ['Subtotal (2 items)', '£49.00'],
      ['Delivery', '£3.95'],
      ['Offer: Scarf weekend', '−£4.90'],
      ['Total', '£48.05'],
    ]);
    expect(screen.getByText('Includes VAT of £8.01')).toBeTruthy();
    // Free from £60 of items after the offer: £44.10 of them, so £15.90 more.
    expect(screen.getByText('Spend £15.90 more for free delivery')).toBeTruthy();
    const asked = callsOf(send).find(({ path }) => path === '/api/orders/quote');
    expect(asked?.body).toEqual({
      orderItems: [{ product: 's1', qty: 2 }],
      delivery: 'tracked-48',
      giftCards: [],
    });
  });

  it('prices the service the shopper chooses, and keeps the choice for checkout', async () => {
    shopAnswering();
    act(() => {
      useBasket.getState().add({ ...scarf, qty: 2 });
    });
    renderInApp(<BasketPanel onClose={() => undefined} />);
    await userEvent.click(
      await screen.findByRole('radio', {
        name: 'Special Delivery Guaranteed by 1pm, £9.95, arrives Wed 2 Dec',
      }),
    );
    expect(figures()).toEqual([
      ['Subtotal (2 items)', '£49.00'],
      ['Delivery', '£9.95'],
      ['Total', '£58.95'],
    ]);
    // Special Delivery is never free, so there is nothing more to spend for it.
    expect(screen.queryByText(/more for free delivery/)).toBeNull();
    expect(localStorage.getItem('delivery')).toBe('"special-delivery"');

    await userEvent.click(
      screen.getByRole('radio', {
        name: 'Collect from the studio, Free, ready to collect Tue 1 Dec',
      }),
    );
    expect(figures()).toEqual([
      ['Subtotal (2 items)', '£49.00'],
      ['Delivery', 'Free'],
      ['Total', '£49.00'],
    ]);
    expect(useBasket.getState().delivery).toBe('collect');
  });

  it('offers a £120 ring only the services that cover it', async () => {
    shopAnswering(() => deliveryAnswerOf([collectFromStudio, specialDelivery]));
    act(() => {
      useBasket.getState().add(ring);
    });
    renderInApp(<BasketPanel onClose={() => undefined} />);
    await screen.findByRole('group', { name: 'Delivery' });
    expect(services()).toEqual([
      'Collect from the studio, Free, ready to collect Tue 1 Dec',
      'Special Delivery Guaranteed by 1pm, £9.95, arrives Wed 2 Dec',
    ]);
    expect(chosenService()).toBe('Special Delivery Guaranteed by 1pm, £9.95, arrives Wed 2 Dec');
    expect(figures()).toEqual([
      ['Subtotal (1 item)', '£120.00'],
      ['Delivery', '£9.95'],
      ['Total', '£129.95'],
    ]);
  });

  it('prices the default when the basket outgrows the service chosen, and says so', async () => {
    shopAnswering();
    act(() => {
      useBasket.getState().add(scarf);
      useBasket.getState().chooseDelivery('tracked-24');
    });
    renderInApp(<BasketPanel onClose={() => undefined} />);
    await screen.findByRole('group', { name: 'Delivery' });
    await waitFor(() => expect(figures()[1]).toEqual(['Delivery', '£4.95']));

    // A ring takes the basket past the £100 Tracked 24 covers.
    act(() => {
      useBasket.getState().add(ring);
    });
    expect(
      await screen.findByText(
        'The delivery you chose is not available for this basket now, so we have chosen Special Delivery Guaranteed by 1pm for you. You can choose another below.',
      ),
    ).toBeTruthy();
    expect(chosenService()).toBe('Special Delivery Guaranteed by 1pm, £9.95, arrives Wed 2 Dec');
    expect(figures()).toEqual([
      ['Subtotal (2 items)', '£144.50'],
      ['Delivery', '£9.95'],
      ['Total', '£154.45'],
    ]);
  });

  it('says the owner has paused checkout, in their words, and will not go on', async () => {
    shopAnswering(() =>
      demoDeliveryAnswer({
        holiday: {
          from: '2026-12-20',
          to: '2027-01-03',
          message: 'The studio is closed for Christmas: back on 4 January.',
          pauseCheckout: true,
        },
      }),
    );
    act(() => {
      useBasket.getState().add(scarf);
    });
    renderInApp(<BasketPanel onClose={() => undefined} />);
    expect(
      await screen.findByText('The studio is closed for Christmas: back on 4 January.'),
    ).toBeTruthy();
    const paused = screen.getByRole('button', { name: 'Checkout is paused until Mon 4 Jan' });
    expect(paused).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Proceed To Checkout' })).toBeNull();
  });

  it('sends a signed-in shopper straight to the shipping step', async () => {
    shopAnswering();
    act(() => useSession.getState().signIn(ann));
    act(() => {
      useBasket.getState().add(scarf);
    });
    renderInApp(<BasketPanel onClose={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Proceed To Checkout' }));
    expect(screen.getByRole('status', { name: 'Current address' }).textContent).toBe(
      '/checkout/shipping',
    );
    await screen.findByRole('group', { name: 'Delivery' });
  });

  it('offers quantities up to the stock, and says when delivery is free', async () => {
    shopAnswering();
    act(() => {
      useBasket.getState().add(scarf);
    });
    renderInApp(<BasketPanel onClose={() => undefined} />);
    const quantity = screen.getByRole('combobox', { name: 'Quantity of Check Scarf' });
    expect(
      within(quantity)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['1', '2', '3']);
    await userEvent.selectOptions(quantity, '3');
    expect(screen.getByText('Line total').parentElement?.textContent).toBe('Line total £73.50');
    await waitFor(() =>
      expect(figures()).toEqual([
        ['Subtotal (3 items)', '£73.50'],
        ['Delivery', 'Free'],
        ['Total', '£73.50'],
      ]),
    );
    expect(chosenService()).toBe('Royal Mail Tracked 48, Free, arrives Thu 3 Dec – Fri 4 Dec');
    expect(screen.queryByText(/more for free delivery/)).toBeNull();
    expect(JSON.parse(localStorage.getItem('basketItems') ?? '[]')).toMatchObject([
      { product: 's1', qty: 3 },
    ]);
  });

  it('removes a line and says so', async () => {
    shopAnswering();
    act(() => {
      useBasket.getState().add(scarf);
    });
    renderInApp(<BasketPanel onClose={() => undefined} />);
    await screen.findByRole('group', { name: 'Delivery' });
    await userEvent.click(screen.getByRole('button', { name: 'Remove Check Scarf' }));
    expect(screen.getByText('Basket is empty')).toBeTruthy();
    expect(useToast.getState().message).toBe('Item(s) removed from basket');
  });
});

describe('the basket page', () => {
  beforeEach(() => resetStores());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the same choice of delivery beside the basket', async () => {
    shopAnswering();
    act(() => {
      useBasket.getState().add({ ...scarf, qty: 2 });
      useBasket.getState().chooseDelivery('tracked-24');
    });
    renderInApp(<BasketPage />, { at: '/basket' });
    const summary = within(await screen.findByRole('complementary', { name: 'Basket summary' }));
    await summary.findByRole('group', { name: 'Delivery' });
    expect(chosenService()).toBe('Royal Mail Tracked 24, £4.95, arrives Wed 2 Dec – Thu 3 Dec');
    expect(figures()).toEqual([
      ['Subtotal (2 items)', '£49.00'],
      ['Delivery', '£4.95'],
      ['Total', '£53.95'],
    ]);
  });
});
