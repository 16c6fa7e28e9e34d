import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductDetail } from '../../../shared/catalog/catalog';
import { renderInApp } from '../../../../tests/support/render';
import {
  answerBy,
  renderRoutes,
  resetStores,
  signInAs,
  teeInSizes as tee,
} from '../../support/testing';
import { ProductGrid } from './components/ProductGrid';
import { ProductForm } from './ProductForm';
import { ProductPage } from './ProductPage';
import { admin, pendant, putsOf, retype } from './product-test-kit';

/** A scarf sold one way, on sale: was £80, now £60. */
const scarf: ProductDetail = {
  ...tee,
  _id: 'scarf00000000000000000001',
  name: 'Tartan Scarf',
  category: 'accessories',
  price: 60,
  compareAtPrice: 80,
  options: [],
  variants: [],
  reviews: [],
};

/** The tee with its small size on sale: S was £40, now £32; M and L at £34 as ever. */
const teeOnSale: ProductDetail = {
  ...tee,
  compareAtPrice: 40,
  variants: tee.variants.map((variant) =>
    variant._id === 'v-s' ? { ...variant, compareAtPrice: 40 } : variant,
  ),
};

function answerTheShop(products: ProductDetail[]) {
  return answerBy((_method, path) => {
    for (const product of products) {
      const at = `/api/products/${product._id}`;
      if (path === at) return [200, product];
      if (path === `${at}/similar`) return [200, []];
      if (path === `${at}/my-review`) return [200, { review: null }];
    }
    return [404, { message: 'Not found', code: 'NOT_FOUND' }];
  });
}

const openProduct = (product: ProductDetail) =>
  renderRoutes([{ path: '/product/:id', element: <ProductPage /> }], `/product/${product._id}`);

/** The paragraph that says a sale, as a screen reader reads it out. */
const saleWords = (element: HTMLElement) =>
  [...element.querySelectorAll('p')]
    .map((paragraph) => paragraph.textContent)
    .filter((text) => text.startsWith('Was '));

/** The prices shown struck through. */
const struckThrough = (element: HTMLElement) =>
  [...element.querySelectorAll('s')].map((struck) => struck.textContent);

beforeEach(resetStores);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('a product card', () => {
  it('shows a was price struck through beside the price now, and reads "Was £80.00, now £60.00"', () => {
    answerTheShop([]);
    renderInApp(
      <ProductGrid products={[scarf, { ...tee, compareAtPrice: null }]} label="Products" />,
    );
    const [onSale, asEver] = screen.getAllByRole('listitem');
    if (!onSale || !asEver) throw new Error('two cards were expected');
    expect(saleWords(onSale)).toEqual(['Was £80.00, now £60.00']);
    expect(struckThrough(onSale)).toEqual(['£80.00']);
    expect(saleWords(asEver)).toEqual([]);
    expect(struckThrough(asEver)).toEqual([]);
    expect(within(asEver).getByText('£32.00')).toBeTruthy();
  });
});

describe('the product page', () => {
  it('shows the was price of a product sold one way', async () => {
    answerTheShop([scarf]);
    openProduct(scarf);
    const main = await screen.findByRole('heading', { name: 'Tartan Scarf' });
    const page = main.closest('main') ?? document.body;
    expect(saleWords(page)).toEqual(['Was £80.00, now £60.00']);
    expect(struckThrough(page)).toEqual(['£80.00']);
  });

  it('shows the was price of the size chosen, and none for a size not on sale', async () => {
    answerTheShop([teeOnSale]);
    openProduct(teeOnSale);
    const sizes = await screen.findByRole('group', { name: /Size/ });
    const page = sizes.closest('main') ?? document.body;
    // Before a size is chosen: the lowest price, and the was price of the size sold at it.
    expect(saleWords(page)).toEqual(['Was £40.00, now from £32.00']);

    await userEvent.click(within(sizes).getByRole('radio', { name: 'S' }));
    expect(saleWords(page)).toEqual(['Was £40.00, now £32.00']);
    expect(struckThrough(page)).toEqual(['£40.00']);

    await userEvent.click(within(sizes).getByRole('radio', { name: 'M' }));
    expect(saleWords(page)).toEqual([]);
    expect(struckThrough(page)).toEqual([]);
    expect(screen.getByText('£34.00')).toBeTruthy();
  });
});

describe('the product editor', () => {
  const UNFOUNDED =
    "£80.00 was not this item's price for 28 days in a row in the last 6 months, so it cannot be shown as a was price";
  const history = {
    periods: [
      { price: 45, from: '2026-09-01T09:00:00.000Z', to: '2026-10-20T09:00:00.000Z' },
      { price: 39, from: '2026-10-20T09:00:00.000Z', to: null },
    ],
  };

  /** The server: the pendant, its history, and each save refused as the rule refuses it. */
  function answerTheBackOffice() {
    return answerBy((method, path) => {
      if (path === `/api/products/${pendant._id}/price-history`) return [200, history];
      if (method === 'PUT') {
        return [
          400,
          {
            code: 'WAS_PRICE_UNFOUNDED',
            message: UNFOUNDED,
            errors: [{ path: 'compareAtPrice', message: UNFOUNDED }],
          },
        ];
      }
      return [200, pendant];
    });
  }

  it('shows the price history, newest first, with the days each price held', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-29T09:00:00.000Z') });
    signInAs(admin);
    answerTheBackOffice();
    renderInApp(<ProductForm productId={pendant._id} />);
    const region = await screen.findByRole('region', { name: 'Prices, newest first' });
    const table = within(region).getByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)),
    ).toEqual([
      ['Price', 'From', 'To', 'Held'],
      ['£39.00', '20 Oct 2026', 'Now', '40 days'],
      ['£45.00', '1 Sept 2026', '20 Oct 2026', '49 days'],
    ]);
  });

  it('says under the was price field why the shop refused it, and says it nowhere else', async () => {
    signInAs(admin);
    const send = answerTheBackOffice();
    renderInApp(<ProductForm productId={pendant._id} />);
    await screen.findByLabelText('Was (£)');
    await retype('Price (£)', '60');
    await retype('Was (£)', '80');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    const field = screen.getByLabelText('Was (£)');
    await vi.waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = (field.getAttribute('aria-describedby') ?? '').split(' ');
    const said = describedBy.map((id) => document.getElementById(id)?.textContent);
    expect(said).toContain(UNFOUNDED);
    expect(screen.getAllByText(UNFOUNDED)).toHaveLength(1);
    expect(document.activeElement).toBe(field);
    expect(putsOf(send)[0]?.body).toMatchObject({ price: 60, compareAtPrice: 80 });
  });

  it('asks for a was price above the price before sending anything', async () => {
    signInAs(admin);
    const send = answerTheBackOffice();
    renderInApp(<ProductForm productId={pendant._id} />);
    await screen.findByLabelText('Was (£)');
    await retype('Was (£)', '45');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(
      await screen.findByText('The was price must be more than the price (£45.00)'),
    ).toBeTruthy();
    expect(putsOf(send)).toEqual([]);
  });
});
