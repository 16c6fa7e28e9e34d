import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../db/schema';
import type { Dialect } from '../db/database';
import { nowIso, toIsoString } from '../db/timestamps';
import type { ProductStatus, ProductsTable, ReviewsTable } from './catalog.tables';

export interface ProductRecord {
  id: string;
  name: string;
  brand: string;
  image: string;
  pricePence: number;
  description: string;
  category: string;
  countInStock: number;
  rating: number;
  numReviews: number;
  status: ProductStatus;
  createdAt: string;
}

export interface ReviewRecord {
  id: string;
  productId: string;
  userId: string | null;
  name: string;
  rating: number;
  comment: string;
  createdAt: string;
}

export interface ProductSlice {
  products: ProductRecord[];
  total: number;
}

type Db = Kysely<Database>;

function toProduct(row: Selectable<ProductsTable>): ProductRecord {
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    image: row.image,
    pricePence: row.price_pence,
    description: row.description,
    category: row.category,
    countInStock: row.count_in_stock,
    rating: row.num_reviews > 0 ? Math.round((row.rating_total / row.num_reviews) * 10) / 10 : 0,
    numReviews: row.num_reviews,
    status: row.status,
    createdAt: toIsoString(row.created_at),
  };
}

function toReview(row: Selectable<ReviewsTable>): ReviewRecord {
  return {
    id: row.id,
    productId: row.product_id,
    userId: row.user_id,
    name: row.name,
    rating: row.rating,
    comment: row.comment,
    createdAt: toIsoString(row.created_at),
  };
}

const productColumns = [
  'products.id',
  'products.name',
  'products.brand',
  'products.image',
  'products.price_pence',
  'products.description',
  'products.category',
  'products.count_in_stock',
  'products.rating_total',
  'products.num_reviews',
  'products.status',
  'products.created_at',
  'products.updated_at',
] as const;

