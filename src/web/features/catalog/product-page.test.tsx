import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductDetail } from '../../../shared/catalog';
import type { MyReview } from '../../../shared/catalog';
import { DELIVERY_PROMISE } from '../../../shared/shop';
import { renderInApp } from '../../../../tests/support/render';
import { useBasket } from '../../state/basket-store';
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
import { ProductPage } from './ProductPage';
import { QuickViewPanel } from './QuickViewPanel';

/** A locket sold one way, three left. */
const locket: ProductDetail = {
  ...tee,
  _id: 'locket000000000000000001',
  name: 'Oval Locket',
  category: 'pendants',
  price: 55,
  countInStock: 3,
  options: [],
  variants: [],
  specifications: [],
  reviews: [
    {
      _id: 'r1',
      name: 'Ann S.',
      rating: 5,
      comment: 'Opens smoothly.',
      createdAt: '2026-03-02T10:00:00.000Z',
      verified: false,
    },
  ],
};

/** The server, with Ann's own review of each product (none unless given). */
function answerTheShop(products: ProductDetail[], mine: Record<string, MyReview['review']> = {}) {
  return answerBy((_method, path) => {
    for (const product of products) {
      const at = `/api/products/${product._id}`;
      if (path === at) return [200, product];
      if (path === `${at}/similar`) return [200, []];
      if (path === `${at}/my-review`) return [200, { review: mine[product._id] ?? null }];
    }
    return [404, { message: 'Not found', code: 'NOT_FOUND' }];
  });
}

const openProduct = (product: ProductDetail, search = '') =>
  renderRoutes(
    [{ path: '/product/:id', element: <ProductPage /> }],
    `/product/${product._id}${search}`,
  );

beforeEach(resetStores);
afterEach(() => vi.unstubAllGlobals());

describe('writing a review from the product page', () => {
  it('tells a customer who reviewed the product so, and offers no second review', async () => {
    signInAs(ann);
    answerTheShop([locket], { [locket._id]: locket.reviews[0] ?? null });
    openProduct(locket);
    expect(await screen.findByText('You reviewed this product')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Write a review' })).toBeNull();
  });

  it('tells the author a review held for the shop waits to be shown', async () => {
    signInAs(ann);
    const [annsReview] = locket.reviews;
    if (!annsReview) throw new Error('the locket has a review');
    answerTheShop([locket], { [locket._id]: { ...annsReview, waiting: true } });
    openProduct(locket);
    expect(
      await screen.findByText('You reviewed this product: waiting for the shop to show it'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Write a review' })).toBeNull();
  });

  it('offers a review to a customer who has not written one', async () => {
    signInAs(ann);
    const fetch = answerTheShop([locket]);
    openProduct(locket);
    expect(await screen.findByRole('button', { name: 'Write a review' })).toBeTruthy();
    await waitFor(() =>
      expect(callsOf(fetch).map((call) => call.path)).toContain(
        `/api/products/${locket._id}/my-review`,
      ),
    );
    expect(screen.getByRole('button', { name: 'Write a review' })).toBeTruthy();
    expect(screen.queryByText('You reviewed this product')).toBeNull();
  });

  it('offers it to a guest without asking the server about them', async () => {
    const fetch = answerTheShop([locket]);
    openProduct(locket);
    expect(await screen.findByRole('button', { name: 'Write a review' })).toBeTruthy();
    expect(callsOf(fetch).map((call) => call.path)).not.toContain(
      `/api/products/${locket._id}/my-review`,
    );
  });
});

describe('what is left and when it is sent', () => {
  it('says how many are left when few are, and promises dispatch', async () => {
    answerTheShop([locket]);
    openProduct(locket);
    expect(await screen.findByText('Only 3 left')).toBeTruthy();
    expect(screen.getByText(DELIVERY_PROMISE)).toBeTruthy();
  });

  it('says in stock when there are plenty', async () => {
    const plenty = { ...locket, countInStock: 40 };
    answerTheShop([plenty]);
    openProduct(plenty);
    expect(await screen.findByText('In stock')).toBeTruthy();
    expect(screen.queryByText(/Only \d+ left/)).toBeNull();
  });

  it('follows the size chosen, and promises no dispatch for a sold-out one', async () => {
    answerTheShop([tee]);
    openProduct(tee, '?variant=v-s');
    const sizes = await screen.findByRole('group', { name: /Size/ });
    expect(screen.getByText('Only 3 left')).toBeTruthy();
    expect(screen.getByText(DELIVERY_PROMISE)).toBeTruthy();

    await userEvent.click(within(sizes).getByRole('radio', { name: 'M' }));
    expect(screen.getByText('Only 2 left')).toBeTruthy();
    expect(screen.getByText(DELIVERY_PROMISE)).toBeTruthy();

    await userEvent.click(within(sizes).getByRole('radio', { name: 'L (sold out)' }));
    expect(screen.getByText('Size: L is sold out')).toBeTruthy();
    expect(screen.queryByText(DELIVERY_PROMISE)).toBeNull();
    expect(screen.queryByText(/dispatch/i)).toBeNull();
    expect(screen.getByText(/Free UK delivery on orders over/)).toBeTruthy();
  });

  it('promises no dispatch for a product sold out altogether', async () => {
    const soldOut = { ...locket, countInStock: 0 };
    answerTheShop([soldOut]);
    openProduct(soldOut);
    expect(await screen.findByText('Oval Locket is sold out')).toBeTruthy();
    expect(screen.queryByText(/dispatch/i)).toBeNull();
  });
});

describe('adding to a basket that holds some already', () => {
  const inBasket = (qty: number) =>
    act(() =>
      useBasket.setState({
        basketItems: [
          {
            product: locket._id,
            name: locket.name,
            brand: locket.brand,
            image: locket.image,
            price: locket.price,
            countInStock: 3,
            qty,
          },
        ],
      }),
    );
  const qtyInBasket = () => useBasket.getState().basketItems.map((item) => item.qty);

  it('adds to what is there on the product page, then says when the basket has all there is', async () => {
    inBasket(2);
    answerTheShop([locket]);
    openProduct(locket);
    await userEvent.click(await screen.findByRole('button', { name: 'Add To Basket' }));
    expect(qtyInBasket()).toEqual([3]);
    expect(useToast.getState().message).toBe('Item(s) added to basket');

    await userEvent.click(screen.getByRole('button', { name: 'Add To Basket' }));
    expect(qtyInBasket()).toEqual([3]);
    expect(useToast.getState().message).toBe('You have all 3 we have in your basket');
  });

  it('adds in the quick view too, up to the stock', async () => {
    inBasket(1);
    answerTheShop([locket]);
    const onClose = vi.fn();
    renderInApp(<QuickViewPanel productId={locket._id} onClose={onClose} />);
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Quantity' }), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Add To Basket' }));
    expect(qtyInBasket()).toEqual([3]);
    expect(useToast.getState().message).toBe('You have all 3 we have in your basket');
    expect(onClose).toHaveBeenCalled();
  });
});
