import { sql } from 'kysely';
import * as z from 'zod';
import {
  optionGroupSchema,
  variantOptionsSchema,
  type OptionGroup,
  type VariantOptions,
} from '../../shared/catalog/catalog';
import { variantLabel } from '../../shared/catalog/variants';
import type { ProductFacets } from '../../shared/catalog/facets';
import type { PersonalisationOffer } from '../../shared/catalog/personalisation';
import { personalisationOf } from './catalog.repository';
import type { Db } from '../db/schema';
import { nowIso, toIsoString } from '../sql/timestamps';
import { recordPrices } from './price-history.repository';

// The catalogue as a price list: every product and variant with its price and stock, read in
// batches for the products export, found by SKU or id for an import, and set by one.

const optionGroupsJson = z.array(optionGroupSchema);
const groupsOf = (json: string): OptionGroup[] => optionGroupsJson.parse(JSON.parse(json));
const optionsOf = (json: string): VariantOptions => variantOptionsSchema.parse(JSON.parse(json));

const facetsOfRow = (row: ProductFacets): ProductFacets => ({
  metal: row.metal,
  stone: row.stone,
  colour: row.colour,
  material: row.material,
});

/** At most this many ids or SKUs in one `in (...)` list. */
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const all: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) {
    all.push(items.slice(start, start + CHUNK));
  }
  return all;
}

/** Where a read of the products export stopped: the last product's place in the list. */
export interface ProductListPlace {
  createdAt: string;
  id: string;
}

export interface PriceListProduct {
  id: string;
  name: string;
  brand: string;
  category: string;
  pricePence: number;
  /** The was price; null when not on sale. */
  compareAtPence: number | null;
  countInStock: number;
  createdAt: string;
  facets: ProductFacets;
  /** What the buyer may have engraved; null for none. */
  personalisation: PersonalisationOffer | null;
  /** In the owner's order; empty for a product sold one way. */
  variants: {
    sku: string;
    label: string;
    pricePence: number;
    compareAtPence: number | null;
    countInStock: number;
  }[];
}

/**
 * Up to `limit` products, drafts included, newest first (as the back office lists them) from just
 * after `after`, each with its variants: read in order from products_newest_idx, with the
 * variants of the whole batch in one more query, so that a batch costs the same wherever it is.
 */
export async function productsAfter(
  db: Db,
  after: ProductListPlace | undefined,
  limit: number,
): Promise<PriceListProduct[]> {
  let query = db
    .selectFrom('products')
    .select([
      'id',
      'name',
      'brand',
      'category',
      'price_pence',
      'compare_at_pence',
      'count_in_stock',
      'options',
      'created_at',
      'metal',
      'stone',
      'colour',
      'material',
      'personalisation',
    ]);
  if (after) {
    // The bound alone is a range of the index, so each batch starts where the last one ended.
    query = query
      .where('created_at', '<=', after.createdAt)
      .where((eb) => eb.or([eb('created_at', '<', after.createdAt), eb('id', '>', after.id)]));
  }
  const rows = await query.orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
  const withOptions = rows.filter((row) => row.options !== '[]').map((row) => row.id);
  const variantRows =
    withOptions.length === 0
      ? []
      : await db
          .selectFrom('product_variants')
          .select([
            'product_id',
            'options',
            'sku',
            'price_pence',
            'compare_at_pence',
            'count_in_stock',
          ])
          .where('product_id', 'in', withOptions)
          .orderBy('product_id')
          .orderBy('position')
          .execute();
  const variantsOf = new Map<string, typeof variantRows>();
  for (const variant of variantRows) {
    const ofProduct = variantsOf.get(variant.product_id);
    if (ofProduct) ofProduct.push(variant);
    else variantsOf.set(variant.product_id, [variant]);
  }
  return rows.map((row) => {
    const groups = groupsOf(row.options);
    return {
      id: row.id,
      name: row.name,
      brand: row.brand,
      category: row.category,
      pricePence: row.price_pence,
      compareAtPence: row.compare_at_pence,
      countInStock: row.count_in_stock,
      createdAt: toIsoString(row.created_at),
      facets: facetsOfRow(row),
      personalisation: personalisationOf(row.personalisation),
      variants: (variantsOf.get(row.id) ?? []).map((variant) => ({
        sku: variant.sku,
        label: variantLabel(groups, optionsOf(variant.options)),
        pricePence: variant.price_pence,
        compareAtPence: variant.compare_at_pence,
        countInStock: variant.count_in_stock,
      })),
    };
  });
}

