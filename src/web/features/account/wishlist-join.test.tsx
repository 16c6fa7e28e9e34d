import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useGuestWishlist } from '../../state/wishlist-store';
import {
  ann,
  answerBy,
  callsOf,
  pasteInto,
  renderRoutes,
  resetStores,
} from '../../support/testing';
import { LoginPage } from './LoginPage';
import { RegisterPage } from './RegisterPage';

const kept = [
  { product: 'ring00000000000000000001', variant: 'ring-n', addedAt: '2026-11-30T10:00:00.000Z' },
  { product: 'gone00000000000000000001', variant: null, addedAt: '2026-11-29T10:00:00.000Z' },
  { product: 'scarf0000000000000000001', variant: null, addedAt: '2026-11-28T10:00:00.000Z' },
];

/** The shop: signs Ann in, and keeps on her list what it still sells. */
const theShop = (signInStatus: number) =>
  answerBy((method, path) => {
    if (method === 'POST') return [signInStatus, ann];
    if (path.includes('/gone')) {
      return [404, { message: 'Product not found', code: 'PRODUCT_NOT_FOUND' }];
    }
    return [200, []];
  });

const wishlistCalls = (fetch: ReturnType<typeof answerBy>) =>
  callsOf(fetch)
    .filter((call) => call.path.startsWith('/api/users/profile/wishlist/'))
    .map((call) => `${call.method} ${call.path}`);

describe("a guest's wishlist at sign-in", () => {
  beforeEach(() => {
    resetStores();
    localStorage.clear();
    useGuestWishlist.setState({ entries: kept });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('joins the account’s as they sign in, oldest first, and leaves the browser', async () => {
    const fetch = theShop(200);
    renderRoutes([{ path: '/account/login', element: <LoginPage /> }], '/account/login');
    await pasteInto(screen.getByLabelText('Email address'), 'ann@example.com');
    await pasteInto(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(useGuestWishlist.getState().entries).toEqual([]));
    expect(wishlistCalls(fetch)).toEqual([
      'PUT /api/users/profile/wishlist/scarf0000000000000000001',
      'PUT /api/users/profile/wishlist/gone00000000000000000001',
      'PUT /api/users/profile/wishlist/ring00000000000000000001?variant=ring-n',
    ]);
    expect(localStorage.getItem('wishlist')).toBeNull();
  });

  it('joins it as they register too', async () => {
    const fetch = theShop(201);
    renderRoutes([{ path: '/account/register', element: <RegisterPage /> }], '/account/register');
    await pasteInto(screen.getByLabelText('Email address'), 'ann@example.com');
    await pasteInto(screen.getByLabelText('Password'), 'correct horse');
    await pasteInto(screen.getByLabelText('Confirm password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(useGuestWishlist.getState().entries).toEqual([]));
    expect(wishlistCalls(fetch)).toHaveLength(3);
  });

  it('keeps in the browser what could not be sent, for the next sign-in', async () => {
    const fetch = answerBy((method) =>
      method === 'POST' ? [200, ann] : [503, { message: 'Away', code: 'SERVICE_UNAVAILABLE' }],
    );
    renderRoutes([{ path: '/account/login', element: <LoginPage /> }], '/account/login');
    await pasteInto(screen.getByLabelText('Email address'), 'ann@example.com');
    await pasteInto(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(wishlistCalls(fetch)).toHaveLength(3));
    expect(useGuestWishlist.getState().entries).toEqual(kept);
  });
});
