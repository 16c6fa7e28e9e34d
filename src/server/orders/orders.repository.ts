import type { MadeToOrder, Preorder } from '../../shared/catalog/made-for-you';
import type { Selectable } from 'kysely';
import * as z from 'zod';
import { orderPaymentSchema, type OrderPayment } from '../../shared/payments/payment-methods';
import type { ShippingAddress } from '../../shared/accounts/addresses';
import { orderDeliverySchema, type OrderDelivery } from '../../shared/delivery/delivery';
import type {
  OrderEventType,
  OrderStatus,
  ReturnKind,
  ReturnOutcome,
} from '../../shared/orders/order-status';
import type { Pence } from '../../shared/money';
import {
  orderGiftCardSchema,
  type GiftCardVat,
  type OrderGiftCard,
} from '../../shared/gift-cards/gift-cards';
import type { Db } from '../db/schema';
import { alongRead, countRows, readPage } from '../sql/page-read';
import { toIsoString } from '../sql/timestamps';
import type { OrderItemsTable, OrdersTable } from './orders.tables';

// An order as the shop keeps it, and the reads of one order or a customer's many. Changes to an
// order are in order-writes.repository.ts; the desk's queues in order-work.repository.ts.

export interface StoredOrderItem {
  id: string;
  productId: string | null;
  variantId: string | null;
  variantLabel: string | null;
  /** The variant's SKU as sold; null for a product sold one way. */
  sku: string | null;
  name: string;
  brand: string;
  image: string;
  pricePence: Pence;
  qty: number;
  /** What discounts took off the line (its price times its quantity): paid is the rest. */
  discountPence: Pence;
  /** How many refunds and a cancellation have put back into stock: at most `qty`. */
  restockedQty: number;
  /** A gift card line: who it is for, the message, its day and its cards' last 4; else null. */
  giftCard: OrderGiftCard | null;
  /** Sold made to order, in these working days; null when not. */
  madeToOrder: MadeToOrder | null;
  /** Sold on pre-order, to go out from its release date; null when not. */
  preorder: Pick<Preorder, 'releaseDate'> | null;
  /** A personalised line: the text, what it was called and what it added to each item. */
  personalisation: LinePersonalisation | null;
}

/** A personalised line's text as sold: what its product called it, and what it added to each item. */
export interface LinePersonalisation {
  label: string;
  text: string;
  pricePence: Pence;
}

/** What one gift card paid of an order. */
export interface StoredGiftCardPayment {
  last4: string;
  amountPence: Pence;
}

/** A discount an order got, as it keeps it. */
export interface StoredDiscount {
  source: 'promotion' | 'voucher';
  name: string;
  code: string | null;
  amountPence: Pence;
}