/** A variant, or a product sold one way, as an import finds it: what it is and what it holds. */
export interface PriceListItem {
  productId: string;
  /** Null for a product sold one way. */
  variantId: string | null;
  sku: string | null;
  productName: string;
  /** `Size: M`; empty for a product sold one way. */
  label: string;
  pricePence: number;
  /** The was price; null when not on sale. */
  compareAtPence: number | null;
  countInStock: number;
  /** For a product: whether it is sold in options (so a price list names its variants instead). */
  hasOptions: boolean;
  /** Its product's facets. */
  facets: ProductFacets;
}

/** The variants with these SKUs (exactly as written), by SKU. */
export async function variantsBySku(
  db: Db,
  skus: readonly string[],
): Promise<Map<string, PriceListItem>> {
  const found = new Map<string, PriceListItem>();
  for (const some of chunks(skus)) {
    const rows = await db
      .selectFrom('product_variants')
      .innerJoin('products', 'products.id', 'product_variants.product_id')
      .select([
        'product_variants.id',
        'product_variants.product_id',
        'product_variants.sku',
        'product_variants.options',
        'product_variants.price_pence',
        'product_variants.compare_at_pence',
        'product_variants.count_in_stock',
        'products.name',
        'products.options as groups',
        'products.metal',
        'products.stone',
        'products.colour',
        'products.material',
      ])
      .where('product_variants.sku', 'in', some)
      .execute();
    for (const row of rows) {
      found.set(row.sku, {
        productId: row.product_id,
        variantId: row.id,
        sku: row.sku,
        productName: row.name,
        label: variantLabel(groupsOf(row.groups), optionsOf(row.options)),
        pricePence: row.price_pence,
        compareAtPence: row.compare_at_pence,
        countInStock: row.count_in_stock,
        hasOptions: true,
        facets: facetsOfRow(row),
      });
    }
  }
  return found;
}

