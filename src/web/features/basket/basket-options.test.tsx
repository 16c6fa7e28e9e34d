import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useBasket } from '../../state/basket-store';
import { answerBy, renderRoutes, resetStores, teeInSizes as tee } from '../../support/testing';
import { BasketLines } from './BasketLines';

describe('a basket saved before its products came in sizes', () => {
  beforeEach(() => {
    resetStores();
    act(() => useBasket.setState({ basketItems: [] }));
  });

  it('asks a basket line saved before the product had sizes to choose one', async () => {
    answerBy((_method, path) =>
      path === `/api/products/${tee._id}` ? [200, tee] : [404, { message: 'Not found' }],
    );
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