/** An order as the shop keeps it: its own copy of what was sold, to whom, and how it stands. */
export interface StoredOrder {
  id: string;
  /** What people read out: `K7QF-3MXA`. */
  orderNumber: string;
  userId: string | null;
  userName: string;
  userEmail: string;
  shippingAddress: ShippingAddress;
  paymentMethod: string;
  itemsPence: Pence;
  shippingPence: Pence;
  taxPence: Pence;
  voucherName: string | null;
  voucherCode: string | null;
  voucherDiscountPence: Pence;
  /** What promotions took off: with the voucher's, every discount the order got. */
  promotionDiscountPence: Pence;
  /** Each discount the order got; empty for none (and for an order from before, its voucher). */
  discounts: StoredDiscount[];
  totalPence: Pence;
  notes: string;
  paymentId: string;
  captureId: string;
  paymentStatus: string;
  payerEmail: string;
  paymentUpdateTime: string;
  status: OrderStatus;
  /** Refunds recorded against the order, gone through or still owed: never above the total. */
  refundsRecordedPence: Pence;
  paidAt: string | null;
  dispatchedAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
  tracking: { carrier: string; number: string; url: string } | null;
  returnRequest: { reason: string; kind: ReturnKind; createdAt: string } | null;
  /** A guest's order: the hash of its link's key; null for a customer's (or once claimed). */
  guestKeyHash: string | null;
  /** A gift: the hash of the key of its recipient's link; null when not a gift. */
  recipientKeyHash: string | null;
  /** A gift's message for the slip (empty for none); null when the order is not a gift. */
  giftMessage: string | null;
  /** What gift wrap cost, within the total; 0 when not wrapped. */
  giftWrapPence: Pence;
  /** How the shop ended the customer's return, once it has. */
  returnClosed: { outcome: ReturnOutcome; note: string; closedAt: string } | null;
  /** The order this one replaces (a replacement for what came back); null for a sale. */
  exchangeFor: string | null;
  /** The replacement sent for what came back of this order, if any. */
  exchangedBy: string | null;
  /** When its buyer closed their account while it was open; null otherwise (or once forgotten). */
  closedAccountAt: string | null;
  /** The delivery service it was sold with and the dates given; null for an order from before. */
  delivery: OrderDelivery | null;
  /** The UK day it should go out by (`YYYY-MM-DD`); null for an order from before. */
  dispatchBy: string | null;
  /** How it was paid; null for an order from before (PayPal's buttons) or a replacement. */
  payment: OrderPayment | null;
  /** What its items weighed when sold, in grams. */
  weightGrams: number;
  /** What gift cards paid of the total; the payment (PayPal) took the rest. */
  giftCardPence: Pence;
  /** Each card's part of `giftCardPence`, in the order they were given. */
  giftCardPayments: StoredGiftCardPayment[];
  /** How gift cards stood for VAT when it was placed; null when it neither sold nor spent one. */
  giftCardVat: GiftCardVat | null;
  /** What of the total is outside VAT because of gift cards (see the migration 039). */
  outsideVatPence: Pence;
  items: StoredOrderItem[];
}

export interface OrderEvent {
  type: OrderEventType;
  at: string;
  by: string;
  detail: string | null;
}

export type NewOrder = Omit<
  StoredOrder,
  | 'refundsRecordedPence'
  | 'tracking'
  | 'returnRequest'
  | 'dispatchedAt'
  | 'deliveredAt'
  | 'status'
  | 'items'
  | 'guestKeyHash'
  | 'recipientKeyHash'
  | 'giftMessage'
  | 'giftWrapPence'
  | 'returnClosed'
  | 'exchangeFor'
  | 'exchangedBy'
  | 'closedAccountAt'
  | 'delivery'
  | 'dispatchBy'
  | 'weightGrams'
  | 'payment'
  | 'promotionDiscountPence'
  | 'discounts'
  | 'giftCardPence'
  | 'giftCardPayments'
  | 'giftCardVat'
  | 'outsideVatPence'
> &
  /** Not a guest's, not a gift, not a replacement, unless said. */
  Partial<
    Pick<
      StoredOrder,
      | 'guestKeyHash'
      | 'recipientKeyHash'
      | 'giftMessage'
      | 'giftWrapPence'
      | 'exchangeFor'
      | 'closedAccountAt'
      | 'delivery'
      | 'payment'
      | 'dispatchBy'
      | 'weightGrams'
      | 'promotionDiscountPence'
      | 'discounts'
      | 'giftCardPence'
      | 'giftCardPayments'
      | 'giftCardVat'
      | 'outsideVatPence'
    >
  > & {
    /** An order of gift cards alone is delivered as it is placed: nothing is posted. */
    deliveredAt?: string;
    /** Items may come with their ids, for an order presented without reading it back. */
    items: (Omit<
      StoredOrderItem,
      | 'id'
      | 'restockedQty'
      | 'discountPence'
      | 'giftCard'
      | 'madeToOrder'
      | 'preorder'
      | 'personalisation'
    > & {
      id?: string;
      discountPence?: Pence;
      giftCard?: OrderGiftCard | null;
      madeToOrder?: MadeToOrder | null;
      preorder?: Pick<Preorder, 'releaseDate'> | null;
      personalisation?: LinePersonalisation | null;
    })[];
  };

export const isoOrNull = (value: string | Date | null) =>
  value === null ? null : toIsoString(value);

/** How an order was paid, as JSON gave it back; null when there is none or it is unreadable. */
function paymentOf(json: string | null): OrderPayment | null {
  if (json === null) return null;
  const parsed = orderPaymentSchema.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : null;
}

