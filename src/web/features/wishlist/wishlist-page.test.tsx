import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductDetail } from '../../../shared/catalog/catalog';
import type { WishlistItem } from '../../../shared/wishlist/wishlist';
import { renderInApp } from '../../../../tests/support/render';
import { useBasket } from '../../state/basket-store';
import { useGuestWishlist } from '../../state/wishlist-store';
import {
  ann,
  answerBy,
  callsOf,
  resetStores,
  signInAs,
  teeInSizes as tee,
} from '../../support/testing';
import { WishlistPage } from './WishlistPage';

const scarf: WishlistItem = {
  product: 'scarf0000000000000000001',
  variant: null,
  name: 'Lambswool Scarf',
  brand: 'Larkspur',
  image: '/uploads/scarf.webp',
  variantLabel: null,
  price: 34,
  countInStock: 12,
  optionsToChoose: [],
  addedAt: '2026-11-30T10:00:00.000Z',
};
const ringInN: WishlistItem = {
  product: 'ring00000000000000000001',
  variant: 'ring-n',
  name: 'Silver Band Ring',
  brand: 'Larkspur',
  image: '/uploads/ring.webp',
  variantLabel: 'Ring size: N',
  price: 48,
  countInStock: 0,
  optionsToChoose: [],
  addedAt: '2026-11-29T10:00:00.000Z',
};
const ringUnsized: WishlistItem = {
  ...ringInN,
  variant: null,
  variantLabel: null,
  price: 45,
  countInStock: 3,
  optionsToChoose: ['Ring size'],
  addedAt: '2026-11-28T10:00:00.000Z',
};

const rows = () =>
  within(screen.getByRole('list', { name: 'Your wishlist' })).getAllByRole('listitem');

