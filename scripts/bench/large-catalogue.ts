// Fills a database with many made-up products, for measuring search and listing at scale.
import { insertProduct, type NewProduct } from '../../src/server/catalog/product-writes.repository';
import type { ShopDatabase } from '../../src/server/db/database';
import { newId } from '../../src/server/sql/ids';
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

/** The made-up live product numbered `index`: always the same one, whoever asks. */
export function madeUpProduct(index: number): Omit<NewProduct, 'id'> {
  const seed = index * 7919;
  const description = Array.from({ length: 24 }, (_, word) => pick(WORDS, seed + word * 31)).join(
    ' ',
  );
  return {
    name: `${pick(ADJECTIVES, seed)} ${pick(MATERIALS, seed >> 3)} ${pick(THINGS, seed >> 5)} ${index}`,
    brand: pick(BRANDS, seed >> 7),
    image: '/uploads/large.webp',
    pricePence: 800 + (seed % 17200),
    description,
    category: pick(CATEGORIES, index),
    countInStock: seed % 20,
    status: 'live',
    createdAt: new Date(Date.UTC(2025, 0, 1) + index * 60_000).toISOString(),
  };
}

/**
 * Adds made-up live products numbered `from` up to `to` (exclusive), so a catalogue can be grown
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
        await insertProduct(trx, { id: newId(), ...madeUpProduct(index) });
      }
    });
  }
}