const storedDiscountsJson = z.array(
  z.object({
    source: z.enum(['promotion', 'voucher']),
    name: z.string(),
    code: z.string().nullable(),
    amountPence: z.number().int(),
  }),
);

/**
 * The discounts an order keeps; for an order from before they were kept, its voucher, if any.
 */
function discountsOf(row: Selectable<OrdersTable>): StoredDiscount[] {
  if (row.discounts !== null) return storedDiscountsJson.parse(JSON.parse(row.discounts));
  return row.voucher_name !== null && row.voucher_discount_pence > 0
    ? [
        {
          source: 'voucher',
          name: row.voucher_name,
          code: row.voucher_code,
          amountPence: row.voucher_discount_pence,
        },
      ]
    : [];
}

const storedGiftCardPaymentsJson = z.array(
  z.object({ last4: z.string(), amountPence: z.number().int() }),
);

/** A gift card line's details, as JSON gave them back; null for goods. */
function giftCardOf(json: string | null): OrderGiftCard | null {
  if (json === null) return null;
  const parsed = orderGiftCardSchema.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : null;
}

const personalisationJson = z.object({
  label: z.string(),
  text: z.string(),
  pricePence: z.number().int(),
});

/** A personalised line's text as JSON gave it back; null for a line sold as it is. */
export const personalisationOf = (json: string | null): LinePersonalisation | null =>
  json === null ? null : personalisationJson.parse(JSON.parse(json));

/** The delivery an order keeps, as JSON gave it back; null when there is none or it is unreadable. */
export function deliveryOf(json: string | null): OrderDelivery | null {
  if (json === null) return null;
  const parsed = orderDeliverySchema.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : null;
}

function toOrder(
  row: Selectable<OrdersTable>,
  items: Selectable<OrderItemsTable>[],
  exchangedBy: string | null,
): StoredOrder {
  return {
    id: row.id,
    orderNumber: row.order_number,
    userId: row.user_id,
    userName: row.user_name,
    userEmail: row.user_email,
    shippingAddress: {
      name: row.recipient_name,
      address: row.address,
      line2: row.line2,
      city: row.city,
      county: row.county,
      postalCode: row.postal_code,
      country: row.country,
      phone: row.phone,
    },
    paymentMethod: row.payment_method,
    itemsPence: row.items_pence,
    shippingPence: row.shipping_pence,
    taxPence: row.tax_pence,
    voucherName: row.voucher_name,
    voucherCode: row.voucher_code,
    voucherDiscountPence: row.voucher_discount_pence,
    promotionDiscountPence: row.promotion_discount_pence,
    discounts: discountsOf(row),
    totalPence: row.total_pence,
    notes: row.notes,
    paymentId: row.payment_id,
    captureId: row.capture_id,
    paymentStatus: row.payment_status,
    payerEmail: row.payer_email,
    paymentUpdateTime: row.payment_update_time,
    status: row.status,
    refundsRecordedPence: row.refunded_pence,
    paidAt: isoOrNull(row.paid_at),
    dispatchedAt: isoOrNull(row.dispatched_at),
    deliveredAt: isoOrNull(row.delivered_at),
    createdAt: toIsoString(row.created_at),
    tracking:
      row.tracking_carrier !== null && row.tracking_number !== null && row.tracking_url !== null
        ? { carrier: row.tracking_carrier, number: row.tracking_number, url: row.tracking_url }
        : null,
    returnRequest:
      row.return_reason !== null && row.return_requested_at !== null
        ? {
            reason: row.return_reason,
            kind: row.return_kind ?? 'changed-mind',
            createdAt: toIsoString(row.return_requested_at),
          }
        : null,
    guestKeyHash: row.guest_key_hash,
    recipientKeyHash: row.recipient_key_hash,
    giftMessage: row.gift_message,
    giftWrapPence: row.gift_wrap_pence,
    returnClosed:
      row.return_outcome !== null && row.return_closed_at !== null
        ? {
            outcome: row.return_outcome,
            note: row.return_note ?? '',
            closedAt: toIsoString(row.return_closed_at),
          }
        : null,
    exchangeFor: row.exchange_for,
    exchangedBy,
    closedAccountAt: isoOrNull(row.closed_account_at),
    delivery: deliveryOf(row.delivery),
    payment: paymentOf(row.payment),
    dispatchBy: row.dispatch_by,
    weightGrams: row.weight_grams,
    giftCardPence: row.gift_card_pence,
    giftCardPayments:
      row.gift_card_payments === null
        ? []
        : storedGiftCardPaymentsJson.parse(JSON.parse(row.gift_card_payments)),
    giftCardVat: row.gift_card_vat,
    outsideVatPence: row.outside_vat_pence,
    items: items.map((item) => ({
      id: item.id,
      productId: item.product_id,
      variantId: item.variant_id,
      variantLabel: item.variant_label,
      sku: item.sku,
      name: item.name,
      brand: item.brand,
      image: item.image,
      pricePence: item.price_pence,
      qty: item.qty,
      discountPence: item.discount_pence,
      restockedQty: item.restocked_qty,
      giftCard: giftCardOf(item.gift_card),
      madeToOrder: item.made_to_order_days === null ? null : { leadDays: item.made_to_order_days },
      preorder: item.preorder_release === null ? null : { releaseDate: item.preorder_release },
      personalisation: personalisationOf(item.personalisation),
    })),
  };
}

