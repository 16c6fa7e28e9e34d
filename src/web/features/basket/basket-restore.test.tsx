import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KeptBasketLine } from '../../../shared/baskets/baskets';
import type { BasketItem } from '../../../shared/orders/basket-item';
import { useBasket } from '../../state/basket-store';
import { answerBy, renderRoutes, resetStores } from '../../support/testing';
import { BasketRestorePage } from './BasketRestorePage';

const TOKEN = 'k'.repeat(43);

const scarf = (qty: number): BasketItem => ({
  product: 'scarf0000000000000000001',
  name: 'Merino scarf',
  brand: 'Heathfold',
  image: '/uploads/scarf.webp',
  price: 35,
  countInStock: 4,
  qty,
  variant: null,
  variantLabel: null,
});
const ring: KeptBasketLine = {
  product: 'ring00000000000000000001',
  variant: 'ring-n',
  name: 'Silver band',
  brand: 'Larkspur',
  image: '/uploads/ring.webp',
  variantLabel: 'Ring size: N',
  price: 45,
  qty: 1,
  countInStock: 2,
};
const keptScarf: KeptBasketLine = {
  product: 'scarf0000000000000000001',
  variant: null,
  name: 'Merino scarf',
  brand: 'Heathfold',
  image: '/uploads/scarf.webp',
  variantLabel: null,
  price: 35,
  qty: 1,
  countInStock: 4,
};

describe('a basket reminder’s link', () => {
  let stop: (() => void) | undefined;
  beforeEach(() => {
    resetStores();
    localStorage.clear();
  });
  afterEach(() => {
    stop?.();
    stop = undefined;
    vi.unstubAllGlobals();
  });

  it('brings the basket a reminder’s link names into this browser, and goes to the basket', async () => {
    useBasket.setState({ basketItems: [scarf(1)] });
    answerBy(() => [200, { items: [keptScarf, ring], changedAt: '2026-11-29T10:00:00.000Z' }]);
    const where = renderRoutes(
      [
        { path: '/basket/restore', element: <BasketRestorePage /> },
        { path: '/basket', element: <p>The basket</p> },
      ],
      `/basket/restore?token=${TOKEN}`,
    );
    await screen.findByText('The basket');
    expect(where()).toBe('/basket');
    expect(useBasket.getState().basketItems.map((item) => [item.product, item.qty])).toEqual([
      ['scarf0000000000000000001', 1],
      ['ring00000000000000000001', 1],
    ]);
    expect(useBasket.getState().keptToken).toBe(TOKEN);
  });

  it('says so when the link opens no basket, and changes nothing', async () => {
    useBasket.setState({ basketItems: [scarf(1)] });
    answerBy(() => [
      404,
      {
        code: 'BASKET_NOT_FOUND',
        message: 'That basket link is not valid, or the basket has gone',
      },
    ]);
    renderRoutes(
      [{ path: '/basket/restore', element: <BasketRestorePage /> }],
      `/basket/restore?token=${TOKEN}`,
    );
    expect(
      await screen.findByText('That basket link is not valid, or the basket has gone'),
    ).toBeTruthy();
    expect(useBasket.getState().basketItems).toEqual([scarf(1)]);
    expect(useBasket.getState().keptToken).toBeNull();
  });
});
