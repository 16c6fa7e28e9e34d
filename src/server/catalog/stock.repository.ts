import { sql, type ExpressionBuilder } from 'kysely';
import type { Database, Db } from '../db/schema';
import { variantLabel } from '../../shared/catalog/variants';
import { variantOptionsSchema } from '../../shared/catalog/catalog';
import type { ProductStatus } from './catalog.tables';
import { optionGroupsJson } from './catalog.repository';

// Stock: taken by an order and put back by a cancel or refund, each in one conditional update that
// never goes below zero; and the levels the desk and the alerts read.

/**
 * The product row a stock change may touch: any, for a line with a variant (its variant row was
 * already checked); for a line without one, only a product that is still sold one way.
 */
function soldThisWay(variantId: string | null) {
  return (eb: ExpressionBuilder<Database, 'products'>) =>
    variantId === null
      ? eb.not(
          eb.exists(
            eb
              .selectFrom('product_variants')
              .select('id')
              .whereRef('product_id', '=', 'products.id'),
          ),
        )
      : eb.lit(true);
}

/**
 * Takes `qty` out of stock only if that many are there, in one statement, so two buyers of the
 * last item cannot both have it: from the variant when there is one, and from the product's
 * total with it. Answers whether the stock was taken; call inside a transaction.
 */
