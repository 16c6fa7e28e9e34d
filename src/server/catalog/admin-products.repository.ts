import type { ExpressionBuilder } from 'kysely';
import type { StockFilter } from '../../shared/catalog/catalog-admin';
import {
  alongRead,
  countRows,
  inListOrder,
  pageRead,
  readPage,
  type PageRead,
} from '../sql/page-read';
import type { Database, Db } from '../db/schema';
import { keptSize } from '../sql/list-sizes';
import { holds } from '../sql/text-match';
import { productColumns, withVariants, type ProductSlice } from './catalog.repository';

/** What the back office narrows its product list to. */
export interface AdminProductFilter {
  words?: string;
  category?: string;
  stock?: StockFilter;
  /** Stock at or below this is low. */
  lowStock: number;
}

/**
 * A stock filter that matches at most this many products lists its page from those products
 * alone, put in order; one that matches more is read along the list's index, where its matches
 * lie close together, so that neither sort nor scan grows with the catalogue.
 */
const FEW_MATCHES = 2000;

type Range = [low: number, high: number];

/** The stock range a filter looks for in a product sold one way or in any variant. */
function stockRange(stock: Exclude<StockFilter, 'in_stock'>, lowStock: number): Range {
  return stock === 'sold_out' ? [0, 0] : [1, Math.max(1, lowStock)];
}

/**
 * The ids of the products with stock in the range, a product sold in sizes as often as it has
 * variants in it: read from products_stock_idx and product_variants_stock_product_idx alone, so
 * that they cost what the matches do, not the catalogue.
 */
function idsWithStockIn(db: Db, [low, high]: Range) {
  return db
    .selectFrom('products')
    .select('products.id')
    .where('products.count_in_stock', '>=', low)
    .where('products.count_in_stock', '<=', high)
    .where('products.options', '=', '[]')
    .unionAll(
      db
        .selectFrom('product_variants')
        .select('product_variants.product_id as id')
        .where('product_variants.count_in_stock', '>=', low)
        .where('product_variants.count_in_stock', '<=', high),
    );
}

/**
 * The same products, asked of each product in turn: for reading along the list's index. A
 * product's variants are counted rather than asked whether any exists, so that PostgreSQL looks
 * up the few variants of each product it reads, rather than first gathering every variant in the
 * range (tens of thousands) to read twenty products.
 */
function hasStockIn(eb: ExpressionBuilder<Database, 'products'>, [low, high]: Range) {
  return eb.or([
    eb.and([
      eb('products.options', '=', '[]'),
      eb('products.count_in_stock', '>=', low),
      eb('products.count_in_stock', '<=', high),
    ]),
    eb(
      eb
        .selectFrom('product_variants')
        .select((inner) => inner.fn.countAll<number>().as('variants'))
        .whereRef('product_variants.product_id', '=', 'products.id')
        .where('product_variants.count_in_stock', '>=', low)
        .where('product_variants.count_in_stock', '<=', high),
      '>',
      0,
    ),
  ]);
}

/** Every product narrowed by words in a name, brand or SKU and by category; no stock yet. */
function narrowed(db: Db, { words, category }: AdminProductFilter) {
  let listed = db.selectFrom('products');
  if (category !== undefined) listed = listed.where('products.category', '=', category);
  if (words !== undefined && words !== '') {
    listed = listed.where((eb) =>
      eb.or([
        holds('products.name', words),
        holds('products.brand', words),
        eb.exists(
          eb
            .selectFrom('product_variants')
            .select('product_variants.id')
            .whereRef('product_variants.product_id', '=', 'products.id')
            .where(holds('product_variants.sku', words)),
        ),
      ]),
    );
  }
  return listed;
}

type Listed = ReturnType<typeof narrowed>;

/**
 * How many products have stock in the range. With no words or category, counted from the two
 * stock indexes alone: products sold one way from products_stock_idx, and products sold in sizes
 * (which have no stock of their own to match) once each from product_variants_stock_product_idx.
 * With words or a category too, each product found by stock is looked up.
 */
async function countWithStockIn(
  db: Db,
  filter: AdminProductFilter,
  listed: Listed,
  [low, high]: Range,
): Promise<number> {
  if (filter.category !== undefined || (filter.words ?? '') !== '') {
    return countRows(listed.where('products.id', 'in', idsWithStockIn(db, [low, high])));
  }
  const [soldOneWay, soldInSizes] = await Promise.all([
    countRows(
      db
        .selectFrom('products')
        .where('products.count_in_stock', '>=', low)
        .where('products.count_in_stock', '<=', high)
        .where('products.options', '=', '[]'),
    ),
    db
      .selectFrom('product_variants')
      .select((eb) =>
        eb.fn.count<number | string>('product_variants.product_id').distinct().as('total'),
      )
      .where('product_variants.count_in_stock', '>=', low)
      .where('product_variants.count_in_stock', '<=', high)
      .executeTakeFirstOrThrow(),
  ]);
  return soldOneWay + Number(soldInSizes.total);
}

/** A page of products in the list's order (newest first, then by id), as a read walks it. */
const readAlong = (listed: Listed) => (at: PageRead) =>
  alongRead(listed.select(productColumns), at, [
    ['products.created_at', 'desc'],
    ['products.id', 'asc'],
  ]).execute();

/**
 * A page of every product, drafts included, newest first, narrowed as the back office asks: words
 * in a name, brand or SKU, a category, and stock (a product or any of its variants low or sold
 * out), with how many match. Read in order along products_newest_idx (or, of one category,
 * products_category_newest_idx), a page past the middle from the oldest end, so that the last
 * page costs what the first does.
 */
export async function listAdminProductSlice(
  db: Db,
  filter: AdminProductFilter,
  slice: { offset: number; limit: number },
  { fewMatches = FEW_MATCHES }: { fewMatches?: number } = {},
): Promise<ProductSlice> {
  const { stock, lowStock } = filter;
  let listed = narrowed(db, filter);
  if (stock === undefined || stock === 'in_stock') {
    if (stock === 'in_stock') listed = listed.where('products.count_in_stock', '>', 0);
    const every = stock === undefined && filter.category === undefined && !filter.words;
    const { rows, total } = await readPage(
      slice,
      () => (every ? keptSize(db, 'products') : countRows(listed)),
      readAlong(listed),
    );
    return { products: await withVariants(db, rows), total };
  }
  // How many match says how best to read them, and whether there is a page to read at all.
  const range = stockRange(stock, lowStock);
  const total = await countWithStockIn(db, filter, listed, range);
  const at = pageRead(total, slice);
  if (!at) return { products: [], total };
  const matching =
    total <= fewMatches
      ? listed.where('products.id', 'in', idsWithStockIn(db, range))
      : listed.where((eb) => hasStockIn(eb, range));
  const rows = inListOrder(at, await readAlong(matching)(at));
  return { products: await withVariants(db, rows), total };
}
