import type { PriceHistory } from '../../shared/catalog/catalog-admin';
import { variantLabel } from '../../shared/catalog/variants';
import {
  isWasPriceFounded,
  unfoundedWasPriceMessage,
  type PricePeriod,
} from '../../shared/catalog/was-prices';
import { penceToPounds, poundsToPence } from '../../shared/money';
import type { Db } from '../db/schema';
import { ShopError } from '../http/errors';
import { findProduct, type ProductRecord } from './catalog.repository';
import { priceHistoriesOf, pricePeriodsOf } from './price-history.repository';
import type { SettledSave } from './product-facts';

// Sale prices: a was price is kept only when the item really sold at it (see was-prices.ts in
// shared), and an item's price history is there for the owner to read.

/** A was price a save sets anew, where it was typed, and the item's history to judge it by. */
interface AskedWasPrice {
  wasPence: number;
  /** `compareAtPrice`, or `variants.2.compareAtPrice`. */
  path: string;
  /** The variant's options (`Size: M`), for the words; none for the product itself. */
  label: string | undefined;
  periods: (histories: Map<string | null, PricePeriod[]>) => PricePeriod[];
}

/**
 * The was prices a save sets or changes: those kept as they are were judged when they were set.
 * A variant named by an id that is not the product's is left to the save to refuse.
 */
function askedWasPrices(before: ProductRecord, save: SettledSave): AskedWasPrice[] {
  const asked: AskedWasPrice[] = [];
  if (save.variants.length === 0 && save.compareAtPrice !== null) {
    const wasPence = poundsToPence(save.compareAtPrice);
    const kept = before.options.length === 0 ? before.compareAtPence : null;
    if (wasPence !== kept) {
      asked.push({
        wasPence,
        path: 'compareAtPrice',
        label: undefined,
        periods: (histories) => histories.get(null) ?? [],
      });
    }
  }
  for (const [index, variant] of save.variants.entries()) {
    if (variant.compareAtPrice === null) continue;
    const wasPence = poundsToPence(variant.compareAtPrice);
    const kept = before.variants.find(({ id }) => id === variant._id);
    if (variant._id !== undefined && (!kept || kept.compareAtPence === wasPence)) continue;
    asked.push({
      wasPence,
      path: `variants.${index}.compareAtPrice`,
      label: variantLabel(save.options, variant.options),
      // A variant not made yet has sold at nothing.
      periods: (histories) => (kept ? (histories.get(kept.id) ?? []) : []),
    });
  }
  return asked;
}

/**
 * Refuses a save (400 `WAS_PRICE_UNFOUNDED`, each refused was price by its field) whose new was
 * prices the items did not sell at for 28 days in a row within the 6 months before `now`, judged
 * by their history before the save. Call in the save's transaction, before any price is written.
 */
export async function refuseUnfoundedWasPrices(
  db: Db,
  before: ProductRecord,
  save: SettledSave,
  now: Date,
): Promise<void> {
  const asked = askedWasPrices(before, save);
  if (asked.length === 0) return;
  const histories = await priceHistoriesOf(db, before.id);
  const refused = asked
    .filter((item) => !isWasPriceFounded(item.periods(histories), item.wasPence, now))
    .map((item) => ({
      path: item.path,
      message: unfoundedWasPriceMessage(item.wasPence, item.label),
    }));
  const [first] = refused;
  if (first) throw new ShopError('WAS_PRICE_UNFOUNDED', first.message, refused);
}

/**
 * Every price a product, or one of its variants, sold at, oldest first, in pounds: 404 for a
 * product or variant the shop does not have.
 */
export async function getPriceHistory(
  db: Db,
  productId: string,
  variantId: string | undefined,
): Promise<PriceHistory> {
  const product = await findProduct(db, productId);
  if (!product) throw new ShopError('PRODUCT_NOT_FOUND', 'Product not found');
  if (variantId !== undefined && !product.variants.some(({ id }) => id === variantId)) {
    throw new ShopError('VARIANT_NOT_FOUND', 'That variant is not one of this product’s');
  }
  const periods = await pricePeriodsOf(db, productId, variantId ?? null);
  return {
    periods: periods.map((period) => ({
      price: penceToPounds(period.pricePence),
      from: period.from,
      to: period.to,
    })),
  };
}
