import {
  PRODUCTS_PER_PAGE,
  SIMILAR_PRODUCTS_LIMIT,
  shelfSchema,
  type Product,
  type ProductDetail,
  type ProductListQuery,
  type ProductPage,
} from '../../shared/catalog/catalog';
import { SHELF_NAMES, type Shelf } from '../../shared/catalog/shelves';
import type { ProductFilters } from '../../shared/catalog/facets';
import { penceToPounds } from '../../shared/money';
import { presentOffer } from '../../shared/catalog/personalisation';
import { ALREADY_REVIEWED, REVIEW_ADDED, REVIEW_HELD } from '../../shared/catalog/reviews';
import type { MyReview, ReviewBody } from '../../shared/catalog/catalog';
import { isUniqueViolation } from '../db/constraint-errors';
import type { ShopDatabase } from '../db/database';
import { newId } from '../sql/ids';
import { nowIso } from '../sql/timestamps';
import { ShopError } from '../http/errors';
import {
  findProduct,
  findProductIdBySku,
  findProducts,
  LISTED_AT_MOST,
  type ProductRecord,
} from './catalog.repository';
import { findSimilarProducts } from './similar-products.repository';
import { columnsOf, type ShelfColumns } from './shelf-columns';
import { ENTRY_ORDERS } from './shelf-entry';
import type { ShelfIndex } from './shelf-index';
import { narrowListing } from './shelf-listing';
import {
  insertReview,
  findReviewBy,
  findReviews,
  type ReviewRecord,
} from './product-reviews.repository';
import { pageCount, pageOffset } from '../http/paging';
import { reviewerName, UNNAMED_REVIEWER } from './reviewer-name';
import { boughtBefore } from './reviews.repository';
import { searchProducts, type SearchAnswer } from './catalog-search.service';
import { departmentOf } from './departments';

/**
 * A product's pictures: its gallery, or, for one saved without a gallery (every product before
 * galleries), its one `image` described by its name. A draft not yet saved has none.
 */
export function picturesOf(product: ProductRecord): Product['images'] {
  if (product.images.length > 0) return product.images;
  return product.image === '' ? [] : [{ url: product.image, alt: product.name }];
}

const poundsOrNull = (pence: number | null) => (pence === null ? null : penceToPounds(pence));

export function presentProduct(product: ProductRecord): Product {
  return {
    _id: product.id,
    name: product.name,
    brand: product.brand,
    image: product.image,
    images: picturesOf(product),
    price: penceToPounds(product.pricePence),
    compareAtPrice: poundsOrNull(product.compareAtPence),
    description: product.description,
    category: product.category,
    countInStock: product.countInStock,
    weightGrams: product.weightGrams,
    rating: product.rating,
    numReviews: product.numReviews,
    createdAt: product.createdAt,
    options: product.options,
    variants: product.variants.map((variant) => ({
      _id: variant.id,
      options: variant.options,
      sku: variant.sku,
      price: penceToPounds(variant.pricePence),
      compareAtPrice: poundsOrNull(variant.compareAtPence),
      countInStock: variant.countInStock,
      weightGrams: variant.weightGrams,
      ...(variant.image === null ? {} : { image: variant.image }),
      ...(variant.madeToOrder === null ? {} : { madeToOrder: variant.madeToOrder }),
    })),
    specifications: product.specifications,
    facets: product.facets,
    madeToOrder: product.madeToOrder,
    preorder: product.preorder,
    personalisation: product.personalisation && presentOffer(product.personalisation),
  };
}

/** A review as shoppers see it: its author by first name and initial, never in full. */
export function presentReview(review: ReviewRecord): ProductDetail['reviews'][number] {
  return {
    _id: review.id,
    name: reviewerName(review.name),
    rating: review.rating,
    comment: review.comment,
    createdAt: review.createdAt,
    verified: review.verified,
    ...(review.reply ? { reply: review.reply } : {}),
  };
}

/** The shelf a `category` names, a category or a department; another word is not a shelf. */
function shelfOf(category: string | undefined): Shelf | undefined {
  if (category === undefined) return undefined;
  const shelf = shelfSchema.safeParse(category.toLowerCase());
  if (shelf.success) return shelf.data;
  const names = Object.values(SHELF_NAMES).join(', ');
  throw new ShopError(
    'CATEGORY_NOT_FOUND',
    `There is no category called "${category.slice(0, 40)}". The shop's categories are ${names}.`,
  );
}

/** The filters a listing was asked for, as the query reads them. */
function filtersOf(query: Partial<ProductListQuery>): ProductFilters {
  return {
    size: query.size ?? [],
    metal: query.metal ?? [],
    stone: query.stone ?? [],
    colour: query.colour ?? [],
    material: query.material ?? [],
    priceMin: query.priceMin,
    priceMax: query.priceMax,
    inStock: query.inStock ?? false,
  };
}

