import { CAME_BACK_DAYS, CAME_BACK_LOOKS_DAYS, type CameBack } from '../../shared/desk/desk';
import { penceToPounds } from '../../shared/money';
import { basketRemindersSince } from '../baskets/kept-baskets.service';
import type { Db } from '../db/schema';
import { newslettersMailedSince } from '../newsletters/newsletters.service';
import { paidOrdersOfEmails, type PaidOrderOfEmail } from '../orders/order-figures';

const DAY_MS = 24 * 60 * 60 * 1000;
const FOLLOWS_MS = CAME_BACK_DAYS * DAY_MS;

/** When each address was mailed: one list of moments per address. */
function mailedTimes(mails: readonly { email: string; at: string }[]): Map<string, number[]> {
  const times = new Map<string, number[]>();
  for (const { email, at } of mails)
    times.set(email, [...(times.get(email) ?? []), Date.parse(at)]);
  return times;
}

/** The orders paid by an address within 7 days after a mail to it; each order once. */
function ordersAfter(orders: readonly PaidOrderOfEmail[], mailed: Map<string, number[]>) {
  const followed = orders.filter((order) => {
    const paid = Date.parse(order.paidAt);
    return (mailed.get(order.email) ?? []).some((at) => at < paid && paid <= at + FOLLOWS_MS);
  });
  return {
    orders: followed.length,
    gross: penceToPounds(followed.reduce((sum, order) => sum + order.totalPence, 0)),
  };
}

/**
 * The orders that came back after the shop's marketing mail, for the mails of the last 30 days:
 * the orders paid by an address within 7 days after a basket reminder to it, and those after
 * each newsletter. Each order counts once for the reminders, and once for each newsletter it
 * followed.
 */
export async function cameBackOf(db: Db, now: Date): Promise<CameBack> {
  const since = new Date(now.getTime() - CAME_BACK_LOOKS_DAYS * DAY_MS).toISOString();
  const [reminders, letters] = await Promise.all([
    basketRemindersSince(db, since),
    newslettersMailedSince(db, since),
  ]);
  const reminded = mailedTimes(reminders.map(({ email, sentAt }) => ({ email, at: sentAt })));
  const emails = new Set([
    ...reminded.keys(),
    ...letters.flatMap((letter) => letter.mailed.map((mail) => mail.email)),
  ]);
  const orders = await paidOrdersOfEmails(db, [...emails], { from: since, to: now.toISOString() });
  const recovered = ordersAfter(orders, reminded);
  return {
    reminders: { sent: reminders.length, recovered: recovered.orders, gross: recovered.gross },
    newsletters: letters.map((letter) => ({
      _id: letter.id,
      subject: letter.subject,
      sentAt: letter.sentAt,
      mailed: letter.mailed.length,
      ...ordersAfter(orders, mailedTimes(letter.mailed)),
    })),
  };
}
