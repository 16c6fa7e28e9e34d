import {
  PRODUCTS_PER_PAGE,
  SIMILAR_PRODUCTS_LIMIT,
  type Product,
  type ProductDetail,
  type ProductListQuery,
  type ProductPage,
} from '../../shared/catalog';
import { penceToPounds } from '../../shared/money';
import { ALREADY_REVIEWED, REVIEW_ADDED, type ReviewBody } from '../../shared/reviews';
import { isUniqueViolation } from '../db/constraint-errors';
import type { ShopDatabase } from '../db/database';
import { newId } from '../db/ids';
import { ShopError } from '../http/errors';
import {
  insertReview,
  findProduct,
  findProductIdBySku,
  findReviews,
  findSimilarProducts,
  listLiveProductDates,
  listLiveProducts,
  searchLiveProducts,
  type ProductRecord,
  type ReviewRecord,
} from './catalog.repository';
import { pageCount, pageOffset } from '../http/paging';

const MAX_SEARCH_TERMS = 8;
const MAX_TERM_LENGTH = 40;

/** The words of a shopper's keyword, lower-cased; punctuation never reaches the search engine. */
export function searchTerms(keyword: string): string[] {
  const words = keyword.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)]
    .slice(0, MAX_SEARCH_TERMS)
    .map((word) => word.slice(0, MAX_TERM_LENGTH));
}

export function presentProduct(product: ProductRecord): Product {
  return {
    _id: product.id,
    name: product.name,
    brand: product.brand,
    image: product.image,
    price: penceToPounds(product.pricePence),
    description: product.description,
    category: product.category,
    countInStock: product.countInStock,
    rating: product.rating,
    numReviews: product.numReviews,
    createdAt: product.createdAt,
    options: product.options,
    variants: product.variants.map((variant) => ({
      _id: variant.id,
      options: variant.options,
      sku: variant.sku,
      price: penceToPounds(variant.pricePence),
      countInStock: variant.countInStock,
    })),
    specifications: product.specifications,
  };
}

function presentReview(review: ReviewRecord): ProductDetail['reviews'][number] {
  return {
    _id: review.id,
    name: review.name,
    rating: review.rating,
    comment: review.comment,
    createdAt: review.createdAt,
  };
}

export async function listProducts(
  { db, dialect }: ShopDatabase,
  { keyword, pageNumber }: ProductListQuery,
): Promise<ProductPage> {
  const offset = pageOffset(pageNumber, PRODUCTS_PER_PAGE);
  const terms = searchTerms(keyword);
  const slice =
    keyword === ''
      ? await listLiveProducts(db, offset, PRODUCTS_PER_PAGE)
      : ((await productOfSku(db, keyword, offset)) ??
        (terms.length === 0
          ? { products: [], total: 0 }
          : await searchLiveProducts(db, dialect, terms, offset, PRODUCTS_PER_PAGE)));
  return {
    products: slice.products.map(presentProduct),
    page: pageNumber,
    pages: pageCount(slice.total, PRODUCTS_PER_PAGE),
  };
}

/** A keyword that is exactly one variant's SKU finds that product alone. */
async function productOfSku(db: ShopDatabase['db'], keyword: string, offset: number) {
  if (!/^[\w./-]{2,64}$/.test(keyword)) return undefined;
  const id = await findProductIdBySku(db, keyword);
  if (id === undefined) return undefined;
  const product = await findProduct(db, id);
  return product && { products: offset === 0 ? [product] : [], total: 1 };
}

/** A product a shopper may see: drafts are as good as missing. */
async function findLiveProduct({ db }: ShopDatabase, id: string): Promise<ProductRecord> {
  const product = await findProduct(db, id);
  if (!product || product.status !== 'live')
    throw new ShopError('PRODUCT_NOT_FOUND', 'Product not found');
  return product;
}

export async function getProduct(database: ShopDatabase, id: string): Promise<ProductDetail> {
  const product = await findLiveProduct(database, id);
  const reviews = await findReviews(database.db, product.id);
  return { ...presentProduct(product), reviews: reviews.map(presentReview) };
}

export async function getSimilarProducts(database: ShopDatabase, id: string): Promise<Product[]> {
  const product = await findLiveProduct(database, id);
  const similar = await findSimilarProducts(database.db, product, SIMILAR_PRODUCTS_LIMIT);
  return similar.map(presentProduct);
}

/** One review per customer per product; the product's rating moves in the same transaction. */
export async function addReview(
  database: ShopDatabase,
  productId: string,
  author: { id: string; name: string },
  { rating, comment }: ReviewBody,
): Promise<{ message: string }> {
  const product = await findLiveProduct(database, productId);
  try {
    await database.db.transaction().execute((trx) =>
      insertReview(trx, {
        id: newId(),
        productId: product.id,
        userId: author.id,
        name: author.name || 'A customer',
        rating,
        comment,
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new ShopError('ALREADY_REVIEWED', ALREADY_REVIEWED);
    throw error;
  }
  return { message: REVIEW_ADDED };
}

/** Every product a shopper can open, with when it last changed (for the sitemap). */
export function listProductDates({ db }: ShopDatabase) {
  return listLiveProductDates(db);
}
