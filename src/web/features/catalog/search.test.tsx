import { NO_LISTING_FACETS } from '../../../shared/catalog/facets';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ProductPage } from '../../../shared/catalog/catalog';
import { answerBy, callsOf, renderRoutes, resetStores, teeInSizes } from '../../support/testing';
import { SearchPage } from './SearchPage';

const tee = { ...teeInSizes, reviews: undefined };

/** The shop answering a search for `keyword` with `answer`, whatever the page asked for. */
function answerSearch(keyword: string, answer: Omit<ProductPage, 'total' | 'facets'>) {
  return answerBy((_method, path) => {
    const url = new URL(path, 'http://shop.test');
    if (url.pathname === '/api/products' && url.searchParams.get('keyword') === keyword) {
      return [200, { total: answer.products.length, facets: NO_LISTING_FACETS, ...answer }];
    }
    return [404, { message: 'Not found', code: 'NOT_FOUND' }];
  });
}

const openSearch = (address: string) =>
  renderRoutes(
    [
      { path: '/search/:keyword', element: <SearchPage /> },
      { path: '/search/:keyword/page/:pageNumber', element: <SearchPage /> },
    ],
    address,
  );

describe('the search page', () => {
  beforeEach(resetStores);

  it('offers the suggestion and every shelf when nothing matches', async () => {
    answerSearch('silver tiarra', { products: [], page: 1, pages: 1, suggestion: 'silver' });
    openSearch('/search/silver%20tiarra');

    expect(await screen.findByText('Nothing matches ‘silver tiarra’.')).toBeTruthy();
    const suggestion = screen.getByRole('link', { name: 'silver' });
    expect(suggestion.getAttribute('href')).toBe('/search/silver');
    expect(suggestion.closest('p')?.textContent).toBe('Did you mean silver?');
    expect(screen.getByRole('link', { name: 'Jewellery' }).getAttribute('href')).toBe(
      '/category/jewellery',
    );
    expect(screen.getByRole('link', { name: 'T-shirts' }).getAttribute('href')).toBe(
      '/category/t-shirts',
    );
  });

  it('offers the shelves alone when the shop has no suggestion', async () => {
    answerSearch('xqzvwk', { products: [], page: 1, pages: 1 });
    openSearch('/search/xqzvwk');

    expect(await screen.findByText('Nothing matches ‘xqzvwk’.')).toBeTruthy();
    expect(screen.queryByText(/Did you mean/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Knitwear' })).toBeTruthy();
  });

  it('names the word that found nothing, and offers the departments and categories', async () => {
    answerSearch('silver hoodie', {
      products: [],
      page: 1,
      pages: 1,
      suggestion: 'silver',
      unmatched: ['hoodie'],
    });
    openSearch('/search/silver%20hoodie');

    expect(await screen.findByText('Nothing matches ‘hoodie’.')).toBeTruthy();
    expect(screen.getByText(/Did you mean/).textContent).toBe('Did you mean silver?');
    const shelves = screen.getByRole('navigation', { name: 'Browse the shelves instead:' });
    const links = within(shelves).getAllByRole('link');
    expect(links.map((link) => link.textContent).slice(0, 3)).toEqual([
      'Jewellery',
      'Knitwear',
      'Pendants',
    ]);
    expect(links.at(-1)?.getAttribute('href')).toBe('/category/gift-cards');
  });

  it('says which words it showed when it put a near miss right', async () => {
    answerSearch('pendnat', { products: [tee], page: 1, pages: 1, suggestion: 'pendant' });
    openSearch('/search/pendnat');

    const grid = await screen.findByRole('list', { name: 'Search results for pendnat' });
    expect(within(grid).getByText(tee.name)).toBeTruthy();
    const shown = screen.getByRole('link', { name: 'pendant' });
    expect(shown.closest('p')?.textContent).toBe('Showing results for pendant.');
    expect(screen.queryByText(/Nothing matches/)).toBeNull();
  });

  it('says there is no such page, with a link to the last, past the end of the results', async () => {
    const fetch = answerSearch('tee', { products: [], page: 5, pages: 2 });
    openSearch('/search/tee/page/5');

    expect(await screen.findByText(/There is no page 5\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: /last page/ }).getAttribute('href')).toBe(
      '/search/tee/page/2',
    );
    expect(screen.queryByText(/Nothing matches/)).toBeNull();
    expect(callsOf(fetch).map((call) => call.path)).toContain(
      '/api/products?pageNumber=5&keyword=tee',
    );
  });
});
