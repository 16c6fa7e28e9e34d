import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { productSchema, type Product } from '../../../shared/catalog/catalog';
import { ScrollToTop } from '../../layout/ScrollToTop';
import { HomePage } from '../../pages/HomePage';
import { answerBy, renderRoutes, resetStores, teeInSizes } from '../../support/testing';
import { CategoryPage } from './CategoryPage';
import { SearchPage } from './SearchPage';

const tee = productSchema.parse(teeInSizes);
const productsOfPage = (page: number): Product[] =>
  Array.from({ length: 12 }, (_, index) => ({
    ...tee,
    _id: `p${String(page)}-${String(index)}`,
    name: `Stripe Tee ${String(page)}.${String(index)}`,
  }));

/** Three pages of products, whatever the keyword or shelf; past them an empty page. */
function answerThreePages() {
  return answerBy((_method, path) => {
    const url = new URL(path, 'http://shop.test');
    if (url.pathname !== '/api/products') return [404, { message: 'Not found', code: 'NOT_FOUND' }];
    const page = Number(url.searchParams.get('pageNumber'));
    return [200, { products: page <= 3 ? productsOfPage(page) : [], page, pages: 3 }];
  });
}

/** The storefront's pages inside the part of the layout that moves the view between pages. */
function openShop(at: string) {
  const address = renderRoutes(
    [
      {
        element: (
          <>
            <ScrollToTop />
            <Outlet />
          </>
        ),
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/page/:pageNumber', element: <HomePage /> },
          { path: '/search/:keyword', element: <SearchPage /> },
          { path: '/search/:keyword/page/:pageNumber', element: <SearchPage /> },
          { path: '/category/:category', element: <CategoryPage /> },
          { path: '/category/:category/page/:pageNumber', element: <CategoryPage /> },
        ],
      },
    ],
    at,
  );
  return address;
}

// jsdom draws nothing and cannot scroll; a new page asks to start at the top.
const scrollTo = vi.fn();
beforeEach(() => {
  resetStores();
  scrollTo.mockClear();
  vi.stubGlobal('scrollTo', scrollTo);
});
afterEach(() => vi.unstubAllGlobals());

describe('moving to another page of products', () => {
  it.each([
    ['the shop', '/', 'All products, page 2', '/page/2'],
    ['a category', '/category/pendants', 'Pendants', '/category/pendants/page/2'],
    ['a search', '/search/tee', 'Search results for ‘tee’', '/search/tee/page/2'],
  ])(
    'takes the shopper on %s to the top of the new page, at its heading',
    async (_what, start, heading, second) => {
      answerThreePages();
      const address = openShop(start);
      await screen.findByText(/Stripe Tee 1\.0/);
      const pages = screen.getByRole('navigation', { name: 'Pages' });
      await userEvent.click(within(pages).getByRole('link', { name: 'Page 2' }));

      expect(address()).toBe(second);
      await screen.findByText(/Stripe Tee 2\.0/);
      const focused = document.activeElement;
      expect(focused?.tagName).toMatch(/^H[12]$/);
      expect(focused?.textContent).toBe(heading);
    },
  );

  it('starts any other page at the top', async () => {
    answerThreePages();
    openShop('/page/2');
    await screen.findByText(/Stripe Tee 2\.0/);
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(document.activeElement).toBe(document.body);
  });
});

describe('a page past the end of the products', () => {
  it('says there is no such page, with the way to the last page and to the first', async () => {
    answerThreePages();
    const address = openShop('/page/9');
    expect(await screen.findByText(/There is no page 9\./)).toBeTruthy();
    expect(screen.getByText(/There are 3 pages\./)).toBeTruthy();
    expect(screen.queryByText('There is nothing in the shop yet.')).toBeNull();
    expect(
      screen.getByRole('link', { name: 'Go to the last page (page 3)' }).getAttribute('href'),
    ).toBe('/page/3');
    await userEvent.click(screen.getByRole('link', { name: 'Go to page 1' }));
    expect(address()).toBe('/');
    expect(await screen.findByText(/Stripe Tee 1\.0/)).toBeTruthy();
  });

  it('does the same on a category page', async () => {
    answerThreePages();
    openShop('/category/hats/page/7');
    expect(await screen.findByText(/There is no page 7\./)).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Go to the last page (page 3)' }).getAttribute('href'),
    ).toBe('/category/hats/page/3');
  });

  it('still says an empty shop is empty', async () => {
    answerBy(() => [200, { products: [], page: 1, pages: 1 }]);
    openShop('/');
    expect(await screen.findByText('There is nothing in the shop yet.')).toBeTruthy();
  });
});
