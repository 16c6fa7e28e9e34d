import { sql } from 'kysely';
import * as z from 'zod/mini';
import {
  facetValueOf,
  isSizeGroup,
  sizeOfOptions,
  type FacetName,
} from '../../shared/catalog/facets';
import { variantOptionsSchema } from '../../shared/catalog/catalog';
import type { ShopDatabase } from '../db/database';
import type { Db } from '../db/schema';
import { toIsoString } from '../sql/timestamps';
import { optionGroupsJson } from './catalog.repository';
import { lexemeCode } from './search-lexemes';
import { facetCode, NO_WORDS, sizeCode, type EntrySize, type ShelfEntry } from './shelf-entry';

/** A value of a list as its place in it, however the row wrote it. */
const listCode = (name: FacetName, value: string | null) =>
  value === null ? 0 : facetCode(name, facetValueOf(name, value) ?? null);

/** Sizes, shared so that 100,000 products hold a few. */
const sizesSeen = new Map<string, EntrySize>();
function sizeOf(name: string): EntrySize {
  const seen = sizesSeen.get(name);
  if (seen) return seen;
  const key = name.toUpperCase();
  const size = { key, name, code: sizeCode(key, name) };
  if (sizesSeen.size < 10_000) sizesSeen.set(name, size);
  return size;
}

const unitsRow = z.object({ product_id: z.string(), units: z.coerce.number() });
const lexemesRow = z.object({ id: z.string(), lexemes: z.string() });

/**
 * What listings filter and sort by, of every live product or of the ones named (an absent one
 * is not live, or gone): its row, the sizes its variants have in stock, and the units sold.
 */
export async function readShelfEntries(
  { db, dialect }: Pick<ShopDatabase, 'db' | 'dialect'>,
  ids?: readonly string[],
): Promise<ShelfEntry[]> {
  if (ids?.length === 0) return [];
  let products = db
    .selectFrom('products')
    .select([
      'id',
      'category',
      'department',
      'created_at',
      'price_pence',
      'count_in_stock',
      'made_to_order_days',
      'rating_total',
      'num_reviews',
      'options',
      'metal',
      'stone',
      'colour',
      'material',
    ])
    .where('status', '=', 'live');
  if (ids !== undefined) products = products.where('id', 'in', [...ids]);
  const rows = await products.execute();

  const sized = new Set(
    rows
      .filter(
        (row) =>
          row.options !== '[]' &&
          optionGroupsJson.parse(JSON.parse(row.options)).some((group) => isSizeGroup(group.name)),
      )
      .map((row) => row.id),
  );
  const [variants, units, madeVariants, lexemes] = await Promise.all([
    sized.size === 0 ? [] : readSizedVariants(db, ids === undefined ? undefined : [...sized]),
    readUnitsSold(db, ids),
    readMadeToOrderVariants(db, ids),
    dialect === 'postgres' ? readLexemes(db, ids) : new Map<string, Int32Array>(),
  ]);
  // Made to order, a product or a variant is never out of stock: it is made for the buyer.
  const madeToOrder = new Set(
    rows.filter((row) => row.made_to_order_days !== null).map((row) => row.id),
  );
  const withMadeVariant = new Set(madeVariants.map((row) => row.product_id));
  const sizes = new Map<string, EntrySize[]>();
  for (const variant of variants) {
    const made = madeToOrder.has(variant.product_id) || variant.made_to_order_days !== null;
    if (!sized.has(variant.product_id) || (variant.count_in_stock <= 0 && !made)) continue;
    const written = sizeOfOptions(variantOptionsSchema.parse(JSON.parse(variant.options)));
    if (written === undefined) continue;
    const list = sizes.get(variant.product_id) ?? [];
    if (!list.some((size) => size.name === written)) list.push(sizeOf(written));
    sizes.set(variant.product_id, list);
  }
  const sold = new Map(units.map((row) => [row.product_id, row.units]));

  return rows.map((row) => ({
    id: row.id,
    category: row.category,
    department: row.department,
    createdAt: Date.parse(toIsoString(row.created_at)),
    pricePence: row.price_pence,
    inStock: row.count_in_stock > 0 || madeToOrder.has(row.id) || withMadeVariant.has(row.id),
    sizes: sizes.get(row.id) ?? [],
    metal: listCode('metal', row.metal),
    stone: listCode('stone', row.stone),
    colour: listCode('colour', row.colour),
    material: listCode('material', row.material),
    unitsSold: sold.get(row.id) ?? 0,
    rating: row.num_reviews > 0 ? Math.round((row.rating_total / row.num_reviews) * 10) / 10 : 0,
    numReviews: row.num_reviews,
    words: lexemes.get(row.id) ?? NO_WORDS,
  }));
}

/** PostgreSQL: each live product's lexemes (of these, or of all), as numbers. */
async function readLexemes(db: Db, ids: readonly string[] | undefined) {
  let query = db
    .selectFrom('products')
    .select([
      'id',
      // One string a row, split here: PostgreSQL's arrays are slower to read.
      sql<string>`array_to_string(tsvector_to_array(search_vector), ' ')`.as('lexemes'),
    ])
    .where('status', '=', 'live');
  if (ids !== undefined) query = query.where('id', 'in', [...ids]);
  const rows = (await query.execute()).map((row) => lexemesRow.parse(row));
  // Every product's numbers in one buffer, each product's a view of it: 100,000 arrays of their
  // own would each carry a buffer of their own too.
  const words = rows.map(({ lexemes }) => (lexemes === '' ? [] : lexemes.split(' ')));
  const buffer = new Int32Array(words.reduce((sum, list) => sum + list.length, 0));
  let filled = 0;
  return new Map(
    rows.map(({ id }, index) => {
      const list = words[index] ?? [];
      if (list.length === 0) return [id, NO_WORDS];
      const from = filled;
      for (const lexeme of list) buffer[filled++] = lexemeCode(lexeme);
      return [id, buffer.subarray(from, filled)];
    }),
  );
}

/**
 * The variants of these products (or those of every product that can be bought: in stock, or
 * made to order), in the owner's order.
 */
function readSizedVariants(db: Db, productIds: string[] | undefined) {
  let query = db
    .selectFrom('product_variants')
    .select(['product_id', 'options', 'count_in_stock', 'made_to_order_days'])
    .orderBy('product_id')
    .orderBy('position');
  query =
    productIds === undefined
      ? query.where((eb) =>
          eb.or([eb('count_in_stock', '>', 0), eb('made_to_order_days', 'is not', null)]),
        )
      : query.where('product_id', 'in', productIds);
  return query.execute();
}

/** The products (of these, or of all) with a variant made to order. */
function readMadeToOrderVariants(db: Db, ids: readonly string[] | undefined) {
  let query = db
    .selectFrom('product_variants')
    .select('product_id')
    .distinct()
    .where('made_to_order_days', 'is not', null);
  if (ids !== undefined) query = query.where('product_id', 'in', [...ids]);
  return query.execute();
}

/** Units of each product sold in paid orders (items since deleted from the shop aside). */
async function readUnitsSold(db: Db, ids: readonly string[] | undefined) {
  let query = db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select((eb) => ['order_items.product_id', eb.fn.sum<number>('order_items.qty').as('units')])
    .where('orders.paid_at', 'is not', null)
    .where('order_items.product_id', 'is not', null)
    .groupBy('order_items.product_id');
  if (ids !== undefined) query = query.where('order_items.product_id', 'in', [...ids]);
  const rows = await query.execute();
  return rows.map((row) => unitsRow.parse(row));
}