/** A page of products, newest first: what shoppers see, or with `drafts` everything (admins). */
export async function listLiveProducts(
  db: Db,
  offset: number,
  limit: number,
  { drafts = false }: { drafts?: boolean } = {},
): Promise<ProductSlice> {
  const listed = drafts
    ? db.selectFrom('products')
    : db.selectFrom('products').where('status', '=', 'live');
  const [rows, counted] = await Promise.all([
    listed
      .select(productColumns)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .execute(),
    listed.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { products: rows.map(toProduct), total: counted.total };
}

export type ProductChanges = Omit<NewProduct, 'id'>;

/** Saves every editable field of a product; answers whether it exists. */
export async function updateProduct(db: Db, id: string, changes: ProductChanges): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set({
      name: changes.name,
      brand: changes.brand,
      image: changes.image,
      price_pence: changes.pricePence,
      description: changes.description,
      category: changes.category,
      count_in_stock: changes.countInStock,
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

/**
 * Full-text search over name, brand, category and description, best matches first. Each term
 * matches as a word prefix, after stemming ('chains' finds 'chain', 'pend' finds 'pendant').
 */
export async function searchLiveProducts(
  db: Db,
  dialect: Dialect,
  terms: readonly string[],
  offset: number,
  limit: number,
): Promise<ProductSlice> {
  return dialect === 'postgres'
    ? searchPostgres(db, terms, offset, limit)
    : searchSqlite(db, terms, offset, limit);
}

async function searchSqlite(
  db: Db,
  terms: readonly string[],
  offset: number,
  limit: number,
): Promise<ProductSlice> {
  const match = terms.map((term) => `"${term}"*`).join(' ');
  const matching = db
    .selectFrom('products')
    .innerJoin(sql<{ product_id: string }>`product_search`.as('s'), 's.product_id', 'products.id')
    .where(sql<boolean>`product_search match ${match}`)
    .where('products.status', '=', 'live');
  const [rows, counted] = await Promise.all([
    matching
      .select(productColumns)
      // Column weights: product_id (unindexed), name, brand, category, description.
      .orderBy(sql`bm25(product_search, 0, 10, 4, 4, 1)`)
      .orderBy('products.name')
      .limit(limit)
      .offset(offset)
      .execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { products: rows.map(toProduct), total: counted.total };
}

async function searchPostgres(
  db: Db,
  terms: readonly string[],
  offset: number,
  limit: number,
): Promise<ProductSlice> {
  const query = sql`to_tsquery('english', ${terms.map((term) => `${term}:*`).join(' & ')})`;
  const matching = db
    .selectFrom('products')
    .where(sql<boolean>`products.search_vector @@ ${query}`)
    .where('products.status', '=', 'live');
  const [rows, counted] = await Promise.all([
    matching
      .select(productColumns)
      .orderBy(sql`ts_rank(products.search_vector, ${query})`, 'desc')
      .orderBy('products.name')
      .limit(limit)
      .offset(offset)
      .execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { products: rows.map(toProduct), total: counted.total };
}

export async function findProduct(db: Db, id: string): Promise<ProductRecord | undefined> {
  const row = await db
    .selectFrom('products')
    .select(productColumns)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toProduct(row);
}

/** Several products by id, in no particular order; ids that match nothing are simply absent. */
export async function findProducts(db: Db, ids: readonly string[]): Promise<ProductRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('products')
    .select(productColumns)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map(toProduct);
}

/**
 * Takes `qty` out of stock only if that many are there, in one statement, so two buyers of the
 * last item cannot both have it. Answers whether the stock was taken.
 */
export async function takeFromStock(db: Db, productId: string, qty: number): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set((eb) => ({ count_in_stock: eb('count_in_stock', '-', qty) }))
    .where('id', '=', productId)
    .where('status', '=', 'live')
    .where('count_in_stock', '>=', qty)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Puts items back on the shelf (a cancelled or returned order); a deleted product is skipped. */
export async function putBackInStock(db: Db, productId: string, qty: number): Promise<void> {
  await db
    .updateTable('products')
    .set((eb) => ({ count_in_stock: eb('count_in_stock', '+', qty) }))
    .where('id', '=', productId)
    .execute();
}

export async function findReviews(db: Db, productId: string): Promise<ReviewRecord[]> {
  const rows = await db
    .selectFrom('reviews')
    .selectAll()
    .where('product_id', '=', productId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toReview);
}

/** Other live products of a category, those in stock first, then the best rated. */
export async function findSimilarProducts(
  db: Db,
  product: Pick<ProductRecord, 'id' | 'category'>,
  limit: number,
): Promise<ProductRecord[]> {
  const rows = await db
    .selectFrom('products')
    .select(productColumns)
    .where('category', '=', product.category)
    .where('status', '=', 'live')
    .where('id', '!=', product.id)
    .orderBy(sql`case when count_in_stock > 0 then 0 else 1 end`)
    .orderBy(
      sql`case when num_reviews > 0 then rating_total * 1.0 / num_reviews else 0 end`,
      'desc',
    )
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toProduct);
}

/** A product as it is first stored; its rating starts empty. */
export type NewProduct = Omit<ProductRecord, 'rating' | 'numReviews' | 'createdAt'> & {
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
      count_in_stock: product.countInStock,
      status: product.status,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .execute();
}

export async function countProducts(db: Db): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return row.total;
}

export interface NewReview {
  id: string;
  productId: string;
  userId: string | null;
  name: string;
  rating: number;
  comment: string;
  createdAt?: string;
}

/** Adds a review and moves the product's rating with it; call inside a transaction. */
export async function insertReview(db: Db, review: NewReview): Promise<void> {
  await db
    .insertInto('reviews')
    .values({
      id: review.id,
      product_id: review.productId,
      user_id: review.userId,
      name: review.name,
      rating: review.rating,
      comment: review.comment,
      created_at: review.createdAt ?? nowIso(),
    })
    .execute();
  await db
    .updateTable('products')
    .set((eb) => ({
      rating_total: eb('rating_total', '+', review.rating),
      num_reviews: eb('num_reviews', '+', 1),
    }))
    .where('id', '=', review.productId)
    .execute();
}
