import { sql } from 'kysely';
import type { GiftCardVat } from '../../shared/gift-cards/gift-cards';
import type { Pence } from '../../shared/money';
import type { OrderVatBasis } from '../../shared/reports/gift-card-vat';
import type { VatTotals } from '../../shared/reports/vat';
import type { Db } from '../db/schema';
import { totalsOf, type BatchEnd, type InstantRange } from '../sql/tax-points';
import { toIsoString } from '../sql/timestamps';

// The orders by their tax point, when they were paid: what the VAT return adds up and its record
// lists. What of an order is outside VAT because of gift cards (`outside_vat_pence`) is no supply
// of the quarter: the sales' gross leaves it out, and its VAT (`tax_pence`) is on the rest.

/**
 * The orders paid in the range, added up by the database: one range of orders_paid_idx (paid_at,
 * total_pence, tax_pence); the part outside VAT is read from each order beside it.
 */
export async function salesTotals(db: Db, { from, to }: InstantRange): Promise<VatTotals> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('count'),
      eb.fn
        .sum<number | string | null>(sql<number>`orders.total_pence - orders.outside_vat_pence`)
        .as('gross'),
      eb.fn.sum<number | string | null>('orders.tax_pence').as('vat'),
      eb.fn.sum<number | string | null>('orders.outside_vat_pence').as('outside'),
    ])
    .where('orders.paid_at', '>=', from)
    .where('orders.paid_at', '<', to)
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
  /** What of the total is outside VAT because of gift cards; the VAT is on the rest. */
  outsidePence: Pence;
  giftCardVat: GiftCardVat | null;
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
      'orders.outside_vat_pence',
      'orders.gift_card_vat',
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
    outsidePence: row.outside_vat_pence,
    giftCardVat: row.gift_card_vat,
    end: { at: row.paid_at ?? from, id: row.id },
  }));
}

/** The numbers of these orders, by id. */
export async function orderNumbersOf(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'order_number'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row.order_number]));
}

/**
 * How VAT sees these orders' money, by id, for those with a part outside VAT because of gift
 * cards: the refunds of the others are within VAT whole.
 */
export async function ordersPartlyOutsideVat(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, OrderVatBasis>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'total_pence', 'outside_vat_pence', 'gift_card_vat'])
    .where('id', 'in', [...new Set(ids)])
    .where('outside_vat_pence', '>', 0)
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        totalPence: row.total_pence,
        outsidePence: row.outside_vat_pence,
        giftCardVat: row.gift_card_vat,
      },
    ]),
  );
}
