import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SizeGuidePanel } from './SizeGuidePanel';

/** Each size of the clothing guide with the chest it fits, `81–88` read as 81 to 88 cm. */
function chestRanges() {
  const table = screen.getByRole('table', { name: 'Clothing, in cm' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const size = within(row).getByRole('rowheader').textContent;
      const chest = within(row).getAllByRole('cell')[0]?.textContent ?? '';
      const match = /^(\d+)–(\d+)$/.exec(chest);
      if (!match) throw new Error(`size ${size} has no chest range: ${chest}`);
      return { size, from: Number(match[1]), to: Number(match[2]) };
    });
}

describe('the size guide', () => {
  it('fits every chest from the smallest to the largest to exactly one size', () => {
    render(<SizeGuidePanel groups={['Size']} />);
    const ranges = chestRanges();
    expect(ranges.map((range) => range.size)).toEqual(['XS', 'S', 'M', 'L', 'XL']);
    const smallest = Math.min(...ranges.map((range) => range.from));
    const largest = Math.max(...ranges.map((range) => range.to));
    for (let chest = smallest; chest <= largest; chest += 1) {
      const fits = ranges.filter((range) => range.from <= chest && chest <= range.to);
      expect(
        fits.map((range) => range.size),
        `a ${chest} cm chest`,
      ).toHaveLength(1);
    }
    expect(screen.getByText(/to the nearest cm/)).toBeTruthy();
  });

  it('shows only the guides of the options the product has', () => {
    render(<SizeGuidePanel groups={['Ring size', 'Chain length']} />);
    expect(screen.queryByRole('table', { name: 'Clothing, in cm' })).toBeNull();
    expect(screen.getByRole('table', { name: 'Rings, UK sizes' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Chain lengths' })).toBeTruthy();
  });
});
