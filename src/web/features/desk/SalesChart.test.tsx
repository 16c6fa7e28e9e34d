import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SalesChart } from './SalesChart';

const days = Array.from({ length: 30 }, (_, index) => ({
  date: `2026-03-${String(index + 1).padStart(2, '0')}`,
  orders: index === 11 ? 4 : 1,
  gross: index === 11 ? 160 : 40,
  refunds: index === 20 ? 20 : 0,
}));

/** Chartist asks the window about the screen; jsdom has no answer of its own. */
function answerMediaQueries() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

describe('SalesChart', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('draws a bar for each day, gross and refunds apart, each named in words', async () => {
    answerMediaQueries();
    render(<SalesChart days={days} />);
    const chart = screen.getByRole('img', { name: 'Each day of the last 30' });
    await waitFor(() => {
      expect(chart.querySelectorAll('.ct-series-a .ct-bar')).toHaveLength(30);
    });
    expect(chart.querySelectorAll('.ct-series-b .ct-bar')).toHaveLength(30);
    const titles = [...chart.querySelectorAll('title')].map((title) => title.textContent);
    expect(titles).toHaveLength(30);
    expect(titles[11]).toBe('12 Mar: 4 orders, £160.00 gross, £0.00 refunded');
    expect(titles[20]).toBe('21 Mar: 1 orders, £40.00 gross, £20.00 refunded');
  });

  it('keeps the summary and the table where the picture cannot be drawn', () => {
    render(<SalesChart days={days} />);
    expect(screen.getByText(/The best day was 12 Mar, with £160\.00/)).toBeTruthy();
    expect(screen.getByRole('row', { name: /^21 Mar/ }).textContent).toContain('£20.00');
    expect(
      screen.getByRole('img', { name: 'Each day of the last 30' }).querySelector('svg'),
    ).toBeNull();
  });

  it('leaves the chart out when there are no days', () => {
    answerMediaQueries();
    const { container } = render(<SalesChart days={[]} />);
    expect(container.childElementCount).toBe(0);
  });
});
