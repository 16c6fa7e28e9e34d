import { sql, type RawBuilder } from 'kysely';
import type { Pence } from '../../shared/money';
import type { VatTotals } from '../../shared/reports/vat';
import type { Db } from '../db/schema';
import { totalsOf, type BatchEnd, type InstantRange } from '../sql/tax-points';
import { toIsoString } from '../sql/timestamps';

// The refunds of orders by their tax point, when they went through. A refund's last change is its
// success, which nothing changes after, so a refund that succeeded went through at `updated_at`
// (as the desk dates refunds). Only refunds of orders count: a payment that made no order was no
// sale.

/**
 * The VAT in a refund: a sixth of it (at 20%), to the nearest penny with halves rounded up, as
 * `refundVat` works it out, in the database's whole-number division. Widened first, since a
 * refund of the largest order would pass PostgreSQL's `integer` with 3 added.
 */
const refundVatOf = (amount: string): RawBuilder<number> =>
  sql<number>`(cast(${sql.ref(amount)} as bigint) + 3) / 6`;

/** The refunds of orders that went through in the range, added up: one range of refunds_settled_idx. */
export async function refundTotals(db: Db, { from, to }: InstantRange): Promise<VatTotals> {
  const row = await db
    .selectFrom('refunds')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.sum<number | string | null>('refunds.amount_pence').as('gross'),
      eb.fn.sum<number | string | null>(refundVatOf('refunds.amount_pence')).as('vat'),
    ])
    .where('refunds.status', '=', 'succeeded')
    .where('refunds.updated_at', '>=', from)
    .where('refunds.updated_at', '<', to)
    .where('refunds.order_id', 'is not', null)
    .executeTakeFirstOrThrow();
  return totalsOf(row);
}

/** A refund that went through in the quarter, with the order it gave money back on. */
export interface SettledRefund {
  id: string;
  settledAt: string;
  amountPence: Pence;
  captureId: string;
  orderId: string;
  /** Where a batch that ends with this refund ends. */
  end: BatchEnd;
}

/**
 * Up to `limit` of the refunds of orders that went through in the range, oldest first (and by id
 * at one instant), after `after`: for the report's list and for the VAT record's batches.
 */
export async function refundsSettledAfter(
  db: Db,
  { from, to }: InstantRange,
  after: BatchEnd | undefined,
  limit: number,
): Promise<SettledRefund[]> {
  let query = db
    .selectFrom('refunds')
    .select([
      'refunds.id',
      'refunds.updated_at',
      'refunds.amount_pence',
      'refunds.capture_id',
      'refunds.order_id',
    ])
    .where('refunds.status', '=', 'succeeded')
    .where('refunds.order_id', 'is not', null)
    .where('refunds.updated_at', '>=', after?.at ?? from)
    .where('refunds.updated_at', '<', to);
  if (after) {
    query = query.where((eb) =>
      eb.or([eb('refunds.updated_at', '>', after.at), eb('refunds.id', '>', after.id)]),
    );
  }
  const rows = await query
    .orderBy('refunds.updated_at')
    .orderBy('refunds.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    settledAt: toIsoString(row.updated_at),
    amountPence: row.amount_pence,
    captureId: row.capture_id,
    // Only refunds of orders are read.
    orderId: row.order_id ?? '',
    end: { at: row.updated_at, id: row.id },
  }));
}
