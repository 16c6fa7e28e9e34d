import type { Db } from '../db/schema';
import { ShopError } from '../http/errors';
import { findProduct, type ProductRecord, type VariantRecord } from './catalog.repository';

/**
 * What other domains may ask of the catalogue's stock: read products to price them, take items
 * (never below zero: the update only happens while enough is left) and put them back, per
 * variant when the product has variants, and find what is running low. The catalogue's own
 * names, from the one place that keeps them.
 */
export { findProducts, type ProductRecord, type VariantRecord } from './catalog.repository';
export {
  giveBackToPreorder,
  lowStockLevels,
  putBackInStock,
  soldOutLevels,
  takeFromPreorder,
  takeFromStock,
  type StockLevel,
} from './stock.repository';

/** A product on sale, with its variants and their stock; undefined for a draft or none. */
export async function liveProduct(db: Db, id: string): Promise<ProductRecord | undefined> {
  const product = await findProduct(db, id);
  return product?.status === 'live' ? product : undefined;
}

/** What one of a line weighs, in grams: its option's weight, or its product's while that is 0. */
export const itemWeightGrams = (product: ProductRecord, variant: VariantRecord | undefined) =>
  variant && variant.weightGrams > 0 ? variant.weightGrams : product.weightGrams;

/** The variant an alert or a basket line names, checked against the product. */
export function chosenVariant(
  product: ProductRecord,
  variantId: string | undefined | null,
): VariantRecord | undefined {
  if (product.variants.length === 0) {
    if (variantId) {
      throw new ShopError('VARIANT_UNKNOWN', `${product.name} comes in one version only`);
    }
    return undefined;
  }
  if (!variantId) {
    const groups = product.options.map((group) => group.name.toLowerCase()).join(' and ');
    throw new ShopError('VARIANT_REQUIRED', `Please choose a ${groups} of ${product.name}`);
  }
  const variant = product.variants.find((candidate) => candidate.id === variantId);
  if (!variant) {
    throw new ShopError('VARIANT_UNKNOWN', `That option of ${product.name} is not sold`);
  }
  return variant;
}
