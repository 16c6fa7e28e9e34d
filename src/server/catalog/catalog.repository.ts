import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import * as z from 'zod';
import { DEPARTMENTS, type Department, type Shelf } from '../../shared/catalog/shelves';
import type { Database, Db } from '../db/schema';
import {
  optionGroupSchema,
  variantOptionsSchema,
  specificationSchema,
  type OptionGroup,
  type ProductImage,
  type Specification,
  type VariantOptions,
} from '../../shared/catalog/catalog';
import type { ProductFacets } from '../../shared/catalog/facets';
import type { MadeToOrder, PreorderStanding } from '../../shared/catalog/made-for-you';
import {
  PERSONALISATION_CHARACTERS,
  type PersonalisationOffer,
} from '../../shared/catalog/personalisation';
import { toIsoString } from '../sql/timestamps';
import type { ProductStatus, ProductsTable, ProductVariantsTable } from './catalog.tables';

export interface VariantRecord {
  id: string;
  productId: string;
  options: VariantOptions;
  sku: string;
  pricePence: number;
  /** The was price, above its price; null when not on sale. */
  compareAtPence: number | null;
  countInStock: number;
  /** Grams; 0: as its product. */
  weightGrams: number;
  /** One of its product's pictures, or null. */
  image: string | null;
  /** Made to order in its own lead time; null: as its product. */
  madeToOrder: MadeToOrder | null;
}

export interface ProductRecord {
  id: string;
  name: string;
  brand: string;
  image: string;
  pricePence: number;
  /**
   * The was price, above its price; null when not on sale. With variants, their cheapest ones'
   * highest was price, as its price is their lowest.
   */
  compareAtPence: number | null;
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
  facets: ProductFacets;
  /** Made to order: no stock limit, dispatched after its lead days; null when sold from stock. */
  madeToOrder: MadeToOrder | null;
  /** On pre-order with none in stock, until its release date; with what is left of its limit. */
  preorder: PreorderStanding | null;
  /** What the buyer may have engraved or printed on it; null when it is sold as it is. */
  personalisation: PersonalisationOffer | null;
}

export interface ProductSlice {
  products: ProductRecord[];
  total: number;
}

export const optionGroupsJson = z.array(optionGroupSchema);

const specificationsJson = z.array(specificationSchema);

const personalisationJson = z.object({
  label: z.string(),
  maxLength: z.number().int(),
  lines: z.number().int(),
  characters: z.enum(PERSONALISATION_CHARACTERS),
  pricePence: z.number().int(),
  pricePerCharacterPence: z.number().int(),
  required: z.boolean(),
});

/** A product's personalisation as its JSON column keeps it; null for none. */
export const personalisationOf = (json: string | null): PersonalisationOffer | null =>
  json === null ? null : personalisationJson.parse(JSON.parse(json));

type ProductRow = Omit<Selectable<ProductsTable>, 'updated_at' | 'department'>;

function toVariant(row: Selectable<ProductVariantsTable>): VariantRecord {
  return {
    id: row.id,
    productId: row.product_id,
    options: variantOptionsSchema.parse(JSON.parse(row.options)),
    sku: row.sku,
    pricePence: row.price_pence,
    compareAtPence: row.compare_at_pence,
    countInStock: row.count_in_stock,
    weightGrams: row.weight_grams,
    image: row.image,
    madeToOrder: madeToOrderOf(row.made_to_order_days),
  };
}

const madeToOrderOf = (days: number | null) => (days === null ? null : { leadDays: days });

/** A pre-order as its row keeps it, or null for none. */
function preorderOf(
  row: Pick<ProductRow, 'preorder_release' | 'preorder_limit' | 'preorder_sold'>,
): PreorderStanding | null {
  if (row.preorder_release === null || row.preorder_limit === null) return null;
  return {
    releaseDate: row.preorder_release,
    limit: row.preorder_limit,
    left: Math.max(0, row.preorder_limit - row.preorder_sold),
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
    compareAtPence: row.compare_at_pence,
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
    facets: { metal: row.metal, stone: row.stone, colour: row.colour, material: row.material },
    madeToOrder: madeToOrderOf(row.made_to_order_days),
    preorder: preorderOf(row),
    personalisation: personalisationOf(row.personalisation),
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

export const isoOrNull = (value: string | Date | null) =>
  value === null ? null : toIsoString(value);

/** What a product's row gives a listing or a product page. */
export const productColumns = [
  'products.id',
  'products.name',
  'products.brand',
  'products.image',
  'products.price_pence',
  'products.compare_at_pence',
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
  'products.metal',
  'products.stone',
  'products.colour',
  'products.material',
  'products.made_to_order_days',
  'products.preorder_release',
  'products.preorder_limit',
  'products.preorder_sold',
  'products.personalisation',
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
 * found by their shelf, a search or the filters. The shelf index orders them without sorting
 * all of them for each page.
 */
export const LISTED_AT_MOST = 1200;

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

export async function countProducts(db: Db): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return row.total;
}
