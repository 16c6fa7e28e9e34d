import { sql } from 'kysely';
import type { Db } from '../db/schema';
import { combinationKey } from '../../shared/catalog/variants';
import type { OptionGroup, ProductImage, VariantOptions } from '../../shared/catalog/catalog';
import { wasPriceOfCheapest } from '../../shared/catalog/was-prices';
import { nowIso } from '../sql/timestamps';
import { departmentOf } from './departments';
import type { ProductRecord } from './catalog.repository';
import type { MadeToOrder, Preorder } from '../../shared/catalog/made-for-you';
import type { PersonalisationOffer } from '../../shared/catalog/personalisation';
import { recordPrices, type PricedItem } from './price-history.repository';

// What the back office writes of a product: its fields, its variants and its pictures.

type ProductChanges = Omit<NewProduct, 'id'>;

/** A personalisation as its column keeps it: JSON, or null for none. */
const personalisationJson = (offer: PersonalisationOffer | null) =>
  offer === null ? null : JSON.stringify(offer);

/**
 * Saves every editable field of a product; answers whether it exists. A product sold one way
 * takes its price and was price, and its price history goes on at the new price; with options,
 * call `saveVariants` after it, in the same transaction: it sets the product's price, was price
 * and stock.
 */
export async function updateProduct(db: Db, id: string, changes: ProductChanges): Promise<boolean> {
  const at = nowIso();
  const soldOneWay = (changes.options ?? []).length === 0;
  const result = await db
    .updateTable('products')
    .set({
      options: JSON.stringify(changes.options ?? []),
      specifications: JSON.stringify(changes.specifications ?? []),
      name: changes.name,
      brand: changes.brand,
      image: changes.image,
      ...(soldOneWay
        ? { price_pence: changes.pricePence, compare_at_pence: changes.compareAtPence ?? null }
        : {}),
      description: changes.description,
      category: changes.category,
      department: departmentOf(changes.category, changes.specifications ?? []),
      count_in_stock: changes.countInStock,
      ...(changes.weightGrams === undefined ? {} : { weight_grams: changes.weightGrams }),
      ...(changes.facets ?? {}),
      ...madeForYouColumns(changes),
      ...(changes.personalisation === undefined
        ? {}
        : { personalisation: personalisationJson(changes.personalisation) }),
      status: changes.status,
      updated_at: at,
    })
    .where('id', '=', id)
    .executeTakeFirst();
  const found = result.numUpdatedRows === 1n;
  if (found && soldOneWay) {
    await recordPrices(
      db,
      [{ productId: id, variantId: null, pricePence: changes.pricePence }],
      at,
    );
  }
  return found;
}

/**
 * The columns of a product's made to order and pre-order, when said. A pre-order with a new
 * release date (or none) counts its units sold afresh; one kept keeps its count.
 */
function madeForYouColumns({
  madeToOrder,
  preorder,
}: Pick<NewProduct, 'madeToOrder' | 'preorder'>) {
  return {
    ...(madeToOrder === undefined ? {} : { made_to_order_days: madeToOrder?.leadDays ?? null }),
    ...(preorder === undefined
      ? {}
      : {
          preorder_release: preorder?.releaseDate ?? null,
          preorder_limit: preorder?.limit ?? null,
          preorder_sold:
            preorder === null
              ? sql<number>`0`
              : sql<number>`case when preorder_release = ${preorder.releaseDate} then preorder_sold else 0 end`,
        }),
  };
}

/** Deletes a product and its reviews; orders keep their own copy of it. */
export async function deleteProduct(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('products').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows === 1n;
}

interface VariantChanges {
  /** A variant of this product to keep, or undefined for a new one. */
  id: string | undefined;
  options: VariantOptions;
  sku: string;
  pricePence: number;
  /** The was price, above its price; none (null, or left out) when not on sale. */
  compareAtPence?: number | null;
  countInStock: number;
  /** Grams; 0 (or left out): as its product. */
  weightGrams?: number;
  /** One of the product's pictures; none when left out. */
  image?: string | null | undefined;
  /** Made to order in its own lead time; as its product (null, or left out) when not. */
  madeToOrder?: MadeToOrder | null;
}

/**
 * Makes a product's variants exactly these: kept ones updated, new ones added, the rest removed
 * (orders keep their own copy). Then the product's price is its lowest variant price, its was
 * price its cheapest variants' highest, and its stock their sum; each price history goes on at
 * the price now. Answers the ids of variants that are not this product's; call inside a
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
  const prices: PricedItem[] = [];
  for (const [position, variant] of variants.entries()) {
    const values = {
      options: JSON.stringify(variant.options),
      combination: combinationKey(groups, variant.options),
      sku: variant.sku,
      price_pence: variant.pricePence,
      compare_at_pence: variant.compareAtPence ?? null,
      count_in_stock: variant.countInStock,
      weight_grams: variant.weightGrams ?? 0,
      position,
      image: variant.image ?? null,
      made_to_order_days: variant.madeToOrder?.leadDays ?? null,
    };
    const id = variant.id ?? newId();
    if (variant.id === undefined) {
      await db
        .insertInto('product_variants')
        .values({ ...values, id, product_id: productId, created_at: createdAt })
        .execute();
    } else {
      await db.updateTable('product_variants').set(values).where('id', '=', id).execute();
    }
    prices.push({ productId, variantId: id, pricePence: variant.pricePence });
  }
  if (variants.length > 0) {
    const pricePence = Math.min(...variants.map((variant) => variant.pricePence));
    await db
      .updateTable('products')
      .set({
        price_pence: pricePence,
        compare_at_pence: wasPriceOfCheapest(
          variants.map((variant) => ({
            pricePence: variant.pricePence,
            compareAtPence: variant.compareAtPence ?? null,
          })),
        ),
        count_in_stock: variants.reduce((sum, variant) => sum + variant.countInStock, 0),
      })
      .where('id', '=', productId)
      .execute();
    prices.push({ productId, variantId: null, pricePence });
  }
  await recordPrices(db, prices, createdAt);
  return { unknownIds: [] };
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
  | 'compareAtPence'
  | 'facets'
  | 'madeToOrder'
  | 'preorder'
  | 'personalisation'
> &
  Partial<
    Pick<
      ProductRecord,
      | 'options'
      | 'specifications'
      | 'images'
      | 'weightGrams'
      | 'compareAtPence'
      | 'facets'
      | 'personalisation'
    >
  > & {
    createdAt?: string;
    /** Made to order; left out, not (or, on an update, as it was). */
    madeToOrder?: MadeToOrder | null;
    /** On pre-order; left out, not (or, on an update, as it was). */
    preorder?: Preorder | null;
  };

/** Stores a new product, whose price history opens at its price when it was made. */
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
      compare_at_pence: product.compareAtPence ?? null,
      description: product.description,
      category: product.category,
      department: departmentOf(product.category, product.specifications ?? []),
      count_in_stock: product.countInStock,
      weight_grams: product.weightGrams ?? 0,
      status: product.status,
      options: JSON.stringify(product.options ?? []),
      specifications: JSON.stringify(product.specifications ?? []),
      ...(product.facets ?? {}),
      made_to_order_days: product.madeToOrder?.leadDays ?? null,
      preorder_release: product.preorder?.releaseDate ?? null,
      preorder_limit: product.preorder?.limit ?? null,
      personalisation: personalisationJson(product.personalisation ?? null),
      created_at: createdAt,
      updated_at: createdAt,
    })
    .execute();
  await recordPrices(
    db,
    [{ productId: product.id, variantId: null, pricePence: product.pricePence }],
    createdAt,
  );
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