export async function takeFromStock(
  db: Db,
  productId: string,
  variantId: string | null,
  qty: number,
): Promise<boolean> {
  if (variantId !== null) {
    const variant = await db
      .updateTable('product_variants')
      .set((eb) => ({ count_in_stock: eb('count_in_stock', '-', qty) }))
      .where('id', '=', variantId)
      .where('product_id', '=', productId)
      .where('count_in_stock', '>=', qty)
      .executeTakeFirst();
    if (variant.numUpdatedRows !== 1n) return false;
  }
  const result = await db
    .updateTable('products')
    .set((eb) => ({ count_in_stock: eb('count_in_stock', '-', qty) }))
    .where('id', '=', productId)
    .where('status', '=', 'live')
    .where('count_in_stock', '>=', qty)
    .where(soldThisWay(variantId))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Counts `qty` units sold on a product's pre-order only while its limit allows them, the release
 * date is the one sold and none is in stock, in one statement, so that two buyers of the last
 * pre-order unit cannot both have it, on any instance. Answers whether they were counted; call
 * inside the transaction that makes the order.
 */
export async function takeFromPreorder(
  db: Db,
  productId: string,
  { releaseDate, qty }: { releaseDate: string; qty: number },
): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set((eb) => ({ preorder_sold: eb('preorder_sold', '+', qty) }))
    .where('id', '=', productId)
    .where('status', '=', 'live')
    .where('preorder_release', '=', releaseDate)
    .where('count_in_stock', '<=', 0)
    .where((eb) => eb(eb('preorder_sold', '+', qty), '<=', eb.ref('preorder_limit')))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Gives units of a cancelled pre-order back to its limit, while the product is on that same
 * pre-order (a new release date counts afresh); never below none sold.
 */
export async function giveBackToPreorder(
  db: Db,
  productId: string,
  { releaseDate, qty }: { releaseDate: string; qty: number },
): Promise<void> {
  await db
    .updateTable('products')
    .set((eb) => ({
      preorder_sold: sql<number>`case when ${eb.ref('preorder_sold')} > ${qty} then ${eb.ref('preorder_sold')} - ${qty} else 0 end`,
    }))
    .where('id', '=', productId)
    .where('preorder_release', '=', releaseDate)
    .execute();
}

/**
 * Puts items back on the shelf (a cancelled or returned order). A deleted product or variant is
 * skipped, and so is a line without a variant of a product that has since been given variants.
 */
export async function putBackInStock(
  db: Db,
  productId: string,
  variantId: string | null,
  qty: number,
): Promise<void> {
  if (variantId !== null) {
    const variant = await db
      .updateTable('product_variants')
      .set((eb) => ({ count_in_stock: eb('count_in_stock', '+', qty) }))
      .where('id', '=', variantId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
    if (variant.numUpdatedRows !== 1n) return;
  }
  await db
    .updateTable('products')
    .set((eb) => ({ count_in_stock: eb('count_in_stock', '+', qty) }))
    .where('id', '=', productId)
    .where(soldThisWay(variantId))
    .execute();
}

/** A variant, or a product sold one way, and how many of it are left. */
export interface StockLevel {
  productId: string;
  /** Null for a product sold one way. */
  variantId: string | null;
  name: string;
  /** `Size: M`; null for a product sold one way. */
  variantLabel: string | null;
  countInStock: number;
}

interface VariantStockRow {
  id: string;
  product_id: string;
  options: string;
  count_in_stock: number;
}

interface OwnerRow {
  id: string;
  name: string;
  options: string;
  status: ProductStatus;
}

/** The products these variants belong to, by id, each read by its key. */
async function ownersOf(
  db: Db,
  variants: readonly VariantStockRow[],
): Promise<Map<string, OwnerRow>> {
  if (variants.length === 0) return new Map();
  const rows = await db
    .selectFrom('products')
    .select(['id', 'name', 'options', 'status'])
    .where('id', 'in', [...new Set(variants.map((row) => row.product_id))])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** A variant's stock, named and labelled as its product names its options. */
const variantLevel = (product: OwnerRow, row: VariantStockRow): StockLevel => ({
  productId: product.id,
  variantId: row.id,
  name: product.name,
  variantLabel: variantLabel(
    optionGroupsJson.parse(JSON.parse(product.options)),
    variantOptionsSchema.parse(JSON.parse(row.options)),
  ),
  countInStock: row.count_in_stock,
});

/** A product sold one way, and its stock. */
const productLevel = (row: { id: string; name: string; count_in_stock: number }): StockLevel => ({
  productId: row.id,
  variantId: null,
  name: row.name,
  variantLabel: null,
  countInStock: row.count_in_stock,
});

/**
 * Of the variants, and products sold one way, named (a variant by its id with its product's), those
 * of a live product with none left, with what a list shows of them: each found by its key, so the
 * read costs what the names asked for do, however large the catalogue.
 */
export async function soldOutLevels(
  db: Db,
  wanted: readonly { productId: string; variantId: string | null }[],
): Promise<StockLevel[]> {
  const variantIds = wanted.flatMap((item) => (item.variantId === null ? [] : [item.variantId]));
  const productIds = wanted.flatMap((item) => (item.variantId === null ? [item.productId] : []));
  const asked = new Set(wanted.map((item) => `${item.productId}/${item.variantId ?? ''}`));
  // Each read by key alone: asked for stock or status too, SQLite reads every variant at 0, or
  // every live product, instead.
  const [variants, products] = await Promise.all([
    variantIds.length === 0
      ? []
      : db
          .selectFrom('product_variants')
          .select(['id', 'product_id', 'options', 'count_in_stock'])
          .where('id', 'in', variantIds)
          .execute(),
    productIds.length === 0
      ? []
      : db
          .selectFrom('products')
          .select(['id', 'name'])
          .where('id', 'in', productIds)
          .where('status', '=', 'live')
          .where('count_in_stock', '=', 0)
          .where(soldThisWay(null))
          .execute(),
  ]);
  const soldOut = variants.filter(
    (row) => row.count_in_stock === 0 && asked.has(`${row.product_id}/${row.id}`),
  );
  const owners = await ownersOf(db, soldOut);
  return [
    ...soldOut.flatMap((row) => {
      const product = owners.get(row.product_id);
      return product?.status === 'live' ? [variantLevel(product, row)] : [];
    }),
    ...products.map((row) => productLevel({ ...row, count_in_stock: 0 })),
  ];
}

const byFewestLeft = (a: StockLevel, b: StockLevel) =>
  a.countInStock - b.countInStock ||
  a.name.localeCompare(b.name) ||
  (a.variantLabel ?? '').localeCompare(b.variantLabel ?? '');

/**
 * Live variants, and live products sold one way, with between 1 and `atMost` left: the fewest
 * first, at most `limit` of them. Each kind is read in the order of an index by stock
 * (product_variants_stock_product_idx, by stock, product and id; products_live_stock_idx, whose
 * status comes first), so neither read goes past the limit nor sorts what it found: a variant's
 * product is only looked up by its key, for each variant read, which keeps SQLite (which has no
 * statistics to go by) from reading every live product.
 */
export async function lowStockLevels(
  db: Db,
  { atMost, limit }: { atMost: number; limit: number },
): Promise<StockLevel[]> {
  if (atMost < 1 || limit < 1) return [];
  const [variants, products] = await Promise.all([
    db
      .selectFrom('product_variants')
      .select(['id', 'product_id', 'options', 'count_in_stock'])
      .where('count_in_stock', '>=', 1)
      .where('count_in_stock', '<=', atMost)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('products')
            .select('products.id')
            .whereRef('products.id', '=', 'product_variants.product_id')
            .where('products.status', '=', 'live'),
        ),
      )
      // The index's own order: among those with as many left, a product's variants together.
      .orderBy('count_in_stock')
      .orderBy('product_id')
      .orderBy('id')
      .limit(limit)
      .execute(),
    db
      .selectFrom('products')
      .select(['id', 'name', 'count_in_stock'])
      .where('status', '=', 'live')
      .where('count_in_stock', '>=', 1)
      .where('count_in_stock', '<=', atMost)
      .where(soldThisWay(null))
      .orderBy('count_in_stock')
      .orderBy('id')
      .limit(limit)
      .execute(),
  ]);
  const owners = await ownersOf(db, variants);
  const levels: StockLevel[] = [
    ...variants.flatMap((row) => {
      const product = owners.get(row.product_id);
      return product ? [variantLevel(product, row)] : [];
    }),
    ...products.map(productLevel),
  ];
  return levels.sort(byFewestLeft).slice(0, limit);
}
