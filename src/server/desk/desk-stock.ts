import { DESK_LOW_STOCK_LISTED, type LowStock } from '../../shared/desk/desk';
import { lowStockLevels, soldOutLevels, type StockLevel } from '../catalog/stock.service';
import type { Db } from '../db/schema';
import { waitingCounts } from '../stock-alerts/stock-alerts.service';

type Waited = StockLevel & { waiting: number };

const keyOf = (productId: string, variantId: string | null) => `${productId}/${variantId ?? ''}`;

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
  const withWaiting = (level: StockLevel): Waited => ({
    ...level,
    waiting: waitingFor.get(keyOf(level.productId, level.variantId)) ?? 0,
  });
  // What shoppers wait for that is still sold out, of a live product: an alert left for
  // something back in stock (its mails not yet sent) is not.
  const soldOut = (await soldOutLevels(db, counts)).map(withWaiting).sort(byMostWaiting);
  const low = running.map(withWaiting);
  return [...soldOut, ...low].slice(0, DESK_LOW_STOCK_LISTED).map((item) => ({
    product: item.productId,
    variant: item.variantId,
    name: item.name,
    variantLabel: item.variantLabel,
    countInStock: item.countInStock,
    waiting: item.waiting,
  }));
}
