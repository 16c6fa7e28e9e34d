import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductDetail } from '../../../shared/catalog/catalog';
import { useBasket } from '../../state/basket-store';
import { answerBy, renderRoutes, resetStores, teeInSizes } from '../../support/testing';
import { MONDAY_MORNING } from '../../support/storefront-delivery-fixtures';
import { ProductPage } from './ProductPage';

const ENGRAVING = {
  label: 'Engraving',
  maxLength: 12,
  lines: 2,
  characters: 'letters',
  price: 8,
  pricePerCharacter: 1,
  required: false,
} as const;

/** A silver disc sold one way, engraved on two lines of twelve letters for £8 and £1 a letter. */
const disc: ProductDetail = {
  ...teeInSizes,
  _id: 'disc0000000000000000001',
  name: 'Engravable Disc Pendant',
  category: 'pendants',
  price: 38,
  countInStock: 3,
  options: [],
  variants: [],
  specifications: [],
  facets: { metal: 'sterling silver', stone: null, colour: 'silver', material: null },
  personalisation: ENGRAVING,
  reviews: [],
};

function openDisc(product: ProductDetail = disc) {
  answerBy((_method, path) => {
    if (path.startsWith('/api/delivery')) return [200, MONDAY_MORNING];
    if (path === `/api/products/${product._id}`) return [200, product];
    if (path === `/api/products/${product._id}/similar`) return [200, []];
    if (path === `/api/products/${product._id}/my-review`) return [200, { review: null }];
    return [404, { message: 'Not found', code: 'NOT_FOUND' }];
  });
  renderRoutes([{ path: '/product/:id', element: <ProductPage /> }], `/product/${product._id}`);
}

beforeEach(resetStores);
afterEach(() => vi.unstubAllGlobals());

describe('personalising a product on its page', () => {
  it('shows a field a line, a preview and the price with the text as it is typed, and the law’s words', async () => {
    openDisc();
    const engraving = await screen.findByRole('group', { name: /^Engraving\s*\(optional\)$/ });
    expect(within(engraving).getByText('Without engraving: £38.00')).toBeTruthy();
    expect(
      within(engraving).getByText(/cannot be returned or cancelled for a change of mind/),
    ).toBeTruthy();
    await userEvent.type(within(engraving).getByLabelText('Line 1'), 'A & J');
    expect(within(engraving).getByText('7 of 12 characters left')).toBeTruthy();
    expect(
      within(engraving).getByText('With your engraving: £49.00 (engraving £11.00)'),
    ).toBeTruthy();
    expect(
      within(engraving).getByRole('img', { name: 'Preview of the engraving: A & J' }),
    ).toBeTruthy();
    await userEvent.type(within(engraving).getByLabelText('Line 2'), 'Always');
    expect(
      within(engraving).getByText('With your engraving: £55.00 (engraving £17.00)'),
    ).toBeTruthy();
    expect(
      within(engraving).getByRole('img', { name: 'Preview of the engraving: A & J, Always' }),
    ).toBeTruthy();
  });

  it('says a character the engraver cannot cut as it is typed, and adds nothing until it goes', async () => {
    openDisc();
    const engraving = await screen.findByRole('group', { name: /^Engraving\s*\(optional\)$/ });
    const line = within(engraving).getByLabelText('Line 1');
    await userEvent.type(line, 'Zoë');
    const refusal = "The engraving cannot hold “ë”: only letters A to Z, spaces and & . ' -";
    expect(within(engraving).getByText(refusal)).toBeTruthy();
    expect(line.getAttribute('aria-invalid')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Add To Basket' }));
    expect(useBasket.getState().basketItems).toEqual([]);
    expect(document.activeElement).toBe(line);
  });

  it('adds each text as a line of its own at its price, and clears the fields for the next', async () => {
    openDisc();
    const engraving = await screen.findByRole('group', { name: /^Engraving\s*\(optional\)$/ });
    const line = within(engraving).getByLabelText('Line 1');
    await userEvent.type(line, '  A & J ');
    await userEvent.click(screen.getByRole('button', { name: 'Add To Basket' }));
    expect((line as HTMLInputElement).value).toBe('');
    await userEvent.type(line, 'M & T');
    await userEvent.click(screen.getByRole('button', { name: 'Add To Basket' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add To Basket' }));
    expect(
      useBasket.getState().basketItems.map(({ price, qty, personalisation }) => ({
        price,
        qty,
        personalisation,
      })),
    ).toEqual([
      { price: 49, qty: 1, personalisation: { label: 'Engraving', text: 'A & J', price: 11 } },
      { price: 49, qty: 1, personalisation: { label: 'Engraving', text: 'M & T', price: 11 } },
      // Without a text, it is the disc as it is.
      { price: 38, qty: 1, personalisation: undefined },
    ]);
  });

  it('asks for the text of a product sold only personalised before adding it', async () => {
    openDisc({
      ...disc,
      personalisation: { ...ENGRAVING, required: true, lines: 1 },
    });
    const engraving = await screen.findByRole('group', { name: 'Engraving' });
    await userEvent.click(screen.getByRole('button', { name: 'Add To Basket' }));
    expect(
      within(engraving).getByText('Please give the engraving for Engravable Disc Pendant'),
    ).toBeTruthy();
    expect(useBasket.getState().basketItems).toEqual([]);
    await userEvent.type(within(engraving).getByLabelText('Your engraving'), 'J');
    await userEvent.click(screen.getByRole('button', { name: 'Add To Basket' }));
    expect(useBasket.getState().basketItems).toHaveLength(1);
  });

  it('offers nothing to personalise on a product sold as it is', async () => {
    openDisc({ ...disc, personalisation: null });
    await screen.findByRole('button', { name: 'Add To Basket' });
    expect(screen.queryByRole('group', { name: /Engraving/ })).toBeNull();
    expect(screen.queryByText(/cannot be returned or cancelled/)).toBeNull();
  });
});
