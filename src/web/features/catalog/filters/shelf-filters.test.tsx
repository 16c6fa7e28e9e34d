import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { productSchema, type ProductPage } from '../../../../shared/catalog/catalog';
import { NO_LISTING_FACETS, type ListingFacets } from '../../../../shared/catalog/facets';
import { PanelHost } from '../../../panels/PanelHost';
import { answerBy, callsOf, renderRoutes, resetStores, teeInSizes } from '../../../support/testing';
import { CategoryPage } from '../CategoryPage';

const ring = productSchema.parse({ ...teeInSizes, name: 'Halo Ring', category: 'rings' });

const FACETS: ListingFacets = {
  ...NO_LISTING_FACETS,
  size: [
    { value: 'L', count: 4 },
    { value: 'N', count: 6 },
  ],
  metal: [
    { value: 'sterling silver', count: 12 },
    { value: '9ct gold', count: 3 },
  ],
  price: { min: 18, max: 240 },
};

/**
 * The shop's rings: 15 of them, 12 in sterling silver and 3 in 9ct gold, as the API counts them
 * for the metals asked (`metal=a,b`).
 */
function answerRings() {
  return answerBy((_method, path) => {
    const url = new URL(path, 'http://shop.test');
    if (url.pathname !== '/api/products') return [404, { message: 'Not found', code: 'NOT_FOUND' }];
    const metals = url.searchParams.get('metal')?.split(',') ?? [];
    const total =
      metals.length === 0
        ? 15
        : FACETS.metal
            .filter(({ value }) => metals.includes(value))
            .reduce((sum, { count }) => sum + count, 0);
    const page: ProductPage = {
      products: [ring],
      page: Number(url.searchParams.get('pageNumber')),
      pages: 2,
      total,
      facets: FACETS,
    };
    return [200, page];
  });
}

/** The asked `GET /api/products` calls' queries. */
const productCalls = (fetch: ReturnType<typeof answerRings>) =>
  callsOf(fetch)
    .map((call) => new URL(call.path, 'http://shop.test'))
    .filter((url) => url.pathname === '/api/products')
    .map((url) => url.searchParams);

function openShelf(at: string) {
  return renderRoutes(
    [
      {
        element: (
          <>
            <Outlet />
            <PanelHost />
          </>
        ),
        children: [
          { path: '/category/:category', element: <CategoryPage /> },
          { path: '/category/:category/page/:pageNumber', element: <CategoryPage /> },
        ],
      },
    ],
    at,
  );
}

/** The column's form beside the products (a phone has the panel's instead). */
const column = async () => within(await screen.findByRole('form', { name: 'Filters' }));

// jsdom has <dialog> without its modal methods.
const original = {
  showModal: Object.getOwnPropertyDescriptor(HTMLDialogElement.prototype, 'showModal'),
  close: Object.getOwnPropertyDescriptor(HTMLDialogElement.prototype, 'close'),
};
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
});
afterAll(() => {
  for (const [name, descriptor] of Object.entries(original)) {
    if (descriptor) Object.defineProperty(HTMLDialogElement.prototype, name, descriptor);
    else Reflect.deleteProperty(HTMLDialogElement.prototype, name);
  }
});

