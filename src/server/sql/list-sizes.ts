import type { OrderStatus } from '../../shared/orders/order-status';
import type { ProductStatus } from '../catalog/catalog.tables';
import type { Db } from '../db/schema';

/**
 * The lists whose sizes are kept as they change, rather than counted for each page: a count on
 * PostgreSQL reads every row of the list (some 10 ms at 100,000 orders, ten times that at a
 * million), where a kept size costs the same however long the list grows.
 */
export type KeptList =
  'orders' | `orders:${OrderStatus}` | 'products' | `products:${ProductStatus}`;

/** A list with more changes than this has them folded into one when it is next read. */
const FOLD_AFTER = 200;

/**
 * How many rows a list has: the sum of its changes. Once they pass FOLD_AFTER they are folded
 * into one, so that reading stays cheap however busy the shop is between reads.
 */
export async function keptSize(db: Db, list: KeptList): Promise<number> {
  const kept = await db
    .selectFrom('list_size_changes')
    .select((eb) => [
      eb.fn.sum<number | string | null>('change').as('size'),
      eb.fn.countAll<number | string>().as('changes'),
    ])
    .where('list', '=', list)
    .executeTakeFirstOrThrow();
  if (Number(kept.changes) > FOLD_AFTER && !db.isTransaction) await foldChanges(db, list);
  return Number(kept.size ?? 0);
}

/**
 * Folds a list's changes into one row, in one transaction: exactly the rows deleted are summed,
 * so a change written meanwhile (or folded by another instance first) is neither lost nor
 * counted twice.
 */
export async function foldChanges(db: Db, list: KeptList): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const folded = await trx
      .deleteFrom('list_size_changes')
      .where('list', '=', list)
      .returning('change')
      .execute();
    if (folded.length === 0) return;
    const size = folded.reduce((sum, row) => sum + Number(row.change), 0);
    await trx.insertInto('list_size_changes').values({ list, change: size }).execute();
  });
}
