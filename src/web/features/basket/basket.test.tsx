import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BasketItem } from '../../../shared/basket-item';
import { renderInApp } from '../../../../tests/support/render';
import { useBasket } from '../../state/basket-store';
import { useSession } from '../../state/session-store';
import { ann } from '../../support/testing';
import { useToast } from '../../state/toast-store';
import { BasketPanel } from './BasketPanel';

const scarf: BasketItem = {
  product: 's1',
  name: 'Check Scarf',
  brand: 'Tidewell & Co.',
  image: '/uploads/scarf.webp',
  price: 24.5,
  countInStock: 3,
  qty: 1,
};

/** Each term of the basket's figures with its amount, in the order shown. */
const figures = () =>
  screen
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);

describe('the basket panel', () => {
  beforeEach(() => {
    act(() => useBasket.setState({ basketItems: [] }));
  });

  it('says the basket is empty', () => {
    renderInApp(<BasketPanel onClose={() => undefined} />);
    expect(screen.getByText('Basket is empty')).toBeTruthy();
  });

  it('shows count, delivery, total and how far free delivery is, and offers checkout', async () => {
    act(() => {
      useBasket.getState().add({ ...scarf, qty: 2 });
    });
    renderInApp(<BasketPanel onClose={() => undefined} />);
    const line = within(screen.getByRole('list', { name: 'Items in your basket' }));
    expect(line.getByText('£24.50 each')).toBeTruthy();
    expect(line.getByText('Line total').parentElement?.textContent).toBe('Line total £49.00');
    expect(figures()).toEqual([
      ['Subtotal (2 items)', '£49.00'],
      ['Delivery', '£4.99'],
      ['Total', '£53.99'],
    ]);
    expect(screen.getByText('Includes VAT of £9.00')).toBeTruthy();
    expect(screen.getByText('Spend £11.00 more for free delivery')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Proceed To Checkout' }));
    expect(screen.getByRole('status', { name: 'Current address' }).textContent).toBe(
      '/account/login?redirect=/checkout/shipping',
    );
  });

  it('sends a signed-in shopper straight to the shipping step', async () => {
    act(() => useSession.getState().signIn(ann));
    act(() => {
      useBasket.getState().add(scarf);
    });
    renderInApp(<BasketPanel onClose={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Proceed To Checkout' }));
    expect(screen.getByRole('status', { name: 'Current address' }).textContent).toBe(
      '/checkout/shipping',
    );
    act(() => useSession.setState({ userInfo: null }));
  });

  it('offers quantities up to the stock, and says when delivery is free', async () => {
    act(() => {
      useBasket.getState().add(scarf);
    });
    renderInApp(<BasketPanel onClose={() => undefined} />);
    const quantity = screen.getByRole('combobox', { name: 'Quantity of Check Scarf' });
    expect(
      within(quantity)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['1', '2', '3']);
    await userEvent.selectOptions(quantity, '3');
    expect(screen.getByText('Line total').parentElement?.textContent).toBe('Line total £73.50');
    expect(figures()).toEqual([
      ['Subtotal (3 items)', '£73.50'],
      ['Delivery', 'Free'],
      ['Total', '£73.50'],
    ]);
    expect(screen.queryByText(/more for free delivery/)).toBeNull();
    expect(JSON.parse(localStorage.getItem('basketItems') ?? '[]')).toMatchObject([
      { product: 's1', qty: 3 },
    ]);
  });

  it('removes a line and says so', async () => {
    act(() => {
      useBasket.getState().add(scarf);
    });
    renderInApp(<BasketPanel onClose={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Check Scarf' }));
    expect(screen.getByText('Basket is empty')).toBeTruthy();
    expect(useToast.getState().message).toBe('Item(s) removed from basket');
  });
});
