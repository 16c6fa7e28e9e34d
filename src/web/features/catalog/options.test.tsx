import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useBasket } from '../../state/basket-store';
import {
  answerBy,
  callsOf,
  pasteInto,
  renderRoutes,
  resetStores,
  teeInSizes as tee,
} from '../../support/testing';
import { ProductPage } from './ProductPage';

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

    await pasteInto(screen.getByLabelText('Email address'), 'waiting@example.com');
    await userEvent.click(screen.getByRole('button', { name: "Tell me when it's back" }));
    expect((await screen.findByRole('status')).textContent).toBe(
      "Thank you: we will email you once when it's back in stock",
    );
    expect(callsOf(fetch).find((call) => call.method === 'POST')?.body).toEqual({
      email: 'waiting@example.com',
      variant: 'v-l',
    });
  });
});
