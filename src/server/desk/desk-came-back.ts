import { CAME_BACK_DAYS, CAME_BACK_LOOKS_DAYS, type CameBack } from '../../shared/desk/desk';
import { penceToPounds } from '../../shared/money';
import { basketRemindersSince } from '../baskets/kept-baskets.service';
import type { Db } from '../db/schema';
import { paidOrdersOfEmails } from '../orders/order-figures';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The orders that came back after the shop's marketing mail: each order paid by an address within
 * 7 days after a basket reminder to it (sent in the last 30 days) counts once, however many
 * reminders came before it.
 */
export async function cameBackOf(db: Db, now: Date): Promise<CameBack> {
  const since = new Date(now.getTime() - CAME_BACK_LOOKS_DAYS * DAY_MS).toISOString();
  const reminders = await basketRemindersSince(db, since);
  const sentTo = new Map<string, number[]>();
  for (const { email, sentAt } of reminders) {
    sentTo.set(email, [...(sentTo.get(email) ?? []), Date.parse(sentAt)]);
  }
  const orders = await paidOrdersOfEmails(db, [...sentTo.keys()], {
    from: since,
    to: now.toISOString(),
  });
  const recovered = orders.filter((order) => {
    const paid = Date.parse(order.paidAt);
    return (sentTo.get(order.email) ?? []).some(
      (sent) => sent < paid && paid <= sent + CAME_BACK_DAYS * DAY_MS,
    );
  });
  return {
    reminders: {
      sent: reminders.length,
      recovered: recovered.length,
      gross: penceToPounds(recovered.reduce((sum, order) => sum + order.totalPence, 0)),
    },
  };
}
