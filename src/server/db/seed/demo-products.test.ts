import { describe, expect, it } from 'vitest';
import { FACET_LISTS, FACET_NAMES } from '../../../shared/catalog/facets';
import { demoProducts } from './demo-products';

const JEWELLERY = ['pendants', 'chains', 'rings', 'earrings'];

/** Jewellery kept among the accessories is jewellery by its metal, as its shelf says. */
const isJewellery = (product: (typeof demoProducts)[number]) =>
  JEWELLERY.includes(product.category) ||
  product.specifications?.some((row) => row.label === 'Metal') === true;

describe('the demo catalogue’s facets', () => {
  it('gives every product the facets its kind needs, each from the shop’s lists', () => {
    for (const product of demoProducts) {
      const { facets, name } = product;
      for (const facet of FACET_NAMES) {
        const value = facets[facet];
        if (value !== null) expect(FACET_LISTS[facet], `${name}: ${facet}`).toContain(value);
      }
      if (product.category === 'gift-cards') {
        expect(facets, name).toEqual({ metal: null, stone: null, colour: null, material: null });
      } else if (isJewellery(product)) {
        expect(facets.metal, name).not.toBeNull();
        expect(facets.colour, name).not.toBeNull();
        expect(facets.material, name).toBeNull();
      } else {
        expect(facets.material, name).not.toBeNull();
        expect(facets.colour, name).not.toBeNull();
        expect(facets.metal, name).toBeNull();
        expect(facets.stone, name).toBeNull();
      }
    }
  });

  it('says the metal and stone its specifications name', () => {
    for (const product of demoProducts.filter(isJewellery)) {
      const spec = (label: string) =>
        product.specifications?.find((row) => row.label === label)?.value.toLowerCase() ?? '';
      const metal = product.facets.metal ?? '';
      // `18ct gold vermeil on sterling silver` is gold vermeil; `9ct yellow gold` is 9ct gold.
      expect(
        spec('Metal')
          .replace('yellow ', '')
          .replace(/^\d+ct (rose )?gold vermeil/, '$1gold vermeil'),
        product.name,
      ).toContain(metal);
      expect(spec('Stone').includes(product.facets.stone ?? ''), product.name).toBe(true);
      expect(product.facets.stone === null, product.name).toBe(spec('Stone') === '');
    }
  });

  it('has rings in sizes in two metals, a size sold out in one and in stock in the other', () => {
    const rings = demoProducts.filter(
      (product) => product.options?.[0]?.name === 'Ring size' && product.category === 'rings',
    );
    expect(new Set(rings.map((ring) => ring.facets.metal)).size).toBeGreaterThanOrEqual(2);
    const stockOf = (ring: (typeof rings)[number], size: string) =>
      ring.variants?.find((variant) => variant.options['Ring size'] === size)?.countInStock;
    const silver = rings.find((ring) => ring.facets.metal === 'sterling silver');
    const gold = rings.find((ring) => ring.facets.metal === 'gold vermeil');
    if (!silver || !gold) throw new Error('The demo has a silver ring and a gold vermeil one');
    // A shopper filtering size N in sterling silver finds the solitaire; in gold, none in stock.
    expect(stockOf(silver, 'N')).toBeGreaterThan(0);
    expect(stockOf(gold, 'N')).toBe(0);
    expect(stockOf(silver, 'O')).toBe(0);
    expect(stockOf(gold, 'O')).toBeGreaterThan(0);
  });

  it('sells tees and jumpers in S to XL, some sizes sold out', () => {
    const clothes = demoProducts.filter((product) =>
      ['t-shirts', 'jumpers'].includes(product.category),
    );
    for (const product of clothes) {
      expect(product.options?.[0]?.values, product.name).toEqual(
        expect.arrayContaining(['S', 'M', 'L', 'XL']),
      );
    }
    const soldOut = clothes.filter((product) =>
      product.variants?.some((variant) => variant.countInStock === 0),
    );
    expect(soldOut.length).toBeGreaterThanOrEqual(2);
  });
});