describe("a shelf's filters and sort", () => {
  beforeEach(resetStores);

  it('shows each metal with its count, and a metal picked goes into the address and the call', async () => {
    const fetch = answerRings();
    const address = openShelf('/category/rings/page/2');
    const filters = await column();

    expect(await screen.findByText('15 products')).toBeTruthy();
    expect(filters.getByRole('group', { name: 'Metal' })).toBeTruthy();
    const silver = filters.getByRole('checkbox', { name: 'Sterling silver (12)' });
    expect(filters.getByRole('checkbox', { name: '9ct gold (3)' })).toBeTruthy();
    // Facets the answer has no values for are left out.
    expect(filters.queryByRole('group', { name: 'Stone' })).toBeNull();

    await userEvent.click(silver);
    // Back to the first page, with the metal.
    await waitFor(() => expect(address()).toBe('/category/rings?metal=sterling+silver'));
    expect(await screen.findByText('12 products')).toBeTruthy();
    expect(
      productCalls(fetch).some(
        (query) =>
          query.get('category') === 'rings' &&
          query.get('metal') === 'sterling silver' &&
          query.get('pageNumber') === '1',
      ),
    ).toBe(true);
    expect(filters.getByRole('checkbox', { name: 'Sterling silver (12)' })).toHaveProperty(
      'checked',
      true,
    );

    await userEvent.click(filters.getByRole('checkbox', { name: '9ct gold (3)' }));
    await waitFor(() =>
      expect(address()).toBe('/category/rings?metal=sterling+silver&metal=9ct+gold'),
    );
    expect(productCalls(fetch).at(-1)?.get('metal')).toBe('sterling silver,9ct gold');
  });

  it('sorts by the order chosen, keeping the filters, and pages keep both', async () => {
    const fetch = answerRings();
    const address = openShelf('/category/rings?size=N');
    await screen.findByText('15 products');

    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Sort by' }),
      'Price, low to high',
    );
    await waitFor(() => expect(address()).toBe('/category/rings?size=N&sort=price-asc'));
    const asked = productCalls(fetch).at(-1);
    expect(asked?.get('sort')).toBe('price-asc');
    expect(asked?.get('size')).toBe('N');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveProperty('value', 'price-asc');
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('href')).toBe(
      '/category/rings/page/2?size=N&sort=price-asc',
    );
  });

  it('shows each filter in use as a chip that takes it off, and clears them all', async () => {
    answerRings();
    const address = openShelf('/category/rings?size=N&metal=sterling%20silver&priceMin=20');
    await screen.findByText('12 products');
    const inUse = screen.getByRole('list', { name: 'Filters in use' });
    expect(
      within(inUse)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual(['Remove Size N', 'Remove Sterling silver', 'Remove From £20']);
    expect((await column()).getByLabelText('Min price (£)')).toHaveProperty('value', '20');

    await userEvent.click(screen.getByRole('link', { name: 'Remove Sterling silver' }));
    await waitFor(() => expect(address()).toBe('/category/rings?size=N&priceMin=20'));

    await userEvent.click(screen.getByRole('link', { name: 'Clear all' }));
    await waitFor(() => expect(address()).toBe('/category/rings'));
    expect(screen.queryByRole('list', { name: 'Filters in use' })).toBeNull();
    expect((await column()).getByLabelText('Min price (£)')).toHaveProperty('value', '');
  });

  it('says on a phone how many products the picks would show before showing them', async () => {
    const fetch = answerRings();
    const address = openShelf('/category/rings');
    await screen.findByText('15 products');

    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const panel = within(await screen.findByRole('dialog', { name: 'Filters' }));
    expect(await panel.findByRole('button', { name: 'Show 15 results' })).toBeTruthy();

    await userEvent.click(panel.getByRole('checkbox', { name: '9ct gold (3)' }));
    expect(await panel.findByRole('button', { name: 'Show 3 results' })).toBeTruthy();
    // Asked for the count; the page itself has not moved.
    expect(productCalls(fetch).at(-1)?.get('metal')).toBe('9ct gold');
    expect(address()).toBe('/category/rings');

    await userEvent.click(panel.getByRole('button', { name: 'Show 3 results' }));
    await waitFor(() => expect(address()).toBe('/category/rings?metal=9ct+gold'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('3 products')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeTruthy();
  });

  it('tells search engines a filtered shelf is a copy of the shelf', async () => {
    answerRings();
    openShelf('/category/rings?metal=sterling+silver');
    await screen.findByText('12 products');
    await waitFor(() =>
      expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe(
        'noindex, follow',
      ),
    );
    const canonical = document.head.querySelectorAll('link[rel="canonical"]');
    expect([...canonical].map((link) => link.getAttribute('href'))).toEqual(['/category/rings']);
  });

  it('leaves out a filter it cannot read, and says so', async () => {
    const fetch = answerRings();
    openShelf('/category/rings?metal=tin&size=N');
    expect(await screen.findByRole('note')).toHaveProperty(
      'textContent',
      expect.stringContaining('(metal)'),
    );
    const asked = productCalls(fetch).at(-1);
    expect(asked?.get('metal')).toBeNull();
    expect(asked?.get('size')).toBe('N');
  });
});
