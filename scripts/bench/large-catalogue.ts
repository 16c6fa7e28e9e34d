// Fills a database with many made-up products, for measuring search and listing at scale.
import {
  insertProduct,
  saveVariants,
  type NewProduct,
} from '../../src/server/catalog/product-writes.repository';
import type { ShopDatabase } from '../../src/server/db/database';
import { newId } from '../../src/server/sql/ids';
import type { OptionGroup } from '../../src/shared/catalog/catalog';
import {
  COLOURS,
  MATERIALS as FABRICS,
  METALS,
  NO_FACETS,
  STONES,
  type ProductFacets,
} from '../../src/shared/catalog/facets';
import { CATEGORIES } from '../../src/shared/catalog/shelves';

const ADJECTIVES = [
  'Classic',
  'Fine',
  'Chunky',
  'Slim',
  'Soft',
  'Ribbed',
  'Twisted',
  'Polished',
  'Brushed',
  'Vintage',
  'Organic',
  'Merino',
];
const MATERIALS = [
  'Silver',
  'Gold',
  'Rose Gold',
  'Cotton',
  'Lambswool',
  'Cashmere',
  'Linen',
  'Pearl',
  'Topaz',
  'Leather',
];
const THINGS = [
  'Pendant',
  'Chain',
  'Beanie',
  'Cap',
  'Tee',
  'Jumper',
  'Scarf',
  'Tote',
  'Bracelet',
  'Hoops',
  'Ring',
  'Gloves',
];
const BRANDS = [
  'Marlow & Finch',
  'Saltmarsh Silver',
  'Halden Studio',
  'Oriel & Ivy',
  'Heathfold Knitwear',
  'Tidewell & Co.',
];
const WORDS = [
  'soft',
  'warm',
  'light',
  'handmade',
  'polished',
  'everyday',
  'gift',
  'layering',
  'knit',
  'links',
  'clasp',
  'stone',
  'studio',
  'winter',
  'summer',
  'classic',
];

function pick<T>(list: readonly T[], seed: number): T {
  return list[seed % list.length] as T;
}

const JEWELLERY: readonly string[] = ['pendants', 'chains', 'rings', 'earrings'];

/**
 * A made-up product's facets, spread over the shop's lists: jewellery has a metal (and one in
 * three a stone), clothing a material, accessories one or the other; everything but a gift card a
 * colour.
 */
function facetsOf(category: string, index: number, seed: number): ProductFacets {
  if (category === 'gift-cards') return NO_FACETS;
  const colour = pick(COLOURS, seed >> 9);
  const worn = JEWELLERY.includes(category) || (category === 'accessories' && index % 2 === 0);
  if (worn) {
    const stone = index % 3 === 0 ? pick(STONES, seed >> 11) : null;
    return { metal: pick(METALS, seed >> 2), stone, colour, material: null };
  }
  return { metal: null, stone: null, colour, material: pick(FABRICS, seed >> 4) };
}

const CLOTHING_SIZES = ['S', 'M', 'L', 'XL'];
const RING_SIZES = ['J', 'K', 'L', 'M', 'N', 'O', 'P', 'Q', 'R'];

/** A made-up product's variants: one a size, at one price, each with its own SKU and stock. */
export interface MadeUpVariant {
  options: Record<string, string>;
  sku: string;
  pricePence: number;
  countInStock: number;
}

/**
 * Sizes for three in four rings, tees and jumpers (about one in four of all made-up products):
 * S to XL, or ring sizes J to R, about one size in four sold out.
 */
function sizesOf(
  category: string,
  index: number,
  seed: number,
  pricePence: number,
): { options: OptionGroup[]; variants: MadeUpVariant[] } {
  const group =
    category === 'rings'
      ? { name: 'Ring size', values: RING_SIZES }
      : category === 't-shirts' || category === 'jumpers'
        ? { name: 'Size', values: CLOTHING_SIZES }
        : undefined;
  if (group === undefined || index % 4 === 3) return { options: [], variants: [] };
  return {
    options: [group],
    variants: group.values.map((value, position) => {
      const stock = (seed + position * 7) % 12;
      return {
        options: { [group.name]: value },
        sku: `MADE-${index}-${value}`,
        pricePence,
        countInStock: stock < 3 ? 0 : stock,
      };
    }),
  };
}

export type MadeUpProduct = Omit<NewProduct, 'id'> & { variants: MadeUpVariant[] };

/** The made-up live product numbered `index`: always the same one, whoever asks. */
export function madeUpProduct(index: number): MadeUpProduct {
  const seed = index * 7919;
  const category = pick(CATEGORIES, index);
  const pricePence = 800 + (seed % 17200);
  const { options, variants } = sizesOf(category, index, seed, pricePence);
  const description = Array.from({ length: 24 }, (_, word) => pick(WORDS, seed + word * 31)).join(
    ' ',
  );
  return {
    name: `${pick(ADJECTIVES, seed)} ${pick(MATERIALS, seed >> 3)} ${pick(THINGS, seed >> 5)} ${index}`,
    brand: pick(BRANDS, seed >> 7),
    image: '/uploads/large.webp',
    pricePence,
    description,
    category,
    // With sizes, the sizes' stock added up, as a save keeps it.
    countInStock:
      variants.length > 0
        ? variants.reduce((sum, variant) => sum + variant.countInStock, 0)
        : seed % 20,
    status: 'live',
    facets: facetsOf(category, index, seed),
    options,
    variants,
    createdAt: new Date(Date.UTC(2025, 0, 1) + index * 60_000).toISOString(),
  };
}

/**
 * Adds made-up live products numbered `from` up to `to` (exclusive), with their sizes, 500 in a
 * transaction, so a catalogue can be grown
 * from one size to the next with the same products a fresh one of that size would hold.
 */
export async function addManyProducts(
  { db }: ShopDatabase,
  from: number,
  to: number,
): Promise<void> {
  const batch = 500;
  for (let start = from; start < to; start += batch) {
    await db.transaction().execute(async (trx) => {
      for (let index = start; index < Math.min(to, start + batch); index += 1) {
        const { variants, ...product } = madeUpProduct(index);
        const id = newId();
        await insertProduct(trx, { id, ...product });
        if (variants.length > 0) {
          await saveVariants(
            trx,
            id,
            product.options ?? [],
            variants.map((variant) => ({ ...variant, id: undefined })),
            newId,
          );
        }
      }
    });
  }
}
