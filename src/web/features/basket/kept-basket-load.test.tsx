import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepBasketWithShop } from '../../api/kept-basket';
import { useBasket } from '../../state/basket-store';
import { keptRing, keptScarf, scarfLine } from '../../support/kept-basket-fixtures';
import { ann, answerBy, callsOf, resetStores, signInAs } from '../../support/testing';

/** What the browser keeps as the lines last agreed with the shop. */
const agreedOn = (lines: { product: string; variant: string | null; qty: number }[]) =>
  localStorage.setItem('keptBasketAgreed', JSON.stringify(JSON.stringify(lines)));

const kept = { items: [keptRing], changedAt: '2026-11-29T10:00:00.000Z' };

describe('opening the shop signed in', () => {
  let stop: (() => void) | undefined;
  beforeEach(() => {
    resetStores();
    localStorage.clear();
    signInAs(ann);
  });
  afterEach(() => {
    stop?.();
    stop = undefined;
    vi.unstubAllGlobals();
  });

  it('takes the basket another device changed, when this one has nothing unsent', async () => {
    useBasket.setState({ basketItems: [scarfLine(1)] });
    agreedOn([{ product: keptScarf.product, variant: null, qty: 1 }]);
    const fetch = answerBy(() => [200, kept]);
    stop = keepBasketWithShop();
    await waitFor(() =>
      expect(useBasket.getState().basketItems.map((item) => item.product)).toEqual([
        keptRing.product,
      ]),
    );
    expect(callsOf(fetch).map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/basket',
    ]);
  });

  it('sends the change the last page left before it reached the shop, rather than lose it', async () => {
    // Added to the basket, and the page left before the change went: the shop still has none.
    useBasket.setState({ basketItems: [scarfLine(1)] });
    agreedOn([]);
    const fetch = answerBy((method) =>
      method === 'GET' ? [200, { items: [], changedAt: kept.changedAt }] : [200, kept],
    );
    stop = keepBasketWithShop();
    await waitFor(() => expect(callsOf(fetch)).toHaveLength(2));
    expect(callsOf(fetch)[1]).toEqual({
      method: 'PUT',
      path: '/api/basket',
      body: { items: [{ product: keptScarf.product, variant: null, qty: 1 }] },
    });
    expect(useBasket.getState().basketItems).toEqual([scarfLine(1)]);
  });

  it('joins the two when this browser cannot tell what the shop last had', async () => {
    useBasket.setState({ basketItems: [scarfLine(2)] });
    const fetch = answerBy(() => [200, kept]);
    stop = keepBasketWithShop();
    await waitFor(() => expect(callsOf(fetch)).toHaveLength(2));
    expect(useBasket.getState().basketItems.map((item) => [item.product, item.qty])).toEqual([
      [keptScarf.product, 2],
      [keptRing.product, 1],
    ]);
  });
});
