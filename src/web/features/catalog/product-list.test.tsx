import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerBy, callsOf, renderRoutes, resetStores, signInAs } from '../../support/testing';
import { moonstone, owner, productPage, silkTee, staff } from '../../back-office/admin-fixtures';
import { ProductListPage } from './ProductListPage';

const openList = (at: string) =>
  renderRoutes([{ path: '/admin/productlist/:pageNumber?', element: <ProductListPage /> }], at);

const pathsOf = (send: ReturnType<typeof answerBy>) => callsOf(send).map(({ path }) => path);

describe('the product list, searched and narrowed', () => {
  beforeEach(resetStores);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('keeps its words, category and stock in the address, and says how many it found', async () => {
    signInAs(owner);
    const send = answerBy(() => [200, productPage([moonstone], 3, 2)]);
    const address = openList('/admin/productlist?q=locket&stock=low');

    expect(await screen.findByText('3 products found')).toBeTruthy();
    expect(pathsOf(send)).toEqual(['/api/admin/products?q=locket&stock=low&pageNumber=1']);
    const search = screen.getByRole('search', { name: 'Find products' });
    expect(within(search).getByRole<HTMLInputElement>('searchbox').value).toBe('locket');
    expect(within(search).getByRole<HTMLSelectElement>('combobox', { name: 'Stock' }).value).toBe(
      'low',
    );
    // The next page keeps the filters.
    expect(
      within(screen.getByRole('navigation', { name: 'Product pages' }))
        .getByRole('link', { name: 'Page 2' })
        .getAttribute('href'),
    ).toBe('/admin/productlist/2?q=locket&stock=low');

    // A category applies as soon as it is chosen, with the words and stock already there.
    await userEvent.selectOptions(
      within(search).getByRole('combobox', { name: 'Category' }),
      'Pendants',
    );
    expect(address()).toBe('/admin/productlist?q=locket&category=pendants&stock=low');
    await waitFor(() =>
      expect(pathsOf(send)).toContain(
        '/api/admin/products?q=locket&category=pendants&stock=low&pageNumber=1',
      ),
    );

    // New words go in with Search, from the first page; the stock left as it was.
    const words = within(search).getByRole('searchbox', { name: 'Find a product' });
    await userEvent.clear(words);
    await userEvent.type(words, 'MOON-01{Enter}');
    expect(address()).toBe('/admin/productlist?q=MOON-01&category=pendants&stock=low');

    await userEvent.click(screen.getByRole('link', { name: 'Show every product' }));
    expect(address()).toBe('/admin/productlist');
  });

  it('says so when nothing matches the filters', async () => {
    signInAs(owner);
    answerBy(() => [200, productPage([], 0)]);
    openList('/admin/productlist?stock=sold_out');
    expect(await screen.findByText('No product matches these filters.')).toBeTruthy();
    expect(screen.getByText('0 products found')).toBeTruthy();
  });

  it('shows each product’s picture small beside its name, said to nobody, loaded when near', async () => {
    signInAs(owner);
    answerBy(() => [200, productPage([moonstone, silkTee])]);
    openList('/admin/productlist');
    expect(await screen.findByText('2 products')).toBeTruthy();
    const row = screen.getByRole('link', { name: 'Moonstone Locket' }).closest('tr');
    const picture = row?.querySelector('img');
    expect(picture?.getAttribute('src')).toBe('/uploads/locket.sm.webp');
    expect(picture?.getAttribute('alt')).toBe('');
    expect(picture?.getAttribute('loading')).toBe('lazy');
    expect(picture?.getAttribute('width')).toBe('48');
    // A picture from elsewhere is shown as it is.
    const teeRow = screen.getByRole('link', { name: 'Brushed Silk Tee' }).closest('tr');
    expect(teeRow?.querySelector('img')?.getAttribute('src')).toBe(silkTee.image);
  });

  it('asks before deleting, naming the product, and does nothing when told no', async () => {
    signInAs(owner);
    const send = answerBy(() => [200, productPage([moonstone])]);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    openList('/admin/productlist');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Moonstone Locket' }));
    expect(confirm).toHaveBeenCalledWith('Delete Moonstone Locket? Orders keep their copy.');
    expect(callsOf(send).some(({ method }) => method === 'DELETE')).toBe(false);
  });

  it('offers staff no Create or Delete, only Edit for the stock', async () => {
    signInAs(staff);
    answerBy(() => [200, productPage([moonstone, silkTee])]);
    openList('/admin/productlist');
    expect(await screen.findByRole('button', { name: 'Edit Moonstone Locket' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Product' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });
});
