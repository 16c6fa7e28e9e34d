import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductDetail } from '../../../shared/catalog/catalog';
import { wishlistItemOf, type WishlistItem } from '../../../shared/wishlist/wishlist';
import { renderInApp } from '../../../../tests/support/render';
import { useToast } from '../../state/toast-store';
import {
  ann,
  answerBy,
  callsOf,
  renderRoutes,
  resetStores,
  signInAs,
  teeInSizes as tee,
} from '../../support/testing';
import { ProductGrid } from './components/ProductGrid';
import { ProductPage } from './ProductPage';

const locket: ProductDetail = {
  ...tee,
  _id: 'locket000000000000000001',
  name: 'Oval Locket',
  price: 55,
  countInStock: 3,
  options: [],
  variants: [],
};

const storedList = (): unknown => JSON.parse(localStorage.getItem('wishlist') ?? 'null');

/** The shop, keeping Ann's wishlist as the server does: one entry per product and variant. */
function shopKeepingAnnsList(products: ProductDetail[]) {
  let list: WishlistItem[] = [];
  return answerBy((method, path) => {
    const url = new URL(path, 'http://shop.test');
    for (const product of products) {
      if (url.pathname === `/api/products/${product._id}`) return [200, product];
      if (url.pathname === `/api/products/${product._id}/similar`) return [200, []];
      if (url.pathname === `/api/products/${product._id}/my-review`) return [200, { review: null }];
    }
    if (url.pathname === '/api/users/profile/wishlist') return [200, list];
    const id = decodeURIComponent(url.pathname.split('/').at(-1) ?? '');
    const variant = url.searchParams.get('variant');
    const product = products.find((candidate) => candidate._id === id);
    if (!product) return [404, { message: 'Product not found', code: 'PRODUCT_NOT_FOUND' }];
    list = list.filter((item) => !(item.product === id && item.variant === variant));
    if (method === 'PUT') {
      const item = wishlistItemOf(product, variant, '2026-11-30T10:00:00.000Z');
      if (item) list = [item, ...list];
    }
    return [200, list];
  });
}

const heart = (name: string) => screen.findByRole('button', { name });

beforeEach(() => {
  resetStores();
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('the heart on a product card', () => {
  it("keeps a guest's choice in this browser, and asks the shop nothing", async () => {
    const fetch = answerBy(() => [500, { message: 'No', code: 'INTERNAL' }]);
    renderInApp(<ProductGrid products={[locket]} label="Products" />);
    const add = await heart('Add Oval Locket to your wishlist');
    expect(add.getAttribute('aria-pressed')).toBe('false');

    await userEvent.click(add);
    const remove = await heart('Remove Oval Locket from your wishlist');
    expect(remove.getAttribute('aria-pressed')).toBe('true');
    expect(useToast.getState().message).toBe('Added to your wishlist');
    expect(storedList()).toEqual([
      { product: locket._id, variant: null, addedAt: expect.any(String) as string },
    ]);

    await userEvent.click(remove);
    expect((await heart('Add Oval Locket to your wishlist')).getAttribute('aria-pressed')).toBe(
      'false',
    );
    expect(storedList()).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("keeps a signed-in customer's choice with the shop", async () => {
    signInAs(ann);
    const fetch = shopKeepingAnnsList([locket]);
    renderInApp(<ProductGrid products={[locket]} label="Products" />);
    await waitFor(async () =>
      expect((await heart('Add Oval Locket to your wishlist')).getAttribute('aria-disabled')).toBe(
        null,
      ),
    );
    await userEvent.click(await heart('Add Oval Locket to your wishlist'));
    expect(
      (await heart('Remove Oval Locket from your wishlist')).getAttribute('aria-pressed'),
    ).toBe('true');
    await userEvent.click(await heart('Remove Oval Locket from your wishlist'));
    await heart('Add Oval Locket to your wishlist');

    expect(
      callsOf(fetch)
        .filter((call) => call.method !== 'GET')
        .map((call) => `${call.method} ${call.path}`),
    ).toEqual([
      `PUT /api/users/profile/wishlist/${locket._id}`,
      `DELETE /api/users/profile/wishlist/${locket._id}`,
    ]);
    expect(storedList()).toBeNull();
  });
});

describe('the heart on the product page', () => {
  const openProduct = (product: ProductDetail, search = '') =>
    renderRoutes(
      [{ path: '/product/:id', element: <ProductPage /> }],
      `/product/${product._id}${search}`,
    );

  it('keeps the size chosen, and the product itself before one is', async () => {
    shopKeepingAnnsList([tee]);
    openProduct(tee, '?variant=v-m');
    await userEvent.click(await heart('Add Breton Stripe Tee (Size: M) to your wishlist'));
    expect(
      (await heart('Remove Breton Stripe Tee (Size: M) from your wishlist')).getAttribute(
        'aria-pressed',
      ),
    ).toBe('true');
    expect(storedList()).toEqual([
      { product: tee._id, variant: 'v-m', addedAt: expect.any(String) as string },
    ]);

    // Another size is another entry, not yet kept.
    await userEvent.click(screen.getByRole('radio', { name: 'S' }));
    expect(
      (await heart('Add Breton Stripe Tee (Size: S) to your wishlist')).getAttribute(
        'aria-pressed',
      ),
    ).toBe('false');
  });

  it("keeps a signed-in customer's size with the shop", async () => {
    signInAs(ann);
    const fetch = shopKeepingAnnsList([tee]);
    openProduct(tee, '?variant=v-s');
    const add = await heart('Add Breton Stripe Tee (Size: S) to your wishlist');
    await waitFor(() => expect(add.getAttribute('aria-disabled')).toBe(null));
    await userEvent.click(add);
    await heart('Remove Breton Stripe Tee (Size: S) from your wishlist');
    expect(callsOf(fetch).map((call) => `${call.method} ${call.path}`)).toContain(
      `PUT /api/users/profile/wishlist/${tee._id}?variant=v-s`,
    );
  });
});
