import { DESK_LOW_STOCK_LISTED, type LowStock } from '../../shared/desk';
import { variantLabel } from '../../shared/variants';
import { findProducts, lowStockLevels, type StockLevel } from '../catalog/stock.service';
import type { Db } from '../db/schema';
import { waitingCounts, type WaitingCount } from '../stock-alerts/stock-alerts.service';

type Waited = StockLevel & { waiting: number };

const keyOf = (productId: string, variantId: string | null) => `${productId}/${variantId ?? ''}`;

/**
 * What shoppers wait for that is still sold out: a variant at 0, or a product sold one way at 0,
 * of a live product. An alert left for something back in stock (its mails not yet sent) is not.
 */
async function soldOutAndWaitedFor(db: Db, counts: readonly WaitingCount[]): Promise<Waited[]> {
  if (counts.length === 0) return [];
  const products = new Map(
    (await findProducts(db, [...new Set(counts.map((count) => count.productId))])).map(
      (product) => [product.id, product],
    ),
  );
  return counts.flatMap((count): Waited[] => {
    const product = products.get(count.productId);
    if (product?.status !== 'live') return [];
    const base = { productId: product.id, name: product.name, waiting: count.waiting };
    if (count.variantId === null) {
      const soldOut = product.variants.length === 0 && product.countInStock === 0;
      return soldOut ? [{ ...base, variantId: null, variantLabel: null, countInStock: 0 }] : [];
    }
    const variant = product.variants.find((candidate) => candidate.id === count.variantId);
    if (variant?.countInStock !== 0) return [];
    const label = variantLabel(product.options, variant.options);
    return [{ ...base, variantId: variant.id, variantLabel: label, countInStock: 0 }];
  });
}

const byMostWaiting = (a: Waited, b: Waited) =>
  b.waiting - a.waiting ||
  a.name.localeCompare(b.name) ||
  (a.variantLabel ?? '').localeCompare(b.variantLabel ?? '');

/**
 * What to restock: first what is sold out while shoppers wait for it, the most waited for first;
 * then what has between 1 and `atMost` left, the fewest first; at most `DESK_LOW_STOCK_LISTED`.
 */
export async function lowStockOf(db: Db, atMost: number): Promise<LowStock[]> {
  const [counts, running] = await Promise.all([
    waitingCounts(db),
    lowStockLevels(db, { atMost, limit: DESK_LOW_STOCK_LISTED }),
  ]);
  const waitingFor = new Map(
    counts.map((count) => [keyOf(count.productId, count.variantId), count.waiting]),
  );
  const soldOut = (await soldOutAndWaitedFor(db, counts)).sort(byMostWaiting);
  const low = running.map((level) => ({
    ...level,
    waiting: waitingFor.get(keyOf(level.productId, level.variantId)) ?? 0,
  }));
  return [...soldOut, ...low].slice(0, DESK_LOW_STOCK_LISTED).map((item) => ({
    product: item.productId,
    variant: item.variantId,
    name: item.name,
    variantLabel: item.variantLabel,
    countInStock: item.countInStock,
    waiting: item.waiting,
  }));
}
