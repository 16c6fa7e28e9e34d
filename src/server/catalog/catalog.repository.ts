import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import * as z from 'zod';
import { DEPARTMENTS, type Department, type Shelf } from '../../shared/shelves';
import type { Database, Db } from '../db/schema';
import { combinationKey, variantLabel } from '../../shared/variants';
import {
  optionGroupSchema,
  variantOptionsSchema,
  specificationSchema,
  type OptionGroup,
  type ProductImage,
  type Specification,
  type VariantOptions,
} from '../../shared/catalog';
import { nowIso, toIsoString } from '../db/timestamps';
import type {
  ProductStatus,
  ProductsTable,
  ProductVariantsTable,
  ReviewsTable,
} from './catalog.tables';
import { departmentOf } from './departments';

export interface VariantRecord {
  id: string;
  productId: string;
  options: VariantOptions;
  sku: string;
  pricePence: number;
  countInStock: number;
  /** Grams; 0: as its product. */
  weightGrams: number;
  /** One of its product's pictures, or null. */
  image: string | null;
}

export interface ProductRecord {
  id: string;
  name: string;
  brand: string;
  image: string;
  pricePence: number;
  description: string;
  category: string;
  countInStock: number;
  /** Grams; 0 until the owner says. */
  weightGrams: number;
  rating: number;
  numReviews: number;
  status: ProductStatus;
  createdAt: string;
  options: OptionGroup[];
  specifications: Specification[];
  /** In the owner's order; empty for a product sold one way. */
  variants: VariantRecord[];
  /** The gallery in the owner's order; empty for a product that has only its one `image`. */
  images: ProductImage[];
}

export interface ReviewRecord {
  id: string;
  productId: string;
  userId: string | null;
  name: string;
  rating: number;
  comment: string;
  createdAt: string;
  /** Its author had a paid order of the product when they wrote it. */
  verified: boolean;
  /** When the owner hid it (null: shown), and why. */
  hiddenAt: string | null;
  hiddenReason: string | null;
  moderatedAt: string | null;
  /**
   * Written while new reviews were held, and not yet looked at by the owner: hidden since it was
   * written, and never moderated (showing or hiding it ends the wait).
   */
  waiting: boolean;
  /** The shop's public reply under it, if any. */
  reply: { text: string; createdAt: string } | null;
}

export interface ProductSlice {
  products: ProductRecord[];
  total: number;
}

const optionGroupsJson = z.array(optionGroupSchema);
const specificationsJson = z.array(specificationSchema);

type ProductRow = Omit<Selectable<ProductsTable>, 'updated_at' | 'department'>;

function toVariant(row: Selectable<ProductVariantsTable>): VariantRecord {
  return {
    id: row.id,
    productId: row.product_id,
    options: variantOptionsSchema.parse(JSON.parse(row.options)),
    sku: row.sku,
    pricePence: row.price_pence,
    countInStock: row.count_in_stock,
    weightGrams: row.weight_grams,
    image: row.image,
  };
}

function toProduct(
  row: ProductRow,
  variants: VariantRecord[],
  images: ProductImage[],
): ProductRecord {
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    image: row.image,
    pricePence: row.price_pence,
    description: row.description,
    category: row.category,
    countInStock: row.count_in_stock,
    weightGrams: row.weight_grams,
    rating: row.num_reviews > 0 ? Math.round((row.rating_total / row.num_reviews) * 10) / 10 : 0,
    numReviews: row.num_reviews,
    status: row.status,
    createdAt: toIsoString(row.created_at),
    options: optionGroupsJson.parse(JSON.parse(row.options)),
    specifications: specificationsJson.parse(JSON.parse(row.specifications)),
    variants,
    images,
  };
}

/**
 * The pictures of these products, read by their key (product, position): a page of a listing
 * reads its own products' pictures and no others.
 */
async function galleriesOf(db: Db, ids: string[]): Promise<Map<string, ProductImage[]>> {
  const galleries = new Map<string, ProductImage[]>();
  if (ids.length === 0) return galleries;
  const rows = await db
    .selectFrom('product_images')
    .select(['product_id', 'url', 'alt'])
    .where('product_id', 'in', ids)
    .orderBy('product_id')
    .orderBy('position')
    .execute();
  for (const row of rows) {
    const gallery = galleries.get(row.product_id) ?? [];
    gallery.push({ url: row.url, alt: row.alt });
    galleries.set(row.product_id, gallery);
  }
  return galleries;
}