/**
 * A page of products: of every live product, or of a search's matches; of one shelf when a
 * category (or department) is given, the keyword then searching within it; narrowed by the
 * filters and in the order asked (by default the newest first, or a search's best matches), with
 * each facet's counts. Which products, and in what order, is read from this instance's shelf
 * index; the page's products themselves from the database.
 */
export async function listProducts(
  database: ShopDatabase,
  shelves: ShelfIndex,
  query: Pick<ProductListQuery, 'keyword' | 'pageNumber'> & Partial<ProductListQuery>,
): Promise<ProductPage> {
  const { keyword, pageNumber, sort = 'featured' } = query;
  const shelf = shelfOf(query.category);
  const offset = pageOffset(pageNumber, PRODUCTS_PER_PAGE);
  const entries = await shelves.current();
  let columns: ShelfColumns;
  let found: Omit<SearchAnswer, 'ranked'> = {};
  if (keyword === '') {
    columns = entries.columns(sort === 'featured' ? 'newest' : sort, shelf);
  } else {
    const { ranked, ...words } =
      (await productOfSku(database.db, keyword, shelf)) ??
      (await searchProducts({ database, entries }, keyword, shelf));
    found = words;
    const matches = ranked.flatMap((id) => entries.get(id) ?? []);
    columns = columnsOf(sort === 'featured' ? matches : matches.sort(ENTRY_ORDERS[sort]), shelf);
  }
  const listed = narrowListing(columns, {
    filters: filtersOf(query),
    offset,
    limit: PRODUCTS_PER_PAGE,
  });
  const products = await findProducts(database.db, listed.ids);
  const byId = new Map(products.map((product) => [product.id, product]));
  return {
    products: listed.ids.flatMap((id) => {
      const product = byId.get(id);
      return product?.status === 'live' ? [presentProduct(product)] : [];
    }),
    page: pageNumber,
    pages: pageCount(Math.min(listed.total, LISTED_AT_MOST), PRODUCTS_PER_PAGE),
    total: listed.total,
    facets: listed.facets,
    ...(found.suggestion === undefined ? {} : { suggestion: found.suggestion }),
    ...(found.unmatched === undefined ? {} : { unmatched: found.unmatched }),
  };
}

/** A keyword that is exactly one variant's SKU finds that product alone (if it is on the shelf). */
async function productOfSku(
  db: ShopDatabase['db'],
  keyword: string,
  shelf: Shelf | undefined,
): Promise<SearchAnswer | undefined> {
  if (!/^[\w./-]{2,64}$/.test(keyword)) return undefined;
  const id = await findProductIdBySku(db, keyword);
  if (id === undefined) return undefined;
  const product = await findProduct(db, id);
  if (!product) return undefined;
  const onShelf =
    shelf === undefined ||
    product.category === shelf ||
    departmentOf(product.category, product.specifications) === shelf;
  if (!onShelf) return undefined;
  return { ranked: [product.id] };
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

/** The caller's own review of a live product, or null when they have not reviewed it. */
export async function getMyReview(
  database: ShopDatabase,
  productId: string,
  userId: string,
): Promise<MyReview> {
  const product = await findLiveProduct(database, productId);
  const review = await findReviewBy(database.db, product.id, userId);
  if (!review) return { review: null };
  return { review: { ...presentReview(review), ...(review.waiting ? { waiting: true } : {}) } };
}

/**
 * One review per customer per product; the product's rating moves in the same transaction. It is
 * verified, for good, when the customer had a paid order of the product as they wrote it. While
 * the owner holds new reviews it waits, out of the product's answer and rating, until shown.
 */
export async function addReview(
  database: ShopDatabase,
  productId: string,
  author: { id: string; name: string },
  { rating, comment }: ReviewBody,
  { holdNew }: { holdNew: boolean },
): Promise<{ message: string }> {
  const product = await findLiveProduct(database, productId);
  try {
    await database.db.transaction().execute(async (trx) => {
      const createdAt = nowIso();
      await insertReview(trx, {
        id: newId(),
        productId: product.id,
        userId: author.id,
        name: author.name || UNNAMED_REVIEWER,
        rating,
        comment,
        createdAt,
        verified: await boughtBefore(trx, author.id, product.id, createdAt),
        held: holdNew,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ShopError('ALREADY_REVIEWED', ALREADY_REVIEWED);
    throw error;
  }
  return { message: holdNew ? REVIEW_HELD : REVIEW_ADDED };
}
