import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBasket } from '../../state/basket-store';
import { KEPT_TOKEN, keptRing, keptScarf, scarfLine } from '../../support/kept-basket-fixtures';
import { answerBy, renderRoutes, resetStores } from '../../support/testing';
import { BasketRestorePage } from './BasketRestorePage';

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
    useBasket.setState({ basketItems: [scarfLine(1)] });
    answerBy(() => [200, { items: [keptScarf, keptRing], changedAt: '2026-11-29T10:00:00.000Z' }]);
    const where = renderRoutes(
      [
        { path: '/basket/restore', element: <BasketRestorePage /> },
        { path: '/basket', element: <p>The basket</p> },
      ],
      `/basket/restore?token=${KEPT_TOKEN}`,
    );
    await screen.findByText('The basket');
    expect(where()).toBe('/basket');
    expect(useBasket.getState().basketItems.map((item) => [item.product, item.qty])).toEqual([
      ['scarf0000000000000000001', 1],
      ['ring00000000000000000001', 1],
    ]);
    expect(useBasket.getState().keptToken).toBe(KEPT_TOKEN);
  });

  it('says so when the link opens no basket, and changes nothing', async () => {
    useBasket.setState({ basketItems: [scarfLine(1)] });
    answerBy(() => [
      404,
      {
        code: 'BASKET_NOT_FOUND',
        message: 'That basket link is not valid, or the basket has gone',
      },
    ]);
    renderRoutes(
      [{ path: '/basket/restore', element: <BasketRestorePage /> }],
      `/basket/restore?token=${KEPT_TOKEN}`,
    );
    expect(
      await screen.findByText('That basket link is not valid, or the basket has gone'),
    ).toBeTruthy();
    expect(useBasket.getState().basketItems).toEqual([scarfLine(1)]);
    expect(useBasket.getState().keptToken).toBeNull();
  });
});
