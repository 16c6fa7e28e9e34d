import { describe, expect, it } from 'vitest';
import { NO_FILTERS } from '../../shared/catalog/facets';
import {
  ENTRY_ORDERS,
  facetCode,
  NO_WORDS,
  sizeCode,
  sizeOrder,
  type ShelfEntry,
} from './shelf-entry';
import { columnsOf } from './shelf-columns';
import { narrowListing } from './shelf-listing';

let next = 0;
/** An entry with its facets in words, as the shop's lists write them. */
function entry({
  metal = null,
  ...fields
}: Partial<Omit<ShelfEntry, 'metal'>> & { metal?: string | null }): ShelfEntry {
  next += 1;
  return {
    id: `p${String(next).padStart(3, '0')}`,
    category: 'rings',
    department: 'jewellery',
    createdAt: Date.UTC(2026, 0, 1) + next * 1000,
    pricePence: 1000,
    inStock: true,
    sizes: [],
    metal: facetCode('metal', metal),
    stone: 0,
    colour: 0,
    material: 0,
    unitsSold: 0,
    rating: 0,
    numReviews: 0,
    words: NO_WORDS,
    ...fields,
  };
}

const size = (name: string) => {
  const key = name.toUpperCase();
  return { key, name, code: sizeCode(key, name) };
};

describe('narrowing a listing', () => {
  const silverN = entry({ metal: 'sterling silver', sizes: [size('N')], pricePence: 3000 });
  const goldMN = entry({ metal: '9ct gold', sizes: [size('M'), size('N')], pricePence: 9000 });
  const silverSoldOut = entry({ metal: 'sterling silver', inStock: false, pricePence: 4000 });
  const pendant = entry({ category: 'pendants', metal: '9ct gold' });
  const all = [silverN, goldMN, silverSoldOut, pendant];

  it('counts a product failing one filter in that filter alone, and one failing two nowhere', () => {
    const page = narrowListing(columnsOf(all, 'rings'), {
      filters: { ...NO_FILTERS, metal: ['sterling silver'], size: ['N'] },
      offset: 0,
      limit: 12,
    });
    expect(page.ids).toEqual([silverN.id]);
    expect(page.total).toBe(1);
    // The gold ring fails the metal only: it counts among the metals, and not among the sizes;
    // the silver ring sold out fails the size only (it has none in stock).
    expect(page.facets.metal).toEqual([
      { value: 'sterling silver', count: 1 },
      { value: '9ct gold', count: 1 },
    ]);
    expect(page.facets.size).toEqual([{ value: 'N', count: 1 }]);
    expect(page.facets.metal.map(({ value }) => value)).not.toContain('gold filled');
    expect(page.facets.price).toEqual({ min: 30, max: 30 });
  });

  it('keeps a value asked for in its facet when nothing is left of it', () => {
    const page = narrowListing(columnsOf(all, 'rings'), {
      filters: { ...NO_FILTERS, metal: ['gold filled'] },
      offset: 0,
      limit: 12,
    });
    expect(page.total).toBe(0);
    expect(page.facets.metal).toEqual([
      { value: 'sterling silver', count: 2 },
      { value: '9ct gold', count: 1 },
      { value: 'gold filled', count: 0 },
    ]);
    expect(page.facets.price).toEqual({ min: null, max: null });
  });

  it('pages through the order it is given', () => {
    const ordered = [...all].sort(ENTRY_ORDERS['price-desc']);
    const second = narrowListing(columnsOf(ordered), { filters: NO_FILTERS, offset: 1, limit: 2 });
    expect(second.ids).toEqual([silverSoldOut.id, silverN.id]);
    expect(second.total).toBe(4);
  });

  it('counts an unfiltered shelf once, as a walk would, and pages it as a slice', () => {
    const rings = columnsOf(all, 'rings');
    const first = narrowListing(rings, { filters: NO_FILTERS, offset: 0, limit: 2 });
    const next = narrowListing(rings, { filters: NO_FILTERS, offset: 2, limit: 2 });
    expect([...first.ids, ...next.ids]).toEqual([silverN.id, goldMN.id, silverSoldOut.id]);
    expect(next.total).toBe(3);
    expect(next.facets).toBe(first.facets);
    expect(first.facets.metal).toEqual([
      { value: 'sterling silver', count: 2 },
      { value: '9ct gold', count: 1 },
    ]);
    expect(first.facets.size).toEqual([
      { value: 'M', count: 1 },
      { value: 'N', count: 2 },
    ]);
    expect(first.facets.price).toEqual({ min: 30, max: 90 });
  });
});

describe('the order of sizes', () => {
  const sorted = (sizes: string[]) => [...sizes].sort(sizeOrder(sizes));

  it('reads clothing from small to large', () => {
    expect(sorted(['XL', 'M', 'S', 'L', 'XS'])).toEqual(['XS', 'S', 'M', 'L', 'XL']);
  });

  it('reads ring sizes from A to Z, a half after its whole', () => {
    expect(sorted(['P', 'N½', 'L', 'M', 'N'])).toEqual(['L', 'M', 'N', 'N½', 'P']);
  });

  it('puts the sizes only clothing has before letters, and numbers after them', () => {
    expect(sorted(['18', 'M', 'XL', 'J', '16'])).toEqual(['XL', 'J', 'M', '16', '18']);
  });
});
