import type { FastifyInstance } from 'fastify';
import { FORMER_CUSTOMER } from '../../shared/accounts/accounts';
import { RETURN_WINDOW_DAYS, isSettled, keptUntil } from '../../shared/orders/order-status';
import type { KeptOrder } from '../../shared/accounts/your-data';
import type { UserAccount } from '../accounts/user-account';
import type { Db } from '../db/schema';
import { repeatInBackground } from '../background';
import {
  forgetBuyerOnOrders,
  keepForClosedAccount,
  orderStandingsOf,
  releaseKeptOrder,
  settledKeptOrders,
  type OrderStanding,
} from './closed-accounts.repository';
import { keptOrdersShopMail } from './kept-orders.mail';
import { noteInHistory } from './order-records';
import { actorName, type OrdersContext } from './orders-context';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How many settled orders one pass forgets; the next pass takes the rest. */
const PER_PASS = 50;
/** How often each instance looks for kept orders now settled. */
const LOOK_EVERY_MS = 30 * 1000;

const keptOrderOf = (order: OrderStanding): KeptOrder => ({
  _id: order.id,
  orderNumber: order.orderNumber,
  status: order.status,
  keptUntil: keptUntil(order),
});

/** The orders of a customer that closing their account now would keep whole, newest first. */
export async function ordersKeptOnClosing(
  db: Db,
  customer: Pick<UserAccount, 'id'>,
  now = new Date(),
): Promise<KeptOrder[]> {
  const orders = await orderStandingsOf(db, customer.id);
  return orders.filter((order) => !isSettled(order, now)).map(keptOrderOf);
}

/**
 * A customer closes their account, in the caller's transaction, before the account itself goes.
 * Their settled orders are kept six years for the tax records, with items, totals, VAT and dates,
 * but no longer say who they were or where they live (see `forgetBuyerOnOrders`). Their open
 * orders stay whole, as the shop still has to send, deliver or take back what they bought, until
 * each is settled; the shop is mailed which they are. `by` closed the account: an admin, or
 * "The buyer" (their name is not written anywhere new). Answers the orders kept.
 */
export async function closeBuyerOrders(
  db: Db,
  context: Pick<OrdersContext, 'mailer' | 'publicUrl' | 'trader'>,
  customer: UserAccount,
  { by, now = new Date() }: { by: string; now?: Date },
): Promise<KeptOrder[]> {
  const orders = await orderStandingsOf(db, customer.id);
  const settled = orders.filter((order) => isSettled(order, now));
  const open = orders.filter((order) => !isSettled(order, now));
  await forgetBuyerOnOrders(
    db,
    settled.map((order) => order.id),
    {
      shownAs: FORMER_CUSTOMER,
      theirNames: [...new Set([actorName(customer), customer.name, customer.email])],
    },
  );
  await keepForClosedAccount(
    db,
    open.map((order) => order.id),
    now.toISOString(),
  );
  const kept = open.map(keptOrderOf);
  for (const order of kept) {
    await noteInHistory(db, order._id, {
      type: 'account_closed',
      by,
      at: now.toISOString(),
    });
  }
  if (kept.length > 0) {
    await context.mailer.queue(keptOrdersShopMail(customer, kept, context), db);
  }
  return kept;
}

/**
 * Forgets the buyer of each order kept for a closed account that is now settled: cancelled,
 * refunded, or delivered more than the return window ago. Every instance runs this; the one that
 * takes an order off the kept list forgets it, in the same transaction, and the others pass it
 * by. Answers how many it forgot.
 */
export async function forgetSettledOrders(
  { database }: Pick<OrdersContext, 'database'>,
  now = new Date(),
): Promise<number> {
  const { db } = database;
  const due = await settledKeptOrders(db, {
    deliveredBefore: new Date(now.getTime() - RETURN_WINDOW_DAYS * DAY_MS).toISOString(),
    limit: PER_PASS,
  });
  let forgotten = 0;
  for (const order of due) {
    const done = await db.transaction().execute(async (trx) => {
      if (!(await releaseKeptOrder(trx, order.id))) return false;
      await forgetBuyerOnOrders(trx, [order.id], {
        shownAs: FORMER_CUSTOMER,
        theirNames: [order.userName, order.userEmail],
      });
      await noteInHistory(trx, order.id, { type: 'buyer_forgotten', by: 'The shop' });
      return true;
    });
    if (done) forgotten += 1;
  }
  return forgotten;
}

/** Looks for kept orders now settled when the shop is ready and every half minute. */
export function scheduleForgettingSettledOrders(
  app: FastifyInstance,
  context: Pick<OrdersContext, 'database' | 'log'>,
): void {
  repeatInBackground(app, {
    what: 'settled orders of closed accounts could not be forgotten',
    everyMs: LOOK_EVERY_MS,
    log: context.log,
    work: () => forgetSettledOrders(context),
  });
}