/** Products with their variants and pictures, fetched for all of them in one query each. */
export async function withVariants(db: Db, rows: ProductRow[]): Promise<ProductRecord[]> {
  const withOptions = rows.filter((row) => row.options !== '[]').map((row) => row.id);
  const [variantRows, galleries] = await Promise.all([
    withOptions.length === 0
      ? []
      : db
          .selectFrom('product_variants')
          .selectAll()
          .where('product_id', 'in', withOptions)
          .orderBy('position')
          .execute(),
    galleriesOf(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  const variants = variantRows.map(toVariant);
  return rows.map((row) =>
    toProduct(
      row,
      variants.filter((variant) => variant.productId === row.id),
      galleries.get(row.id) ?? [],
    ),
  );
}

const isoOrNull = (value: string | Date | null) => (value === null ? null : toIsoString(value));

export function toReview(row: Selectable<ReviewsTable>): ReviewRecord {
  return {
    id: row.id,
    productId: row.product_id,
    userId: row.user_id,
    name: row.name,
    rating: row.rating,
    comment: row.comment,
    createdAt: toIsoString(row.created_at),
    verified: row.verified === 1,
    hiddenAt: isoOrNull(row.hidden_at),
    hiddenReason: row.hidden_reason,
    moderatedAt: isoOrNull(row.moderated_at),
    waiting: row.hidden_at !== null && row.moderated_at === null,
    reply:
      row.reply_text === null || row.reply_at === null
        ? null
        : { text: row.reply_text, createdAt: toIsoString(row.reply_at) },
  };
}

/** What a product's row gives a listing or a product page. */
export const productColumns = [
  'products.id',
  'products.name',
  'products.brand',
  'products.image',
  'products.price_pence',
  'products.description',
  'products.category',
  'products.count_in_stock',
  'products.weight_grams',
  'products.rating_total',
  'products.num_reviews',
  'products.status',
  'products.options',
  'products.specifications',
  'products.created_at',
] as const;

const isDepartment = (shelf: Shelf): shelf is Department =>
  DEPARTMENTS.some((department) => department === shelf);

/**
 * Products on a shelf: a category's, or a department's (decided when the product was saved), or
 * every product when no shelf is given.
 */
export function onShelf(shelf: Shelf | undefined) {
  return (eb: ExpressionBuilder<Database, 'products'>) =>
    shelf === undefined
      ? eb.lit(true)
      : isDepartment(shelf)
        ? eb('products.department', '=', shelf)
        : eb('products.category', '=', shelf);
}

/**
 * Shoppers page through at most this many products (100 pages) of one listing; the rest are
 * found by their shelf or a search. Counting stops there, so a page costs the same however large
 * the catalogue grows.
 */
export const LISTED_AT_MOST = 1200;

/**
 * A page of products, newest first: what shoppers see (of one shelf, if given), or with `drafts`
 * everything (admins).
 */
export async function listLiveProducts(
  db: Db,
  offset: number,
  limit: number,
  { drafts = false, shelf }: { drafts?: boolean; shelf?: Shelf | undefined } = {},
): Promise<ProductSlice> {
  const listed = drafts
    ? db.selectFrom('products')
    : db.selectFrom('products').where('status', '=', 'live').where(onShelf(shelf));
  const [rows, counted] = await Promise.all([
    listed
      .select(productColumns)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .execute(),
    (drafts
      ? listed.select((eb) => eb.fn.countAll<number>().as('total'))
      : db
          .selectFrom(listed.select('id').limit(LISTED_AT_MOST).as('listed'))
          .select((eb) => eb.fn.countAll<number>().as('total'))
    ).executeTakeFirstOrThrow(),
  ]);
  return { products: await withVariants(db, rows), total: counted.total };
}

type ProductChanges = Omit<NewProduct, 'id'>;

/**
 * Saves every editable field of a product; answers whether it exists. With variants, call
 * `saveVariants` after it, in the same transaction: it sets the product's price and stock.
 */
export async function updateProduct(db: Db, id: string, changes: ProductChanges): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set({
      options: JSON.stringify(changes.options ?? []),
      specifications: JSON.stringify(changes.specifications ?? []),
      name: changes.name,
      brand: changes.brand,
      image: changes.image,
      price_pence: changes.pricePence,
      description: changes.description,
      category: changes.category,
      department: departmentOf(changes.category, changes.specifications ?? []),
      count_in_stock: changes.countInStock,
      ...(changes.weightGrams === undefined ? {} : { weight_grams: changes.weightGrams }),
      status: changes.status,
      updated_at: nowIso(),
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Deletes a product and its reviews; orders keep their own copy of it. */
export async function deleteProduct(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('products').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows === 1n;
}

export async function findProduct(db: Db, id: string): Promise<ProductRecord | undefined> {
  const row = await db
    .selectFrom('products')
    .select(productColumns)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && (await withVariants(db, [row]))[0];
}

/** The live product a SKU belongs to, whatever its case. */
export async function findProductIdBySku(db: Db, sku: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('product_variants')
    .innerJoin('products', 'products.id', 'product_variants.product_id')
    .select('products.id')
    .where('products.status', '=', 'live')
    .where(sql<string>`upper(product_variants.sku)`, '=', sku.toUpperCase())
    .executeTakeFirst();
  return row?.id;
}

/** Several products by id, in no particular order; ids that match nothing are simply absent. */
export async function findProducts(db: Db, ids: readonly string[]): Promise<ProductRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('products')
    .select(productColumns)
    .where('id', 'in', [...ids])
    .execute();
  return withVariants(db, rows);
}

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

interface VariantChanges {
  /** A variant of this product to keep, or undefined for a new one. */
  id: string | undefined;
  options: VariantOptions;
  sku: string;
  pricePence: number;
  countInStock: number;
  /** Grams; 0 (or left out): as its product. */
  weightGrams?: number;
  /** One of the product's pictures; none when left out. */
  image?: string | null | undefined;
}

/**
 * Makes a product's variants exactly these: kept ones updated, new ones added, the rest removed
 * (orders keep their own copy). Then the product's price is its lowest variant price and its
 * stock their sum. Answers the ids of variants that are not this product's; call inside a
 * transaction, after `updateProduct`.
 */
export async function saveVariants(
  db: Db,
  productId: string,
  groups: readonly OptionGroup[],
  variants: readonly VariantChanges[],
  newId: () => string,
): Promise<{ unknownIds: string[] }> {
  const existing = await db
    .selectFrom('product_variants')
    .select('id')
    .where('product_id', '=', productId)
    .execute();
  const existingIds = new Set(existing.map((row) => row.id));
  const unknownIds = variants
    .map((variant) => variant.id)
    .filter((id): id is string => id !== undefined && !existingIds.has(id));
  if (unknownIds.length > 0) return { unknownIds };

  const keptIds = variants.map((variant) => variant.id).filter((id) => id !== undefined);
  await db
    .deleteFrom('product_variants')
    .where('product_id', '=', productId)
    .where((eb) => (keptIds.length === 0 ? eb.lit(true) : eb('id', 'not in', keptIds)))
    .execute();
  // Kept variants first step aside, so two of them may swap a combination or a SKU.
  if (keptIds.length > 0) {
    await db
      .updateTable('product_variants')
      .set({
        combination: sql<string>`'moving:' || id`,
        sku: sql<string>`'moving:' || id`,
      })
      .where('id', 'in', keptIds)
      .execute();
  }
  const createdAt = nowIso();
  for (const [position, variant] of variants.entries()) {
    const values = {
      options: JSON.stringify(variant.options),
      combination: combinationKey(groups, variant.options),
      sku: variant.sku,
      price_pence: variant.pricePence,
      count_in_stock: variant.countInStock,
      weight_grams: variant.weightGrams ?? 0,
      position,
      image: variant.image ?? null,
    };
    if (variant.id === undefined) {
      await db
        .insertInto('product_variants')
        .values({ ...values, id: newId(), product_id: productId, created_at: createdAt })
        .execute();
    } else {
      await db.updateTable('product_variants').set(values).where('id', '=', variant.id).execute();
    }
  }
  if (variants.length > 0) {
    await db
      .updateTable('products')
      .set({
        price_pence: Math.min(...variants.map((variant) => variant.pricePence)),
        count_in_stock: variants.reduce((sum, variant) => sum + variant.countInStock, 0),
      })
      .where('id', '=', productId)
      .execute();
  }
  return { unknownIds: [] };
}

/** A product's reviews as shoppers see them: hidden ones left out, newest first. */
export async function findReviews(db: Db, productId: string): Promise<ReviewRecord[]> {
  const rows = await db
    .selectFrom('reviews')
    .selectAll()
    .where('product_id', '=', productId)
    .where('hidden_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toReview);
}

/** The review a customer wrote of a product, if they wrote one (there is at most one). */
export async function findReviewBy(
  db: Db,
  productId: string,
  userId: string,
): Promise<ReviewRecord | undefined> {
  const row = await db
    .selectFrom('reviews')
    .selectAll()
    .where('product_id', '=', productId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && toReview(row);
}

/** How many of a category's newest live products "similar products" chooses from. */
const SIMILAR_CANDIDATES = 48;

/**
 * Other live products of a category: of its 48 newest, those in stock first, then the best rated,
 * then the newest. The newest are read in order from products_category_listing_idx
 * (category, status, created_at) and the rest is sorted among them, so the cost stays that of 48
 * rows however large the category grows (sorting the whole category by rating read all of it).
 */
export async function findSimilarProducts(
  db: Db,
  product: Pick<ProductRecord, 'id' | 'category'>,
  limit: number,
): Promise<ProductRecord[]> {
  const newest = db
    .selectFrom('products')
    .select(productColumns)
    .where('category', '=', product.category)
    .where('status', '=', 'live')
    .where('id', '!=', product.id)
    .orderBy('created_at', 'desc')
    .limit(SIMILAR_CANDIDATES)
    .as('newest');
  const rows = await db
    .selectFrom(newest)
    .selectAll()
    .orderBy(sql`case when count_in_stock > 0 then 0 else 1 end`)
    .orderBy(
      sql`case when num_reviews > 0 then rating_total * 1.0 / num_reviews else 0 end`,
      'desc',
    )
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return withVariants(db, rows);
}

/** A product as it is first stored; its rating starts empty. */
export type NewProduct = Omit<
  ProductRecord,
  | 'rating'
  | 'numReviews'
  | 'createdAt'
  | 'variants'
  | 'options'
  | 'specifications'
  | 'images'
  | 'weightGrams'
> &
  Partial<Pick<ProductRecord, 'options' | 'specifications' | 'images' | 'weightGrams'>> & {
    createdAt?: string;
  };

export async function insertProduct(db: Db, product: NewProduct): Promise<void> {
  const createdAt = product.createdAt ?? nowIso();
  await db
    .insertInto('products')
    .values({
      id: product.id,
      name: product.name,
      brand: product.brand,
      image: product.image,
      price_pence: product.pricePence,
      description: product.description,
      category: product.category,
      department: departmentOf(product.category, product.specifications ?? []),
      count_in_stock: product.countInStock,
      weight_grams: product.weightGrams ?? 0,
      status: product.status,
      options: JSON.stringify(product.options ?? []),
      specifications: JSON.stringify(product.specifications ?? []),
      created_at: createdAt,
      updated_at: createdAt,
    })
    .execute();
  if (product.images && product.images.length > 0) {
    await saveImages(db, product.id, product.images);
  }
}

/**
 * Makes a product's gallery exactly these pictures, in this order; none leaves the product its one
 * `image`. Call inside a transaction, with `image` set to the first.
 */
export async function saveImages(
  db: Db,
  productId: string,
  images: readonly ProductImage[],
): Promise<void> {
  await db.deleteFrom('product_images').where('product_id', '=', productId).execute();
  if (images.length === 0) return;
  await db
    .insertInto('product_images')
    .values(
      images.map((picture, position) => ({
        product_id: productId,
        position,
        url: picture.url,
        alt: picture.alt,
      })),
    )
    .execute();
}

export async function countProducts(db: Db): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return row.total;
}

interface NewReview {
  id: string;
  productId: string;
  userId: string | null;
  name: string;
  rating: number;
  comment: string;
  createdAt?: string;
  verified?: boolean;
  /** Held for the owner to show: hidden from the moment it is written, and out of the rating. */
  held?: boolean;
}

/**
 * Adds a review and moves the product's rating with it (a held one waits out of it); call inside
 * a transaction.
 */
export async function insertReview(db: Db, review: NewReview): Promise<void> {
  const createdAt = review.createdAt ?? nowIso();
  await db
    .insertInto('reviews')
    .values({
      id: review.id,
      product_id: review.productId,
      user_id: review.userId,
      name: review.name,
      rating: review.rating,
      comment: review.comment,
      created_at: createdAt,
      verified: review.verified === true ? 1 : 0,
      hidden_at: review.held === true ? createdAt : null,
    })
    .execute();
  if (review.held === true) return;
  await db
    .updateTable('products')
    .set((eb) => ({
      rating_total: eb('rating_total', '+', review.rating),
      num_reviews: eb('num_reviews', '+', 1),
    }))
    .where('id', '=', review.productId)
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
