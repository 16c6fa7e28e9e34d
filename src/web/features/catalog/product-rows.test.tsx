import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product, ProductDetail } from '../../../shared/catalog/catalog';
import { BasketScreen } from '../../pages/BasketScreen';
import { useBasket } from '../../state/basket-store';
import { useRecentlyViewed } from '../../state/recently-viewed-store';
import { demoDeliveryAnswer } from '../../support/delivery-fixtures';
import { answerBy, renderRoutes, resetStores, teeInSizes as tee } from '../../support/testing';
import { ProductPage } from './ProductPage';

const productOf = (id: string, name: string, changes: Partial<ProductDetail> = {}) => ({
  ...tee,
  _id: id,
  name,
  options: [],
  variants: [],
  reviews: [],
  ...changes,
});

const locket = productOf('locket00000000000000001', 'Oval Locket', { category: 'pendants' });
const chain = productOf('chain000000000000000001', 'Fine Curb Chain', { category: 'chains' });
const hoops = productOf('hoops000000000000000001', 'Little Gold Hoops', { category: 'earrings' });
const pendant = productOf('pendant0000000000000001', 'Moonstone Drop', { category: 'pendants' });
const GONE = 'gone00000000000000000001';

/**
 * The shop: each product by its id (any other id is gone), what may go with each, and delivery.
 */
function answerTheShop(products: ProductDetail[], similar: Record<string, Product[]> = {}) {
  return answerBy((_method, path) => {
    if (path.startsWith('/api/delivery')) return [200, demoDeliveryAnswer()];
    for (const product of products) {
      const at = `/api/products/${product._id}`;
      if (path === at) return [200, product];
      if (path === `${at}/similar`) return [200, similar[product._id] ?? []];
      if (path === `${at}/my-review`) return [200, { review: null }];
    }
    return [404, { message: 'Product not found', code: 'PRODUCT_NOT_FOUND' }];
  });
}

const namesIn = (list: HTMLElement) =>
  within(list)
    .getAllByRole('link')
    .map((link) => link.textContent);

const openProduct = (product: ProductDetail) =>
  renderRoutes([{ path: '/product/:id', element: <ProductPage /> }], `/product/${product._id}`);

beforeEach(resetStores);
afterEach(() => vi.unstubAllGlobals());

describe('what the shopper opened lately', () => {
  it('keeps the last 8 products opened, the latest first, each once', () => {
    act(() => {
      for (let index = 1; index <= 10; index += 1) useRecentlyViewed.getState().view(`p${index}`);
      useRecentlyViewed.getState().view('p5');
    });
    expect(useRecentlyViewed.getState().ids).toEqual([
      'p5',
      'p10',
      'p9',
      'p8',
      'p7',
      'p6',
      'p4',
      'p3',
    ]);
    expect(JSON.parse(localStorage.getItem('recentlyViewed') ?? 'null')).toEqual(
      useRecentlyViewed.getState().ids,
    );
  });

  it('shows them below a product, without the product on show, and forgets one the shop no longer has', async () => {
    act(() => useRecentlyViewed.setState({ ids: [chain._id, GONE, locket._id, hoops._id] }));
    answerTheShop([locket, chain, hoops], { [locket._id]: [pendant] });
    openProduct(locket);

    const recent = await screen.findByRole('list', { name: 'Recently viewed' });
    await waitFor(() => expect(namesIn(recent)).toEqual(['Fine Curb Chain', 'Little Gold Hoops']));
    expect(screen.getByRole('heading', { level: 2, name: 'Recently viewed' })).toBeTruthy();
    // The product opened comes first now; the one that answered 404 is gone.
    await waitFor(() =>
      expect(useRecentlyViewed.getState().ids).toEqual([locket._id, chain._id, hoops._id]),
    );
  });

  it('shows no row to a shopper who has opened nothing else', async () => {
    answerTheShop([locket], { [locket._id]: [pendant] });
    openProduct(locket);
    // The similar products come with the page: once they show, the page is drawn.
    await screen.findByRole('list', { name: 'You may also like' });
    await waitFor(() => expect(useRecentlyViewed.getState().ids).toEqual([locket._id]));
    expect(screen.queryByRole('heading', { name: 'Recently viewed' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Recently viewed' })).toBeNull();
  });
});

describe('you may also like', () => {
  it('shows the products that go with the one on show under its own heading', async () => {
    answerTheShop([locket], { [locket._id]: [pendant, chain] });
    openProduct(locket);
    const similar = await screen.findByRole('list', { name: 'You may also like' });
    expect(namesIn(similar)).toEqual(['Moonstone Drop', 'Fine Curb Chain']);
    expect(screen.getByRole('heading', { level: 2, name: 'You may also like' })).toBeTruthy();
  });
});

describe('the basket page’s rows', () => {
  it('suggests what goes with the product added last and shows what was opened, leaving out what is in the basket', async () => {
    answerTheShop([locket, chain, hoops, pendant], {
      [locket._id]: [chain, pendant],
      [chain._id]: [hoops, locket, pendant],
    });
    act(() => {
      useBasket
        .getState()
        .add({ ...locket, product: locket._id, qty: 1, personalisation: undefined });
      useBasket
        .getState()
        .add({ ...chain, product: chain._id, qty: 1, personalisation: undefined });
      useRecentlyViewed.setState({ ids: [pendant._id, chain._id, hoops._id] });
    });
    renderRoutes([{ path: '/basket', element: <BasketScreen /> }], '/basket');

    // Based on the chain, added last; the locket is in the basket already.
    const similar = await screen.findByRole('list', { name: 'You may also like' });
    expect(namesIn(similar)).toEqual(['Little Gold Hoops', 'Moonstone Drop']);
    const recent = await screen.findByRole('list', { name: 'Recently viewed' });
    await waitFor(() => expect(namesIn(recent)).toEqual(['Moonstone Drop', 'Little Gold Hoops']));
  });

  it('shows neither row for an empty basket and a shopper who has opened nothing', async () => {
    answerTheShop([locket]);
    renderRoutes([{ path: '/basket', element: <BasketScreen /> }], '/basket');
    expect(await screen.findByText('Basket is empty')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'You may also like' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Recently viewed' })).toBeNull();
  });
});
