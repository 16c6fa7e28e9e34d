import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ProductDetail } from '../../../shared/catalog';
import { useBasket } from '../../state/basket-store';
import { answerBy, callsOf, renderRoutes, resetStores } from '../../support/testing';
import { BasketLines } from '../basket/BasketLines';
import { ProductPage } from './ProductPage';

const tee: ProductDetail = {
  _id: 'tee00000000000000000001',
  name: 'Breton Stripe Tee',
  brand: 'Tidewell & Co.',
  image: '/uploads/tee.webp',
  price: 32,
  description: 'A heavy cotton tee.',
  category: 't-shirts',
  countInStock: 5,
  rating: 0,
  numReviews: 0,
  createdAt: '2026-03-02T10:00:00.000Z',
  options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
  variants: [
    { _id: 'v-s', options: { Size: 'S' }, sku: 'BRT-S', price: 32, countInStock: 3 },
    { _id: 'v-m', options: { Size: 'M' }, sku: 'BRT-M', price: 34, countInStock: 2 },
    { _id: 'v-l', options: { Size: 'L' }, sku: 'BRT-L', price: 34, countInStock: 0 },
  ],
  specifications: [{ label: 'Fabric', value: '100% organic cotton' }],
  reviews: [],
};

function answerTheShop() {
  return answerBy((method, path) => {
    if (path === `/api/products/${tee._id}`) return [200, tee];
    if (path === `/api/products/${tee._id}/similar`) return [200, []];
    if (method === 'POST' && path === `/api/products/${tee._id}/alerts`) {
      return [201, { message: "Thank you: we will email you once when it's back in stock" }];
    }
    return [404, { message: 'Not found', code: 'NOT_FOUND' }];
  });
}

const openTee = (search = '') =>
  renderRoutes(
    [{ path: '/product/:id', element: <ProductPage /> }],
    `/product/${tee._id}${search}`,
  );

describe('a product sold in sizes', () => {
  beforeEach(() => {
    resetStores();
    act(() => useBasket.setState({ basketItems: [] }));
  });

  it('asks for a size before adding, then adds the size chosen at its price', async () => {
    answerTheShop();
    const address = openTee();
    const sizes = await screen.findByRole('group', { name: /Size/ });
    expect(screen.getByText('From')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Specifications' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Add To Basket' }));
    expect(within(sizes).getByText('Please choose a size')).toBeTruthy();
    expect(useBasket.getState().basketItems).toEqual([]);

    await userEvent.click(within(sizes).getByRole('radio', { name: 'M' }));
    expect(address()).toBe(`/product/${tee._id}?variant=v-m`);
    expect(screen.getByText('£34.00')).toBeTruthy();
    const quantity = screen.getByRole('combobox', { name: 'Quantity' });
    expect(within(quantity).getAllByRole('option')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Add To Basket' }));
    expect(useBasket.getState().basketItems).toEqual([
      expect.objectContaining({
        product: tee._id,
        variant: 'v-m',
        variantLabel: 'Size: M',
        price: 34,
      }),
    ]);
  });

  it('offers an alert in place of Add To Basket for a sold-out size', async () => {
    const fetch = answerTheShop();
    openTee('?variant=v-l');
    const sizes = await screen.findByRole('group', { name: /Size/ });
    expect(within(sizes).getByRole('radio', { name: 'L (sold out)' })).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.getByText('Size: L is sold out')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add To Basket' })).toBeNull();

    await userEvent.type(screen.getByLabelText('Email address'), 'waiting@example.com');
    await userEvent.click(screen.getByRole('button', { name: "Tell me when it's back" }));
    expect((await screen.findByRole('status')).textContent).toBe(
      "Thank you: we will email you once when it's back in stock",
    );
    expect(callsOf(fetch).find((call) => call.method === 'POST')?.body).toEqual({
      email: 'waiting@example.com',
      variant: 'v-l',
    });
  });

  it('asks a basket line saved before the product had sizes to choose one', async () => {
    answerTheShop();
    act(() =>
      useBasket.setState({
        basketItems: [
          {
            product: tee._id,
            name: tee.name,
            brand: tee.brand,
            image: tee.image,
            price: 30,
            countInStock: 9,
            qty: 2,
          },
        ],
      }),
    );
    renderRoutes(
      [
        {
          path: '/basket',
          element: <BasketLines items={useBasket.getState().basketItems} />,
        },
      ],
      '/basket',
    );
    const choose = await screen.findByRole('combobox', { name: 'Please choose a size' });
    expect(
      within(choose).getByRole('option', { name: 'Size: L, £34.00 (sold out)' }),
    ).toHaveProperty('disabled', true);
    await userEvent.selectOptions(choose, 'v-s');
    expect(useBasket.getState().basketItems).toEqual([
      expect.objectContaining({ variant: 'v-s', variantLabel: 'Size: S', price: 32, qty: 2 }),
    ]);
  });
});
