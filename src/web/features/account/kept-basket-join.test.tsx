import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BasketItem } from '../../../shared/orders/basket-item';
import { keepBasketWithShop } from '../../api/kept-basket';
import { useBasket } from '../../state/basket-store';
import { KEPT_TOKEN, keptRing, keptScarf, scarfLine } from '../../support/kept-basket-fixtures';
import {
  ann,
  answerBy,
  callsOf,
  pasteInto,
  renderRoutes,
  resetStores,
  signInAs,
} from '../../support/testing';
import { useSession } from '../../state/session-store';
import { LoginPage } from './LoginPage';

const giftCard: BasketItem = {
  product: 'gift0000000000000000000001',
  name: 'Gift card',
  brand: 'Larkspur',
  image: '/uploads/gift.webp',
  price: 25,
  countInStock: 1,
  qty: 1,
  giftCard: {
    id: 'card-1',
    recipientName: 'Mo',
    recipientEmail: 'mo@example.com',
    message: '',
    sendOn: '2026-12-01',
  },
};

const basketCalls = (fetch: ReturnType<typeof answerBy>) =>
  callsOf(fetch).filter((call) => /^\/api\/baskets?\b/.test(call.path));

describe('the basket the shop keeps, from sign-in and checkout', () => {
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

  it('joins the guest’s basket to the account’s at sign-in, each line once at its larger quantity', async () => {
    useBasket.setState({ basketItems: [scarfLine(2), giftCard] });
    const fetch = answerBy((method, path) => {
      if (path === '/api/users/login') return [200, ann];
      if (method === 'GET' && path === '/api/basket') {
        return [200, { items: [keptScarf, keptRing], changedAt: '2026-11-29T10:00:00.000Z' }];
      }
      return [200, { items: [], changedAt: null }];
    });
    renderRoutes([{ path: '/account/login', element: <LoginPage /> }], '/account/login');
    await pasteInto(screen.getByLabelText('Email address'), 'ann@example.com');
    await pasteInto(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() =>
      expect(basketCalls(fetch).map((call) => call.method)).toEqual(['GET', 'PUT']),
    );
    // Gift cards stay in the browser that chose them.
    expect(basketCalls(fetch)[1]?.body).toEqual({
      items: [
        { product: 'scarf0000000000000000001', variant: null, qty: 2 },
        { product: 'ring00000000000000000001', variant: 'ring-n', qty: 1 },
      ],
    });
    expect(
      useBasket.getState().basketItems.map((item) => [item.product, item.qty, !!item.giftCard]),
    ).toEqual([
      ['scarf0000000000000000001', 2, false],
      ['gift0000000000000000000001', 1, true],
      ['ring00000000000000000001', 1, false],
    ]);
  });

  it('keeps a guest’s basket only when they tick the reminder, and sends its changes under the token', async () => {
    useBasket.setState({ basketItems: [scarfLine(1)] });
    stop = keepBasketWithShop();
    const fetch = answerBy((method) =>
      method === 'POST' ? [201, { token: KEPT_TOKEN }] : [200, { items: [], changedAt: null }],
    );
    const where = renderRoutes(
      [{ path: '/account/login', element: <LoginPage /> }],
      '/account/login?redirect=/checkout/shipping',
    );
    const remind = screen.getByRole('checkbox', {
      name: /^Remind me about my basket by email\./,
    });
    expect((remind as HTMLInputElement).checked).toBe(false);
    await pasteInto(screen.getByLabelText('Your name'), 'June Buyer');
    await pasteInto(screen.getByLabelText('Email for your receipt'), 'june@example.com');
    await userEvent.click(remind);
    await userEvent.click(screen.getByRole('button', { name: 'Check out as a guest' }));
    await waitFor(() => expect(where()).toBe('/checkout/shipping'));
    await waitFor(() => expect(useBasket.getState().keptToken).toBe(KEPT_TOKEN));
    expect(basketCalls(fetch)).toEqual([
      {
        method: 'POST',
        path: '/api/baskets',
        body: {
          email: 'june@example.com',
          items: [{ product: 'scarf0000000000000000001', variant: null, qty: 1 }],
        },
      },
    ]);
    expect(localStorage.getItem('keptBasketToken')).toBe(JSON.stringify(KEPT_TOKEN));

    useBasket.getState().setQuantity('scarf0000000000000000001', 3);
    await waitFor(() => expect(basketCalls(fetch)).toHaveLength(2));
    expect(basketCalls(fetch)[1]).toEqual({
      method: 'PUT',
      path: `/api/baskets/${KEPT_TOKEN}`,
      body: { items: [{ product: 'scarf0000000000000000001', variant: null, qty: 3 }] },
    });
  });

  it('sends nothing for a guest who did not tick it', async () => {
    useBasket.setState({ basketItems: [scarfLine(1)] });
    stop = keepBasketWithShop();
    const fetch = answerBy(() => [200, {}]);
    const where = renderRoutes(
      [{ path: '/account/login', element: <LoginPage /> }],
      '/account/login?redirect=/checkout/shipping',
    );
    await pasteInto(screen.getByLabelText('Your name'), 'June Buyer');
    await pasteInto(screen.getByLabelText('Email for your receipt'), 'june@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Check out as a guest' }));
    await waitFor(() => expect(where()).toBe('/checkout/shipping'));
    // Ticked, the basket would have been sent as the form was sent, before the page moved on.
    expect(basketCalls(fetch)).toEqual([]);
    expect(useBasket.getState().keptToken).toBeNull();
  });

  it('empties the basket kept under a guest’s token once it has joined the account’s', async () => {
    useBasket.setState({ basketItems: [scarfLine(1)], keptToken: KEPT_TOKEN });
    const fetch = answerBy((_method, path) =>
      path === '/api/users/login' ? [200, ann] : [200, { items: [], changedAt: null }],
    );
    renderRoutes([{ path: '/account/login', element: <LoginPage /> }], '/account/login');
    await pasteInto(screen.getByLabelText('Email address'), 'ann@example.com');
    await pasteInto(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(basketCalls(fetch)).toHaveLength(3));
    expect(basketCalls(fetch).map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/basket',
      'PUT /api/basket',
      `PUT /api/baskets/${KEPT_TOKEN}`,
    ]);
    expect(basketCalls(fetch)[2]?.body).toEqual({ items: [] });
    expect(useBasket.getState().keptToken).toBeNull();
  });

  it('takes the account’s lines out of the browser when the shopper signs out, not when the session runs out', () => {
    signInAs(ann);
    useBasket.setState({ basketItems: [scarfLine(1), giftCard] });
    useSession.getState().signOut('expired');
    expect(useBasket.getState().basketItems).toEqual([scarfLine(1), giftCard]);
    signInAs(ann);
    useSession.getState().signOut();
    // The shop keeps the scarf for the next sign-in; the gift card was only ever in this browser.
    expect(useBasket.getState().basketItems).toEqual([giftCard]);
  });
});