/** Orders read as rows, each with its items and the replacement sent for it, if any. */
export async function withItems(db: Db, rows: Selectable<OrdersTable>[]): Promise<StoredOrder[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [items, replacements] = await Promise.all([
    db
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', 'in', ids)
      .orderBy('position')
      .execute(),
    // Along orders_exchange_for_idx, which holds replacements alone.
    db
      .selectFrom('orders')
      .select(['id', 'exchange_for'])
      .where('exchange_for', 'in', ids)
      .execute(),
  ]);
  return rows.map((row) =>
    toOrder(
      row,
      items.filter((item) => item.order_id === row.id),
      replacements.find((replacement) => replacement.exchange_for === row.id)?.id ?? null,
    ),
  );
}

export async function findOrder(db: Db, id: string): Promise<StoredOrder | undefined> {
  const row = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  return row && (await withItems(db, [row]))[0];
}

/** The orders with these ids that exist, in no particular order. */
export async function findOrders(db: Db, ids: readonly string[]): Promise<StoredOrder[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('orders').selectAll().where('id', 'in', ids).execute();
  return withItems(db, rows);
}

export async function findOrderByPayment(
  db: Db,
  paymentId: string,
): Promise<StoredOrder | undefined> {
  const row = await db
    .selectFrom('orders')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
  return row && (await withItems(db, [row]))[0];
}

/** One customer's orders, newest first. */
export async function listOrdersOf(db: Db, userId: string): Promise<StoredOrder[]> {
  const rows = await db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return withItems(db, rows);
}

/**
 * A page of one customer's orders, newest first, with how many they have: read along
 * orders_user_newest_idx (from its far end for a page past the middle), so a customer with
 * thousands of orders waits no longer than one with a few.
 */
export async function listOrdersPageOf(
  db: Db,
  userId: string,
  slice: { offset: number; limit: number },
): Promise<{ orders: StoredOrder[]; total: number }> {
  const theirs = db.selectFrom('orders').where('user_id', '=', userId);
  const { rows, total } = await readPage(
    slice,
    () => countRows(theirs),
    (at) =>
      alongRead(theirs.selectAll(), at, [
        ['created_at', 'desc'],
        ['id', 'desc'],
      ]).execute(),
  );
  return { orders: await withItems(db, rows), total };
}

export async function orderEvents(db: Db, orderId: string): Promise<OrderEvent[]> {
  const rows = await db
    .selectFrom('order_events')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    type: row.type,
    at: toIsoString(row.at),
    by: row.by_name,
    detail: row.detail,
  }));
}

/** The id of the order with this number (`K7QF-3MXA`), if there is one. */
export async function orderIdOfNumber(db: Db, orderNumber: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('order_number', '=', orderNumber)
    .executeTakeFirst();
  return row?.id;
}

/** Whether an order already has this number. */
export async function orderNumberTaken(db: Db, orderNumber: string): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('order_number', '=', orderNumber)
    .executeTakeFirst();
  return row !== undefined;
}
