import {
  DESK_ORDERS_LISTED,
  DISPATCH_WORKING_DAYS,
  type Desk,
  type LineToMake,
  type OrderToDispatch,
  type ReturnRequested,
} from '../../shared/desk/desk';
import { penceToPounds } from '../../shared/money';
import { workingDaysBetween } from '../../shared/uk-time';
import type { UserAccount } from '../accounts/user-account';
import { reportedReviewCount } from '../catalog/review-moderation.service';
import type { ShopDatabase } from '../db/database';
import { addWorkingDays, ukDayOf } from '../delivery/delivery-dates';
import type { ShopSettings } from '../settings/shop-settings';
import {
  linesToMake,
  ordersToDispatch,
  type LineToMake as LineMadeForTheBuyer,
  returnsAskedFor,
  type OrderToDispatch as WaitingOrder,
  type ReturnAskedFor,
} from '../orders/order-figures';
import { listFailedRefunds } from '../payments/refunds.service';
import { cameBackOf } from './desk-came-back';
import { salesOf } from './desk-sales';
import { lowStockOf } from './desk-stock';

export interface DeskContext {
  database: ShopDatabase;
  /** `lowStock`: a variant with this many left or fewer (but some) is running low. */
  settings: ShopSettings;
}

function presentToDispatch(order: WaitingOrder, now: Date): OrderToDispatch {
  const waiting = workingDaysBetween(order.paidAt ?? order.createdAt, now);
  // Late once the day it should have gone out by is over: the buyer's own dispatch day.
  const late =
    order.dispatchBy === null ? waiting > DISPATCH_WORKING_DAYS : ukDayOf(now) > order.dispatchBy;
  return {
    _id: order.id,
    orderNumber: order.orderNumber,
    createdAt: order.createdAt,
    customer: { name: order.userName, email: order.userEmail },
    ...(order.recipientName === null ? {} : { recipient: order.recipientName }),
    items: order.itemCount,
    totalPrice: penceToPounds(order.totalPence),
    workingDaysWaiting: waiting,
    late,
    ...(order.delivery ? { service: order.delivery.name } : {}),
    collect: order.delivery?.collect ?? false,
    dispatchBy: order.dispatchBy,
  };
}

/**
 * The day a line's order must go out by: the day its buyer was given; for an order from before
 * delivery dates, its release date, or the day it was paid plus its lead days.
 */
function dueDayOf(line: LineMadeForTheBuyer): string {
  if (line.dispatchBy !== null) return line.dispatchBy;
  if (line.preorder) return line.preorder.releaseDate;
  const paid = ukDayOf(new Date(line.paidAt ?? line.createdAt));
  return addWorkingDays(paid, line.madeToOrder?.leadDays ?? DISPATCH_WORKING_DAYS);
}

function presentToMake(line: LineMadeForTheBuyer, now: Date): LineToMake {
  const dueDay = dueDayOf(line);
  return {
    order: line.orderId,
    orderNumber: line.orderNumber,
    createdAt: line.createdAt,
    customer: { name: line.userName, email: line.userEmail },
    product: line.productId,
    variant: line.variantId,
    name: line.name,
    variantLabel: line.variantLabel,
    sku: line.sku,
    qty: line.qty,
    madeToOrder: line.madeToOrder,
    preorder: line.preorder,
    personalisation: line.personalisation,
    dueDay,
    late: ukDayOf(now) > dueDay,
  };
}

const presentReturn = (order: ReturnAskedFor): ReturnRequested => ({
  _id: order.id,
  orderNumber: order.orderNumber,
  requestedAt: order.requestedAt,
  reason: order.reason,
  kind: order.kind,
  customer: { name: order.userName, email: order.userEmail },
  ...(order.recipientName === null ? {} : { recipient: order.recipientName }),
});

/**
 * Today's work in one answer: the paid orders to send and the returns asked for, the longest
 * waiting first; the lines to make for their buyers, those due first; the refunds the provider refused; what to restock; how many reviews shoppers
 * reported that nobody has looked at. The owner also gets the
 * money (staff get null): the sales of today and the last 7 and 30 days, and day by day; and
 * what came back after the shop's marketing mail.
 */
export async function deskFor(
  { database, settings }: DeskContext,
  caller: UserAccount,
  now = new Date(),
): Promise<Desk> {
  const { db } = database;
  const owner = caller.role === 'admin';
  const [toDispatch, toMake, returnsRequested, failedRefunds, low, reported, money, cameBack] =
    await Promise.all([
      ordersToDispatch(db, DESK_ORDERS_LISTED),
      linesToMake(db, DESK_ORDERS_LISTED),
      returnsAskedFor(db, DESK_ORDERS_LISTED),
      listFailedRefunds(db),
      lowStockOf(db, settings.current().lowStock),
      reportedReviewCount(db),
      owner ? salesOf(db, now) : undefined,
      owner ? cameBackOf(db, now) : undefined,
    ]);
  return {
    toDispatch: toDispatch.map((order) => presentToDispatch(order, now)),
    toMake: toMake.map((line) => presentToMake(line, now)),
    returnsRequested: returnsRequested.map(presentReturn),
    failedRefunds,
    lowStock: low,
    reportedReviews: reported,
    sales: money?.sales ?? null,
    daily: money?.daily ?? null,
    cameBack: cameBack ?? null,
  };
}
