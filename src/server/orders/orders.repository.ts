import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { ShippingAddress } from '../../shared/addresses';
import { orderDeliverySchema, type OrderDelivery } from '../../shared/delivery';
import type { Carrier } from '../../shared/orders';
import {
  ORDER_MOVES,
  type OrderEventType,
  type OrderMove,
  type OrderStatus,
  type ReturnOutcome,
} from '../../shared/order-status';
import type { Pence } from '../../shared/money';
import type { Db } from '../db/schema';
import { dayByDay } from '../db/day-buckets';
import { newId } from '../db/ids';
import { alongRead, countRows, readPage } from '../db/page-read';
import { toIsoString } from '../db/timestamps';
import type { OrderItemsTable, OrdersTable } from './orders.tables';
import { compact } from '../db/search-words';
import { orderWords } from './order-words';

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
  /** How many refunds and a cancellation have put back into stock: at most `qty`. */
  restockedQty: number;
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
  returnRequest: { reason: string; createdAt: string } | null;
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
  /** What its items weighed when sold, in grams. */
  weightGrams: number;
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
      | 'dispatchBy'
      | 'weightGrams'
    >
  > & {
    /** Items may come with their ids, for an order presented without reading it back. */
    items: (Omit<StoredOrderItem, 'id' | 'restockedQty'> & { id?: string })[];
  };

const isoOrNull = (value: string | Date | null) => (value === null ? null : toIsoString(value));

/** The delivery an order keeps, as JSON gave it back; null when there is none or it is unreadable. */
function deliveryOf(json: string | null): OrderDelivery | null {
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
        ? { reason: row.return_reason, createdAt: toIsoString(row.return_requested_at) }
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
    dispatchBy: row.dispatch_by,
    weightGrams: row.weight_grams,
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
      restockedQty: item.restocked_qty,
    })),
  };
}