beforeEach(() => {
  resetStores();
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('the wishlist page of a signed-in customer', () => {
  /** The shop keeping `initial` for Ann, removing as the server does. */
  function shopKeeping(initial: WishlistItem[]) {
    let list = [...initial];
    return answerBy((method, path) => {
      const url = new URL(path, 'http://shop.test');
      if (method === 'GET' && url.pathname === '/api/users/profile/wishlist') return [200, list];
      if (method === 'DELETE') {
        const product = url.pathname.split('/').at(-1);
        const variant = url.searchParams.get('variant');
        list = list.filter((item) => !(item.product === product && item.variant === variant));
        return [200, list];
      }
      return [404, { message: 'Not found', code: 'NOT_FOUND' }];
    });
  }

  beforeEach(() => signInAs(ann));

  it('shows each item at the price and stock the shop gives, with what can be done', async () => {
    shopKeeping([scarf, ringInN, ringUnsized]);
    renderInApp(<WishlistPage />, { at: '/account/wishlist' });
    await screen.findByRole('list', { name: 'Your wishlist' });
    expect(screen.getByText('3 items')).toBeTruthy();
    const [scarfRow, ringRow, unsizedRow] = rows();
    if (!scarfRow || !ringRow || !unsizedRow) throw new Error('three rows expected');

    expect(within(scarfRow).getByRole('link', { name: 'Lambswool Scarf' })).toBeTruthy();
    expect(within(scarfRow).getByText('£34.00')).toBeTruthy();
    expect(within(scarfRow).getByText('In stock')).toBeTruthy();
    await userEvent.click(
      within(scarfRow).getByRole('button', { name: 'Add To Basket: Lambswool Scarf' }),
    );
    expect(useBasket.getState().basketItems).toEqual([
      expect.objectContaining({ product: scarf.product, qty: 1, price: 34, variant: null }),
    ]);

    // Sold out: the back-in-stock form, for that size.
    expect(within(ringRow).getByText('Ring size: N')).toBeTruthy();
    expect(within(ringRow).getByText('Out of stock')).toBeTruthy();
    expect(
      within(ringRow).getByRole('form', { name: 'Silver Band Ring (Ring size: N) is sold out' }),
    ).toBeTruthy();
    expect(within(ringRow).queryByRole('button', { name: /Add To Basket/ })).toBeNull();

    // Kept before a size was chosen: the product page, to choose one.
    expect(within(unsizedRow).getByText('From')).toBeTruthy();
    expect(
      within(unsizedRow)
        .getByRole('link', { name: 'Choose a ring size of Silver Band Ring' })
        .getAttribute('href'),
    ).toBe(`/product/${ringUnsized.product}`);
  });

  it('asks for a sold-out size by mail from the list', async () => {
    shopKeeping([ringInN]);
    renderInApp(<WishlistPage />, { at: '/account/wishlist' });
    const form = await screen.findByRole('form', {
      name: 'Silver Band Ring (Ring size: N) is sold out',
    });
    answerBy((method, path) =>
      method === 'POST' && path === `/api/products/${ringInN.product}/alerts`
        ? [201, { message: "Thank you: we will email you once when it's back in stock" }]
        : [404, { message: 'Not found', code: 'NOT_FOUND' }],
    );
    await userEvent.type(within(form).getByLabelText(/email/i), 'ann@example.com');
    await userEvent.click(within(form).getByRole('button', { name: "Tell me when it's back" }));
    expect(
      await screen.findByText("Thank you: we will email you once when it's back in stock"),
    ).toBeTruthy();
  });

  it('says an item kept before a size was chosen is sold out in every size, and offers the alert', async () => {
    const soldOut: WishlistItem = { ...ringUnsized, countInStock: 0 };
    const ring: ProductDetail = {
      ...tee,
      _id: soldOut.product,
      name: 'Silver Band Ring',
      countInStock: 0,
      options: [{ name: 'Ring size', values: ['M', 'N'] }],
      variants: [
        {
          _id: 'ring-m',
          options: { 'Ring size': 'M' },
          sku: 'RING-M',
          price: 45,
          compareAtPrice: null,
          countInStock: 0,
          weightGrams: 0,
        },
        {
          _id: 'ring-n',
          options: { 'Ring size': 'N' },
          sku: 'RING-N',
          price: 45,
          compareAtPrice: null,
          countInStock: 0,
          weightGrams: 0,
        },
      ],
    };
    const send = answerBy((method, path) => {
      if (path === '/api/users/profile/wishlist') return [200, [soldOut]];
      if (path === `/api/products/${ring._id}`) return [200, ring];
      if (method === 'POST' && path === `/api/products/${ring._id}/alerts`) {
        return [201, { message: "Thank you: we will email you once when it's back in stock" }];
      }
      return [404, { message: 'Not found', code: 'NOT_FOUND' }];
    });
    renderInApp(<WishlistPage />, { at: '/account/wishlist' });
    const form = await screen.findByRole('form', {
      name: 'Silver Band Ring is sold out in every ring size',
    });
    const [row] = rows();
    if (!row) throw new Error('one row expected');
    expect(within(row).getByText('Out of stock')).toBeTruthy();
    expect(within(row).queryByRole('link', { name: /Choose a ring size/ })).toBeNull();
    const size = within(form).getByLabelText('Ring size');
    expect(
      within(size)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose one', 'M', 'N']);
    const tell = within(form).getByRole('button', { name: "Tell me when it's back" });
    await userEvent.type(within(form).getByLabelText(/email/i), 'ann@example.com');
    expect(tell.hasAttribute('disabled')).toBe(true);
    await userEvent.selectOptions(size, 'N');
    await userEvent.click(tell);
    expect(
      await screen.findByText("Thank you: we will email you once when it's back in stock"),
    ).toBeTruthy();
    expect(callsOf(send).find(({ method }) => method === 'POST')).toEqual({
      method: 'POST',
      path: `/api/products/${ring._id}/alerts`,
      body: { email: 'ann@example.com', variant: 'ring-n' },
    });
  });

  it('removes an item, and says when the list is empty', async () => {
    const fetch = shopKeeping([scarf]);
    renderInApp(<WishlistPage />, { at: '/account/wishlist' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove Lambswool Scarf from your wishlist' }),
    );
    expect(await screen.findByText(/Nothing here yet/)).toBeTruthy();
    expect(callsOf(fetch).map((call) => `${call.method} ${call.path}`)).toContain(
      `DELETE /api/users/profile/wishlist/${scarf.product}`,
    );
    expect(screen.queryByText(/kept in this browser only/)).toBeNull();
  });
});

describe('the wishlist page of a guest', () => {
  const scarfProduct: ProductDetail = {
    ...tee,
    _id: scarf.product,
    name: 'Lambswool Scarf',
    brand: 'Larkspur',
    price: 29,
    countInStock: 4,
    options: [],
    variants: [],
  };

  it("shows this browser's list from the catalogue, and asks them to sign in to keep it", async () => {
    useGuestWishlist.setState({
      entries: [
        { product: tee._id, variant: 'v-l', addedAt: '2026-11-30T10:00:00.000Z' },
        { product: 'gone00000000000000000001', variant: null, addedAt: '2026-11-29T10:00:00.000Z' },
        { product: scarfProduct._id, variant: null, addedAt: '2026-11-28T10:00:00.000Z' },
      ],
    });
    const fetch = answerBy((_method, path) => {
      if (path === `/api/products/${tee._id}`) return [200, tee];
      if (path === `/api/products/${scarfProduct._id}`) return [200, scarfProduct];
      return [404, { message: 'Product not found', code: 'PRODUCT_NOT_FOUND' }];
    });
    renderInApp(<WishlistPage />, { at: '/account/wishlist' });
    await screen.findByRole('list', { name: 'Your wishlist' });
    expect(screen.getByText(/kept in this browser only/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/account/login?redirect=/account/wishlist',
    );
    expect(screen.getByRole('link', { name: 'create an account' }).getAttribute('href')).toBe(
      '/account/register?redirect=/account/wishlist',
    );

    // What the catalogue says now; the product no longer sold is left out.
    const [teeRow, scarfRow] = rows();
    expect(rows()).toHaveLength(2);
    if (!teeRow || !scarfRow) throw new Error('two rows expected');
    expect(within(teeRow).getByText('Size: L')).toBeTruthy();
    expect(
      within(teeRow).getByRole('form', { name: 'Breton Stripe Tee (Size: L) is sold out' }),
    ).toBeTruthy();
    expect(within(scarfRow).getByText('£29.00')).toBeTruthy();
    expect(within(scarfRow).getByText('Only 4 left')).toBeTruthy();
    expect(callsOf(fetch).some((call) => call.path.startsWith('/api/users'))).toBe(false);

    await userEvent.click(
      within(scarfRow).getByRole('button', { name: 'Remove Lambswool Scarf from your wishlist' }),
    );
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(useGuestWishlist.getState().entries.map((entry) => entry.product)).toEqual([
      tee._id,
      'gone00000000000000000001',
    ]);
  });

  it('says so when nothing is kept', async () => {
    answerBy(() => [404, { message: 'Not found', code: 'NOT_FOUND' }]);
    renderInApp(<WishlistPage />, { at: '/account/wishlist' });
    expect(await screen.findByText(/Nothing here yet/)).toBeTruthy();
    expect(screen.getByText(/kept in this browser only/)).toBeTruthy();
  });
});
