import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../tests/support/render';
import { Pagination } from '../ui/Pagination';
import { SearchBox } from './SearchBox';

const address = () => screen.getByRole('status', { name: 'Current address' }).textContent;

describe('the search box', () => {
  it('goes to the results for a term', async () => {
    renderInApp(<SearchBox />, { at: '/faq' });
    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Search products' }),
      ' gold chain {Enter}',
    );
    expect(address()).toBe('/search/gold%20chain');
  });

  it('shows the term of the results page it is on', () => {
    renderInApp(<SearchBox />, { at: '/search/gold%20chain/page/2' });
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search products' }).value).toBe(
      'gold chain',
    );
  });

  it('goes home for a blank term', async () => {
    renderInApp(<SearchBox />, { at: '/faq' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search products' }), '   {Enter}');
    expect(address()).toBe('/');
  });
});

describe('pagination', () => {
  it('is not shown for a single page', () => {
    renderInApp(<Pagination page={1} pages={1} hrefFor={(page) => `/page/${page}`} />);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('links every page and marks the current one', () => {
    renderInApp(<Pagination page={2} pages={3} hrefFor={(page) => `/page/${page}`} />);
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/page/1',
      '/page/2',
      '/page/3',
    ]);
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  });
});