export async function insertOrder(db: Db, order: NewOrder): Promise<void> {
  const { shippingAddress: address } = order;
  const row: Insertable<OrdersTable> = {
    id: order.id,
    order_number: order.orderNumber,
    user_id: order.userId,
    user_name: order.userName,
    user_email: order.userEmail,
    recipient_name: address.name,
    address: address.address,
    line2: address.line2,
    city: address.city,
    county: address.county,
    postal_code: address.postalCode,
    country: address.country,
    phone: address.phone,
    payment_method: order.paymentMethod,
    items_pence: order.itemsPence,
    shipping_pence: order.shippingPence,
    tax_pence: order.taxPence,
    voucher_name: order.voucherName,
    voucher_code: order.voucherCode,
    voucher_discount_pence: order.voucherDiscountPence,
    total_pence: order.totalPence,
    notes: order.notes,
    payment_id: order.paymentId,
    capture_id: order.captureId,
    payment_status: order.paymentStatus,
    payer_email: order.payerEmail,
    payment_update_time: order.paymentUpdateTime,
    status: 'paid',
    paid_at: order.paidAt,
    dispatched_at: null,
    delivered_at: null,
    created_at: order.createdAt,
    tracking_carrier: null,
    tracking_number: null,
    tracking_url: null,
    return_reason: null,
    return_requested_at: null,
    guest_key_hash: order.guestKeyHash ?? null,
    recipient_key_hash: order.recipientKeyHash ?? null,
    gift_message: order.giftMessage ?? null,
    gift_wrap_pence: order.giftWrapPence ?? 0,
    exchange_for: order.exchangeFor ?? null,
    closed_account_at: order.closedAccountAt ?? null,
    delivery: order.delivery ? JSON.stringify(order.delivery) : null,
    dispatch_by: order.dispatchBy ?? null,
    weight_grams: order.weightGrams ?? 0,
  };
  await db.insertInto('orders').values(row).execute();
  await addOrderWords(db, order.id, orderWords({ ...order, tracking: null }));
  await db
    .insertInto('order_items')
    .values(
      order.items.map((item, position) => ({
        id: item.id ?? newId(),
        order_id: order.id,
        position,
        product_id: item.productId,
        variant_id: item.variantId,
        variant_label: item.variantLabel,
        sku: item.sku,
        name: item.name,
        brand: item.brand,
        image: item.image,
        price_pence: item.pricePence,
        qty: item.qty,
      })),
    )
    .execute();
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

/**
 * Moves a guest's order into a customer's account, once: only while it still has the key the
 * guest was given, which then stops opening it. False when it had already been moved.
 */
export async function claimGuestOrder(
  db: Db,
  orderId: string,
  keyHash: string,
  customer: { id: string; name: string },
): Promise<boolean> {
  const moved = await db
    .updateTable('orders')
    .set({ user_id: customer.id, user_name: customer.name, guest_key_hash: null })
    .where('id', '=', orderId)
    .where('guest_key_hash', '=', keyHash)
    .executeTakeFirst();
  return moved.numUpdatedRows > 0n;
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

/** What a move writes besides the new status. */
export interface MoveChanges {
  dispatchedAt?: string;
  deliveredAt?: string;
  tracking?: { carrier: Carrier; number: string; url: string };
  returnRequest?: { reason: string; createdAt: string };
  /** Only while delivered on or after this time (the return window). */
  deliveredSince?: string;
  /** Only an order of this customer's. */
  ownerId?: string;
  /** Only while no return has been asked for it before (a return is asked for once). */
  noReturnYet?: boolean;
  /** How the return is ended, and when. */
  returnClosed?: { outcome: ReturnOutcome; note: string; closedAt: string };
}

/**
 * Moves an order on, if it is in one of the states the transitions table allows for that move:
 * one conditional update, so two admins (or a customer and an admin) cannot both move it.
 */
export async function moveOrder(
  db: Db,
  id: string,
  move: OrderMove,
  changes: MoveChanges = {},
): Promise<boolean> {
  const set: Updateable<OrdersTable> = { status: ORDER_MOVES[move].to };
  if (changes.dispatchedAt !== undefined) set.dispatched_at = changes.dispatchedAt;
  if (changes.deliveredAt !== undefined) set.delivered_at = changes.deliveredAt;
  if (changes.tracking) {
    set.tracking_carrier = changes.tracking.carrier;
    set.tracking_number = changes.tracking.number;
    set.tracking_url = changes.tracking.url;
  }
  if (changes.returnRequest) {
    set.return_reason = changes.returnRequest.reason;
    set.return_requested_at = changes.returnRequest.createdAt;
  }
  if (changes.returnClosed) {
    set.return_outcome = changes.returnClosed.outcome;
    set.return_note = changes.returnClosed.note;
    set.return_closed_at = changes.returnClosed.closedAt;
  }
  let query = db
    .updateTable('orders')
    .set(set)
    .where('id', '=', id)
    .where('status', 'in', ORDER_MOVES[move].from);
  if (changes.deliveredSince !== undefined) {
    query = query.where('delivered_at', '>=', changes.deliveredSince);
  }
  if (changes.ownerId !== undefined) query = query.where('user_id', '=', changes.ownerId);
  if (changes.noReturnYet) query = query.where('return_requested_at', 'is', null);
  const result = await query.executeTakeFirst();
  const moved = result.numUpdatedRows === 1n;
  if (moved && changes.tracking) await addOrderWords(db, id, [compact(changes.tracking.number)]);
  return moved;
}

/** Records how a return asked for and not yet closed ended, whatever the order's state now. */
export async function closeOpenReturn(
  db: Db,
  id: string,
  closed: { outcome: ReturnOutcome; note: string; closedAt: string },
): Promise<void> {
  await db
    .updateTable('orders')
    .set({
      return_outcome: closed.outcome,
      return_note: closed.note,
      return_closed_at: closed.closedAt,
    })
    .where('id', '=', id)
    .where('return_requested_at', 'is not', null)
    .where('return_closed_at', 'is', null)
    .execute();
}

/** The states in which an order's parcel is out with its carrier, or has been. */
const SENT_STATUSES: readonly OrderStatus[] = ['dispatched', 'delivered', 'return_requested'];

/** Puts right the tracking of an order that has been dispatched; false if it has not been. */
export async function correctTracking(
  db: Db,
  id: string,
  tracking: { carrier: Carrier; number: string; url: string },
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({
      tracking_carrier: tracking.carrier,
      tracking_number: tracking.number,
      tracking_url: tracking.url,
    })
    .where('id', '=', id)
    .where('status', 'in', SENT_STATUSES)
    .executeTakeFirst();
  const corrected = result.numUpdatedRows === 1n;
  if (corrected) await addOrderWords(db, id, [compact(tracking.number)]);
  return corrected;
}

/**
 * Cancels an order the transitions table lets be cancelled and answers what is left to refund
 * of its total, now recorded as owed back; undefined when it may not be cancelled. The move
 * comes first: on PostgreSQL it locks the order's row, so what is read next counts every refund
 * recorded before, and a refund waiting on the lock then finds the order cancelled.
 */
export async function cancelOwingTheRest(db: Db, id: string): Promise<Pence | undefined> {
  if (!(await moveOrder(db, id, 'cancel'))) return undefined;
  const row = await db
    .selectFrom('orders')
    .select(['total_pence', 'refunded_pence'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('orders')
    .set((eb) => ({ refunded_pence: eb.ref('total_pence') }))
    .where('id', '=', id)
    .execute();
  return row.total_pence - row.refunded_pence;
}

/**
 * Records that `qty` more of an order's item went back into stock, while that keeps within what
 * was bought; answers whether it did. Taken after the order's row is locked (a refund recorded,
 * a cancellation), so two refunds of one order count one after the other.
 */
export async function recordRestocked(
  db: Db,
  orderId: string,
  itemId: string,
  qty: number,
): Promise<boolean> {
  const result = await db
    .updateTable('order_items')
    .set((eb) => ({ restocked_qty: eb('restocked_qty', '+', qty) }))
    .where('order_id', '=', orderId)
    .where('id', '=', itemId)
    .where((eb) => eb(eb('restocked_qty', '+', qty), '<=', eb.ref('qty')))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** How many of an order's item may still go back into stock. */
export async function itemLeftToRestock(db: Db, orderId: string, itemId: string): Promise<number> {
  const row = await db
    .selectFrom('order_items')
    .select(['qty', 'restocked_qty'])
    .where('order_id', '=', orderId)
    .where('id', '=', itemId)
    .executeTakeFirst();
  return row ? row.qty - row.restocked_qty : 0;
}

/** Every item of an order not yet back in stock, now recorded as back: what a cancellation returns. */
export async function restockTheRest(
  db: Db,
  orderId: string,
): Promise<{ productId: string; variantId: string | null; qty: number }[]> {
  const rows = await db
    .selectFrom('order_items')
    .select(['product_id', 'variant_id', 'qty', 'restocked_qty'])
    .where('order_id', '=', orderId)
    .where((eb) => eb('restocked_qty', '<', eb.ref('qty')))
    .orderBy('position')
    .execute();
  await db
    .updateTable('order_items')
    .set((eb) => ({ restocked_qty: eb.ref('qty') }))
    .where('order_id', '=', orderId)
    .execute();
  return rows.flatMap((row) =>
    row.product_id === null
      ? []
      : [
          {
            productId: row.product_id,
            variantId: row.variant_id,
            qty: row.qty - row.restocked_qty,
          },
        ],
  );
}

/**
 * Records that `amountPence` more is owed back on an order, while it may still be refunded and
 * the refunds stay within its total; answers whether it did.
 */
export async function recordRefundOwed(
  db: Db,
  id: string,
  amountPence: Pence,
  refundable: readonly OrderStatus[],
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set((eb) => ({ refunded_pence: eb('refunded_pence', '+', amountPence) }))
    .where('id', '=', id)
    .where('status', 'in', refundable)
    .where((eb) => eb(eb('refunded_pence', '+', amountPence), '<=', eb.ref('total_pence')))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function addOrderEvent(db: Db, orderId: string, event: OrderEvent): Promise<void> {
  await db
    .insertInto('order_events')
    .values({
      id: newId(),
      order_id: orderId,
      type: event.type,
      at: event.at,
      by_name: event.by,
      detail: event.detail,
    })
    .execute();
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

/** Adds the words an order is found by, each dated as the order is; those it already has stay. */
export async function addOrderWords(db: Db, orderId: string, words: string[]): Promise<void> {
  if (words.length === 0) return;
  const orderDate = db
    .selectFrom('orders')
    .select('created_at')
    .where('id', '=', orderId)
    .$castTo<{ created_at: string }>();
  await db
    .insertInto('order_words')
    .values(words.map((word) => ({ word, created_at: orderDate, order_id: orderId })))
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

// What the owner's desk and the customer pages read: the queues of work, the money taken each
// day, and each customer's orders, as only the columns and sums they show.

/** A paid order waiting to be sent, as the desk lists it. */
export interface OrderToDispatch {
  id: string;
  orderNumber: string;
  createdAt: string;
  paidAt: string | null;
  userName: string;
  userEmail: string;
  /** A gift's recipient, whom it is sent to; null when it is not a gift. */
  recipientName: string | null;
  totalPence: Pence;
  /** How many items it holds: the sum of its lines' quantities. */
  itemCount: number;
  /** The service it was sold with; null for an order from before services. */
  delivery: OrderDelivery | null;
  /** The UK day it should go out by; null for an order from before. */
  dispatchBy: string | null;
}

/**
 * Paid orders not yet dispatched, oldest first, at most `limit`: read in order from
 * orders_status_created_idx (status, created_at, id), so the read stops at the limit; each
 * order's items are summed through order_items_order_idx.
 */
export async function ordersToDispatch(db: Db, limit: number): Promise<OrderToDispatch[]> {
  const rows = await db
    .selectFrom('orders')
    .select([
      'id',
      'order_number',
      'created_at',
      'paid_at',
      'user_name',
      'user_email',
      'recipient_name',
      'gift_message',
      'total_pence',
      'delivery',
      'dispatch_by',
    ])
    .select((eb) =>
      eb
        .selectFrom('order_items')
        .select((items) => items.fn.sum<number | string | null>('order_items.qty').as('qty'))
        .whereRef('order_items.order_id', '=', 'orders.id')
        .as('item_count'),
    )
    .where('status', '=', 'paid')
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    orderNumber: row.order_number,
    createdAt: toIsoString(row.created_at),
    paidAt: isoOrNull(row.paid_at),
    userName: row.user_name,
    userEmail: row.user_email,
    recipientName: row.gift_message === null ? null : row.recipient_name,
    totalPence: row.total_pence,
    itemCount: Number(row.item_count ?? 0),
    delivery: deliveryOf(row.delivery),
    dispatchBy: row.dispatch_by,
  }));
}

/**
 * Up to `limit` paid orders not yet dispatched, oldest first, from just after `after`, whole: read
 * in order from orders_status_created_idx (status, created_at, id), so a batch costs the same
 * wherever in the queue it starts.
 */
export async function paidOrdersAfter(
  db: Db,
  after: { createdAt: string; id: string } | undefined,
  limit: number,
): Promise<StoredOrder[]> {
  let query = db.selectFrom('orders').selectAll().where('status', '=', 'paid');
  if (after) {
    query = query
      .where('created_at', '>=', after.createdAt)
      .where((eb) => eb.or([eb('created_at', '>', after.createdAt), eb('id', '>', after.id)]));
  }
  const rows = await query.orderBy('created_at').orderBy('id').limit(limit).execute();
  return withItems(db, rows);
}

/** An order as a tracking number is matched to it: how it stands, and how it was to go. */
export interface OrderToTrack {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  paidAt: string | null;
  createdAt: string;
  tracking: { carrier: string; number: string } | null;
  delivery: OrderDelivery | null;
}

/** The orders with these numbers (`K7QF-3MXA`) that exist, each found by its number. */
export async function ordersToTrack(
  db: Db,
  orderNumbers: readonly string[],
): Promise<OrderToTrack[]> {
  if (orderNumbers.length === 0) return [];
  const rows = await db
    .selectFrom('orders')
    .select([
      'id',
      'order_number',
      'status',
      'paid_at',
      'created_at',
      'tracking_carrier',
      'tracking_number',
      'delivery',
    ])
    .where('order_number', 'in', orderNumbers)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    orderNumber: row.order_number,
    status: row.status,
    paidAt: isoOrNull(row.paid_at),
    createdAt: toIsoString(row.created_at),
    tracking:
      row.tracking_carrier !== null && row.tracking_number !== null
        ? { carrier: row.tracking_carrier, number: row.tracking_number }
        : null,
    delivery: deliveryOf(row.delivery),
  }));
}

/** An order its customer has asked to send back, as the desk lists it. */
export interface ReturnAskedFor {
  id: string;
  orderNumber: string;
  requestedAt: string;
  reason: string;
  userName: string;
  userEmail: string;
  /** A gift's recipient, who would send it back; null when it is not a gift. */
  recipientName: string | null;
}

/**
 * Orders waiting for a return to be dealt with, the longest waiting first, at most `limit`:
 * found by an index on their status; the few there are sorted once read.
 */
export async function returnsAskedFor(db: Db, limit: number): Promise<ReturnAskedFor[]> {
  const rows = await db
    .selectFrom('orders')
    .select([
      'id',
      'order_number',
      'return_requested_at',
      'return_reason',
      'user_name',
      'user_email',
      'recipient_name',
      'gift_message',
      'created_at',
    ])
    .where('status', '=', 'return_requested')
    .orderBy('return_requested_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    orderNumber: row.order_number,
    requestedAt: toIsoString(row.return_requested_at ?? row.created_at),
    reason: row.return_reason ?? '',
    userName: row.user_name,
    userEmail: row.user_email,
    recipientName: row.gift_message === null ? null : row.recipient_name,
  }));
}

/** What was taken on one day of a run (see `dayByDay`): orders paid, and their totals. */
export interface PaidOnDay {
  day: number;
  orders: number;
  totalPence: Pence;
}

/**
 * Orders paid on each of a run of days beginning at `dayStarts` (oldest first), summed by the
 * database: a row for each day. Each day is its own range of orders_paid_idx (paid_at,
 * total_pence, tax_pence), which holds every column read, so no order's row is visited.
 */
export async function paidOrdersByDay(db: Db, dayStarts: readonly string[]): Promise<PaidOnDay[]> {
  const days = dayByDay(dayStarts, ({ day, start, end }) => {
    const paid = db
      .selectFrom('orders')
      .select((eb) => [
        sql.lit(day).as('day'),
        eb.fn.countAll<number | string>().as('orders'),
        eb.fn.sum<number | string | null>('total_pence').as('total'),
      ])
      .where('paid_at', '>=', start);
    return end === undefined ? paid : paid.where('paid_at', '<', end);
  });
  const rows = days ? await days.execute() : [];
  return rows.map((row) => ({
    day: row.day,
    orders: Number(row.orders),
    totalPence: Number(row.total ?? 0),
  }));
}
