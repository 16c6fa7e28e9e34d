import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BasketItem } from '../../../shared/orders/basket-item';
import { renderInApp } from '../../../../tests/support/render';
import { useBasket } from '../../state/basket-store';
import { deliveryAnswerOf, demoOptionsFor } from '../../support/delivery-fixtures';
import { giftCardLine } from '../../support/gift-card-fixtures';
import { answerBy, callsOf, resetStores } from '../../support/testing';
import { restoreStored } from '../../state/restore-stored';
import { BasketPage } from './BasketPage';

const pendant: BasketItem = {
  product: 'p1',
  name: 'Silver Pendant',
  brand: 'Larkspur',
  image: '/uploads/pendant.webp',
  price: 45,
  countInStock: 5,
  qty: 1,
};

/** Each term of the basket's figures with its amount, in the order shown. */
const figures = () =>
  screen
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);

/** The shop: delivery for £45 of goods, and a quote without promotions. */
function answerTheShop() {
  return answerBy((method, path) => {
    if (path.startsWith('/api/delivery')) return [200, deliveryAnswerOf(demoOptionsFor(4500))];
    if (method === 'POST' && path === '/api/orders/quote') {
      return [200, { promotionDiscount: 0 }];
    }
    return [404, { message: 'Not found' }];
  });
}

function holdBasket(items: BasketItem[]) {
  act(() => useBasket.setState({ basketItems: items }));
}

beforeEach(resetStores);
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('gift cards in the basket', () => {
  it('names who each card is for and when it is sent, one card a line', async () => {
    const send = answerTheShop();
    holdBasket([
      giftCardLine(),
      giftCardLine({
        id: 'card-for-cal',
        recipientName: 'Cal Carter',
        recipientEmail: 'cal@example.com',
        message: '',
      }),
    ]);
    renderInApp(<BasketPage />, { at: '/basket' });

    const lines = within(screen.getByRole('list', { name: 'Items in your basket' })).getAllByRole(
      'listitem',
    );
    expect(lines).toHaveLength(2);
    const [forBea, forCal] = lines as [HTMLElement, HTMLElement];
    expect(
      within(forBea).getByText('For Bea Baker (bea@example.com), sent Thursday 24 December'),
    ).toBeTruthy();
    expect(within(forBea).getByText('“Happy Christmas!”')).toBeTruthy();
    expect(
      within(forCal).getByText('For Cal Carter (cal@example.com), sent Thursday 24 December'),
    ).toBeTruthy();
    expect(within(forBea).queryByRole('combobox')).toBeNull();

    await userEvent.click(
      within(forBea).getByRole('button', { name: 'Remove Gift card for Bea Baker' }),
    );
    expect(useBasket.getState().basketItems.map((item) => item.giftCard?.recipientName)).toEqual([
      'Cal Carter',
    ]);
    // Nothing is posted, so no delivery is asked about.
    expect(callsOf(send).some(({ path }) => path.startsWith('/api/delivery'))).toBe(false);
  });

  it('says a basket of gift cards alone goes by email, with no delivery to pay or spend towards', () => {
    answerTheShop();
    holdBasket([giftCardLine()]);
    renderInApp(<BasketPage />, { at: '/basket' });

    expect(
      screen.getByText('Gift cards are sent by email: there is no delivery to pay.'),
    ).toBeTruthy();
    expect(figures()).toEqual([
      ['Subtotal (1 item)', '£25.00'],
      ['Delivery', 'By email'],
      ['Total', '£25.00'],
    ]);
    expect(screen.queryByRole('group', { name: 'Delivery' })).toBeNull();
    expect(screen.queryByText(/more for free delivery/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Proceed To Checkout' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('asks delivery of the goods alone, and counts only them towards free delivery', async () => {
    const send = answerTheShop();
    holdBasket([pendant, giftCardLine()]);
    renderInApp(<BasketPage />, { at: '/basket' });

    // £45 of goods: £15 short of free Tracked 48, whatever the card is worth.
    expect(await screen.findByText('Spend £15.00 more for free delivery')).toBeTruthy();
    const asked = callsOf(send).filter(({ path }) => path.startsWith('/api/delivery'));
    expect(asked.map(({ path }) => decodeURIComponent(path))).toEqual(['/api/delivery?items=p1:1']);
    const quoted = callsOf(send).find(({ path }) => path === '/api/orders/quote');
    expect(quoted?.body).toMatchObject({
      orderItems: [
        { product: 'p1', qty: 1 },
        {
          product: 'giftcard0000000000000001',
          variant: 'gc-25',
          qty: 1,
          giftCard: {
            recipientName: 'Bea Baker',
            recipientEmail: 'bea@example.com',
            message: 'Happy Christmas!',
            sendOn: '2026-12-24',
          },
        },
      ],
    });
  });
});

describe('a basket kept in this browser', () => {
  it('loads lines kept before gift cards, beside a card kept with its details', () => {
    const before = { ...pendant, variant: null };
    localStorage.setItem('basketItems', JSON.stringify([before, giftCardLine()]));
    act(() => restoreStored());
    expect(useBasket.getState().basketItems).toEqual([before, giftCardLine()]);
  });
});
