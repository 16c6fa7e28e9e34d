import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Pagination, pageNumbersShown } from './Pagination';

describe('page links', () => {
  it('links every page of a short list', () => {
    expect(pageNumbersShown(3, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('links the first, the last and those near this page of a long one, marking the gaps', () => {
    expect(pageNumbersShown(1, 5000)).toEqual([1, 2, 3, 4, 5, 6, null, 5000]);
    expect(pageNumbersShown(2500, 5000)).toEqual([
      1,
      null,
      2498,
      2499,
      2500,
      2501,
      2502,
      null,
      5000,
    ]);
    expect(pageNumbersShown(5000, 5000)).toEqual([1, null, 4995, 4996, 4997, 4998, 4999, 5000]);
    expect(pageNumbersShown(4, 12)).toEqual([1, 2, 3, 4, 5, 6, null, 12]);
  });

  it('draws a handful of links for 5,000 pages, the current one marked', () => {
    render(
      <MemoryRouter>
        <Pagination page={2500} pages={5000} hrefFor={(page) => `/admin/orderlist?page=${page}`} />
      </MemoryRouter>,
    );
    const links = within(screen.getByRole('navigation', { name: 'Pages' })).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      '1',
      '2498',
      '2499',
      '2500',
      '2501',
      '2502',
      '5000',
    ]);
    expect(screen.getByRole('link', { name: 'Page 2500' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });
});