/** The products with these ids, by id. */
export async function productsById(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, PriceListItem>> {
  const found = new Map<string, PriceListItem>();
  for (const some of chunks(ids)) {
    const rows = await db
      .selectFrom('products')
      .select([
        'id',
        'name',
        'options',
        'price_pence',
        'compare_at_pence',
        'count_in_stock',
        'metal',
        'stone',
        'colour',
        'material',
      ])
      .where('id', 'in', some)
      .execute();
    for (const row of rows) {
      found.set(row.id, {
        productId: row.id,
        variantId: null,
        sku: null,
        productName: row.name,
        label: '',
        pricePence: row.price_pence,
        compareAtPence: row.compare_at_pence,
        countInStock: row.count_in_stock,
        hasOptions: row.options !== '[]',
        facets: facetsOfRow(row),
      });
    }
  }
  return found;
}

/** A price and was price to set on a variant, or on a product sold one way, by its id. */
export interface NewPrice {
  id: string;
  /** The product it is, or is of. */
  productId: string;
  pricePence: number;
  compareAtPence: number | null;
}

/** `case id when <id> then <value> ... end`: each row's own value, in one statement for many. */
function byId(rows: readonly NewPrice[], value: (row: NewPrice) => number | null) {
  const whens = rows.map((row) => sql`when ${row.id} then cast(${value(row)} as integer)`);
  return sql<number>`case ${sql.ref('id')} ${sql.join(whens, sql` `)} end`;
}

/**
 * Sets variants' prices and was prices, up to 500 in a statement, and their price histories go
 * on at the new prices; call inside a transaction, then `followVariants`.
 */
export async function setVariantsPrice(db: Db, variants: readonly NewPrice[]): Promise<void> {
  const at = nowIso();
  for (const some of chunks(variants)) {
    await db
      .updateTable('product_variants')
      .set({
        price_pence: byId(some, (row) => row.pricePence),
        compare_at_pence: byId(some, (row) => row.compareAtPence),
      })
      .where(
        'id',
        'in',
        some.map((row) => row.id),
      )
      .execute();
    await recordPrices(
      db,
      some.map((row) => ({
        productId: row.productId,
        variantId: row.id,
        pricePence: row.pricePence,
      })),
      at,
    );
  }
}

/**
 * Sets the prices and was prices of products sold one way, up to 500 in a statement (one given
 * variants since is left alone), and their price histories go on at the new prices.
 */
export async function setProductsPrice(db: Db, products: readonly NewPrice[]): Promise<void> {
  const at = nowIso();
  for (const some of chunks(products)) {
    const set = await db
      .updateTable('products')
      .set({
        price_pence: byId(some, (row) => row.pricePence),
        compare_at_pence: byId(some, (row) => row.compareAtPence),
        updated_at: at,
      })
      .where(
        'id',
        'in',
        some.map((row) => row.id),
      )
      .where('options', '=', '[]')
      .returning(['id', 'price_pence'])
      .execute();
    await recordPrices(
      db,
      set.map((row) => ({ productId: row.id, variantId: null, pricePence: row.price_pence })),
      at,
    );
  }
}

/**
 * Sets products' facets, those given the same four in one statement of up to 500; call inside a
 * transaction.
 */
export async function setProductsFacets(
  db: Db,
  products: readonly { id: string; facets: ProductFacets }[],
): Promise<void> {
  const alike = new Map<string, { facets: ProductFacets; ids: string[] }>();
  for (const { id, facets } of products) {
    const key = JSON.stringify(facetsOfRow(facets));
    const same = alike.get(key);
    if (same) same.ids.push(id);
    else alike.set(key, { facets: facetsOfRow(facets), ids: [id] });
  }
  const at = nowIso();
  for (const { facets, ids } of alike.values()) {
    for (const some of chunks(ids)) {
      await db
        .updateTable('products')
        .set({ ...facets, updated_at: at })
        .where('id', 'in', some)
        .execute();
    }
  }
}

/**
 * Sets a variant's stock while it is still what was read: answers false, changing nothing, when
 * a sale (or anything else) moved it meanwhile. Call inside a transaction, then `followVariants`.
 */
export async function setVariantStock(
  db: Db,
  variantId: string,
  stock: { from: number; to: number },
): Promise<boolean> {
  const result = await db
    .updateTable('product_variants')
    .set({ count_in_stock: stock.to })
    .where('id', '=', variantId)
    .where('count_in_stock', '=', stock.from)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Sets the stock of a product sold one way as a variant's is set: answers false, changing
 * nothing, when its stock moved meanwhile or it has been given variants since.
 */
export async function setProductStock(
  db: Db,
  productId: string,
  stock: { from: number; to: number },
): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set({ count_in_stock: stock.to, updated_at: nowIso() })
    .where('id', '=', productId)
    .where('options', '=', '[]')
    .where('count_in_stock', '=', stock.from)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Brings products' price, was price and stock in line with their variants, as a save does: the
 * lowest variant price, the highest was price among the variants at it, and the sum of their
 * stock; their price histories go on at the new prices.
 */
export async function followVariants(db: Db, productIds: readonly string[]): Promise<void> {
  const at = nowIso();
  for (const some of chunks(productIds)) {
    const followed = await db
      .updateTable('products')
      .set((eb) => ({
        price_pence: eb
          .selectFrom('product_variants')
          .select((inner) => inner.fn.min<number>('price_pence').as('lowest'))
          .whereRef('product_variants.product_id', '=', 'products.id'),
        compare_at_pence: eb
          .selectFrom('product_variants as cheapest')
          .select((inner) => inner.fn.max<number>('cheapest.compare_at_pence').as('was'))
          .whereRef('cheapest.product_id', '=', 'products.id')
          .where('cheapest.price_pence', '=', (inner) =>
            inner
              .selectFrom('product_variants as each')
              .select((lowest) => lowest.fn.min<number>('each.price_pence').as('lowest'))
              .whereRef('each.product_id', '=', 'products.id'),
          ),
        count_in_stock: eb
          .selectFrom('product_variants')
          .select((inner) => inner.fn.sum<number>('count_in_stock').as('total'))
          .whereRef('product_variants.product_id', '=', 'products.id'),
        updated_at: at,
      }))
      .where('id', 'in', some)
      .where('options', '!=', '[]')
      .returning(['id', 'price_pence'])
      .execute();
    await recordPrices(
      db,
      followed.map((row) => ({ productId: row.id, variantId: null, pricePence: row.price_pence })),
      at,
    );
  }
}
