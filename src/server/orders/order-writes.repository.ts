import type { Insertable, Updateable } from 'kysely';
import type { Carrier } from '../../shared/orders/parcels';
import {
  ORDER_MOVES,
  type OrderMove,
  type OrderStatus,
  type ReturnKind,
  type ReturnOutcome,
} from '../../shared/orders/order-status';
import type { Pence } from '../../shared/money';
import type { Db } from '../db/schema';
import { newId } from '../sql/ids';
import type { OrdersTable } from './orders.tables';
import { compact } from '../sql/search-words';
import { orderWords } from './order-words';
import type { NewOrder, OrderEvent } from './orders.repository';

// What changes an order once it is made: its moves, its restocking and refunds owed, its history
// and the words it is found by. Each write is one conditional statement, so two at once count once.

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
    promotion_discount_pence: order.promotionDiscountPence ?? 0,
    discounts: order.discounts ? JSON.stringify(order.discounts) : null,
    total_pence: order.totalPence,
    notes: order.notes,
    payment_id: order.paymentId,
    capture_id: order.captureId,
    payment_status: order.paymentStatus,
    payer_email: order.payerEmail,
    payment_update_time: order.paymentUpdateTime,
    status: order.deliveredAt ? 'delivered' : 'paid',
    paid_at: order.paidAt,
    dispatched_at: order.deliveredAt ?? null,
    delivered_at: order.deliveredAt ?? null,
    created_at: order.createdAt,
    tracking_carrier: null,
    tracking_number: null,
    tracking_url: null,
    return_reason: null,
    return_kind: null,
    return_requested_at: null,
    guest_key_hash: order.guestKeyHash ?? null,
    recipient_key_hash: order.recipientKeyHash ?? null,
    gift_message: order.giftMessage ?? null,
    gift_wrap_pence: order.giftWrapPence ?? 0,
    exchange_for: order.exchangeFor ?? null,
    closed_account_at: order.closedAccountAt ?? null,
    delivery: order.delivery ? JSON.stringify(order.delivery) : null,
    payment: order.payment ? JSON.stringify(order.payment) : null,
    dispatch_by: order.dispatchBy ?? null,
    weight_grams: order.weightGrams ?? 0,
    gift_card_pence: order.giftCardPence ?? 0,
    gift_card_payments:
      order.giftCardPayments && order.giftCardPayments.length > 0
        ? JSON.stringify(order.giftCardPayments)
        : null,
    gift_card_vat: order.giftCardVat ?? null,
    outside_vat_pence: order.outsideVatPence ?? 0,
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
        discount_pence: item.discountPence ?? 0,
        gift_card: item.giftCard ? JSON.stringify(item.giftCard) : null,
        made_to_order_days: item.madeToOrder?.leadDays ?? null,
        preorder_release: item.preorder?.releaseDate ?? null,
        personalisation: item.personalisation ? JSON.stringify(item.personalisation) : null,
      })),
    )
    .execute();
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

/** What a move writes besides the new status. */
export interface MoveChanges {
  dispatchedAt?: string;
  deliveredAt?: string;
  tracking?: { carrier: Carrier; number: string; url: string };
  returnRequest?: { reason: string; kind: ReturnKind; createdAt: string };
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
    set.return_kind = changes.returnRequest.kind;
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
): Promise<
  {
    productId: string;
    variantId: string | null;
    qty: number;
    madeToOrder: boolean;
    preorderRelease: string | null;
  }[]
> {
  const rows = await db
    .selectFrom('order_items')
    .select([
      'product_id',
      'variant_id',
      'qty',
      'restocked_qty',
      'made_to_order_days',
      'preorder_release',
    ])
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
            madeToOrder: row.made_to_order_days !== null,
            preorderRelease: row.preorder_release,
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
