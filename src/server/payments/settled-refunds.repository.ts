import { sql, type RawBuilder } from 'kysely';
import type { Pence } from '../../shared/money';
import type { VatTotals } from '../../shared/reports/vat';
import type { Db } from '../db/schema';
import { totalsOf, type BatchEnd, type InstantRange } from '../sql/tax-points';
import { toIsoString } from '../sql/timestamps';
import { isGiftCardMark } from './gift-card-mark';

// The refunds of orders by their tax point, when they went through. A refund's last change is its
// success, which nothing changes after, so a refund that succeeded went through at `updated_at`
// (as the desk dates refunds). Only refunds of orders count: a payment that made no order was no
// sale. A refund of an order with a part outside VAT because of gift cards carries VAT on its
// share of the rest alone (`splitRefunds`): those are read one by one, the others summed.

/**
 * The VAT in a refund: a sixth of it (at 20%), to the nearest penny with halves rounded up, as
 * `refundVat` works it out, in the database's whole-number division. Widened first, since a
 * refund of the largest order would pass PostgreSQL's `integer` with 3 added.
 */
const refundVatOf = (amount: string): RawBuilder<number> =>
  sql<number>`(cast(${sql.ref(amount)} as bigint) + 3) / 6`;

/**
 * The refunds that went through in the range of orders with nothing outside VAT, added up: one
 * range of refunds_settled_idx, each refund's order read by its key.
 */
export async function refundTotalsWithinVat(
  db: Db,
  { from, to }: InstantRange,
): Promise<VatTotals> {
  const row = await db
    .selectFrom('refunds')
    .innerJoin('orders', 'orders.id', 'refunds.order_id')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.sum<number | string | null>('refunds.amount_pence').as('gross'),
      eb.fn.sum<number | string | null>(refundVatOf('refunds.amount_pence')).as('vat'),
    ])
    .where('refunds.status', '=', 'succeeded')
    .where('refunds.updated_at', '>=', from)
    .where('refunds.updated_at', '<', to)
    .where('orders.outside_vat_pence', '=', 0)
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
  /** When it was recorded, before the provider was asked. */
  recordedAt: string;
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
      'refunds.created_at',
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
    recordedAt: toIsoString(row.created_at),
    end: { at: row.updated_at, id: row.id },
  }));
}

/**
 * The refunds that went through in the range of orders with a part outside VAT because of gift
 * cards: few beside the rest, each to be split by what it gives back.
 */
export async function refundsSettledPartlyOutsideVat(
  db: Db,
  { from, to }: InstantRange,
): Promise<{ id: string; orderId: string; amountPence: Pence }[]> {
  const rows = await db
    .selectFrom('refunds')
    .innerJoin('orders', 'orders.id', 'refunds.order_id')
    .select(['refunds.id', 'refunds.order_id', 'refunds.amount_pence'])
    .where('refunds.status', '=', 'succeeded')
    .where('refunds.updated_at', '>=', from)
    .where('refunds.updated_at', '<', to)
    .where('orders.outside_vat_pence', '>', 0)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    orderId: row.order_id ?? '',
    amountPence: row.amount_pence,
  }));
}

/** A refund recorded on an order, whatever became of it: what later refunds are split after. */
export interface RecordedRefund {
  id: string;
  orderId: string;
  amountPence: Pence;
  recordedAt: string;
  /** Money put back onto the order's gift cards, not to PayPal. */
  toGiftCards: boolean;
}

/**
 * Every refund recorded on these orders, gone through, waiting or refused (a refused one is owed
 * until it is asked again): a refund's share of an order is worked out after the ones before it.
 */
export async function refundsRecordedOfOrders(
  db: Db,
  orderIds: readonly string[],
): Promise<RecordedRefund[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .selectFrom('refunds')
    .select(['id', 'order_id', 'amount_pence', 'created_at', 'capture_id'])
    .where('order_id', 'in', [...new Set(orderIds)])
    .execute();
  return rows.map((row) => ({
    id: row.id,
    orderId: row.order_id ?? '',
    amountPence: row.amount_pence,
    recordedAt: toIsoString(row.created_at),
    toGiftCards: isGiftCardMark(row.capture_id),
  }));
}
