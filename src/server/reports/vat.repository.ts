import { sql, type RawBuilder } from 'kysely';
import type { Pence } from '../../shared/money';
import type { VatTotals } from '../../shared/vat';
import type { Db } from '../db/schema';
import { toIsoString } from '../db/timestamps';

// What the VAT return reads of the orders and the refunds, by their tax points: a sale when its
// order was paid, a refund when it went through. A refund's last change is its success, which
// nothing changes after, so a refund that succeeded went through at `updated_at` (as the desk
// dates refunds). Only refunds of orders count: a payment that made no order was no sale.

/** Instants as ISO strings: a range holds `from` up to, not at, `to`. */
export interface InstantRange {
  from: string;
  to: string;
}

/**
 * Where the last batch ended: its last row's tax point as the database gave it (compared again
 * as stored, so that no rewriting of it can make a row come round twice) and its id.
 */
export interface BatchEnd {
  at: string | Date;
  id: string;
}

/**
 * The VAT in a refund: a sixth of it (at 20%), to the nearest penny with halves rounded up, as
 * `refundVat` works it out, in the database's whole-number division. Widened first, since a
 * refund of the largest order would pass PostgreSQL's `integer` with 3 added.
 */
const refundVatOf = (amount: string): RawBuilder<number> =>
  sql<number>`(cast(${sql.ref(amount)} as bigint) + 3) / 6`;

const totalsOf = (row: {
  count: number | string;
  gross: number | string | null;
  vat: number | string | null;
}): VatTotals => ({
  count: Number(row.count),
  grossPence: Number(row.gross ?? 0),
  vatPence: Number(row.vat ?? 0),
});

/** The orders paid in the range, added up by the database: one range of orders_paid_idx. */
export async function salesTotals(db: Db, { from, to }: InstantRange): Promise<VatTotals> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.sum<number | string | null>('orders.total_pence').as('gross'),
      eb.fn.sum<number | string | null>('orders.tax_pence').as('vat'),
    ])
    .where('orders.paid_at', '>=', from)
    .where('orders.paid_at', '<', to)
    .executeTakeFirstOrThrow();
  return totalsOf(row);
}

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

/** A sale of the quarter, as the VAT record lists it. */
export interface QuarterSale {
  id: string;
  orderNumber: string;
  captureId: string;
  paidAt: string;
  totalPence: Pence;
  taxPence: Pence;
  /** Where a batch that ends with this sale ends. */
  end: BatchEnd;
}

/**
 * Up to `limit` of the orders paid in the range, by when they were paid (and id, for those paid
 * at one instant), after `after`: one batch of the VAT record, read by key so that each batch
 * costs the same however far into the quarter it is.
 */
export async function salesAfter(
  db: Db,
  { from, to }: InstantRange,
  after: BatchEnd | undefined,
  limit: number,
): Promise<QuarterSale[]> {
  let query = db
    .selectFrom('orders')
    .select([
      'orders.id',
      'orders.order_number',
      'orders.capture_id',
      'orders.paid_at',
      'orders.total_pence',
      'orders.tax_pence',
    ])
    .where('orders.paid_at', '>=', after?.at ?? from)
    .where('orders.paid_at', '<', to);
  if (after) {
    query = query.where((eb) =>
      eb.or([eb('orders.paid_at', '>', after.at), eb('orders.id', '>', after.id)]),
    );
  }
  const rows = await query.orderBy('orders.paid_at').orderBy('orders.id').limit(limit).execute();
  return rows.map((row) => ({
    id: row.id,
    orderNumber: row.order_number,
    captureId: row.capture_id,
    // Every row the range holds has a payment date: null is never inside a range.
    paidAt: toIsoString(row.paid_at ?? from),
    totalPence: row.total_pence,
    taxPence: row.tax_pence,
    end: { at: row.paid_at ?? from, id: row.id },
  }));
}

/** A refund that went through in the quarter, with the order it gave money back on. */
export interface QuarterRefund {
  id: string;
  settledAt: string;
  amountPence: Pence;
  captureId: string;
  orderId: string;
  orderNumber: string;
  /** Where a batch that ends with this refund ends. */
  end: BatchEnd;
}

/**
 * Up to `limit` of the refunds of orders that went through in the range, oldest first (and by id
 * at one instant), after `after`: for the report's list and for the VAT record's batches.
 */
export async function refundsAfter(
  db: Db,
  { from, to }: InstantRange,
  after: BatchEnd | undefined,
  limit: number,
): Promise<QuarterRefund[]> {
  let query = db
    .selectFrom('refunds')
    .innerJoin('orders', 'orders.id', 'refunds.order_id')
    .select([
      'refunds.id',
      'refunds.updated_at',
      'refunds.amount_pence',
      'refunds.capture_id',
      'orders.id as order_id',
      'orders.order_number',
    ])
    .where('refunds.status', '=', 'succeeded')
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
    orderId: row.order_id,
    orderNumber: row.order_number,
    end: { at: row.updated_at, id: row.id },
  }));
}
