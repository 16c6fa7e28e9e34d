import { sql } from 'kysely';
import type { Db } from '../db/schema';
import { orderWords } from './order-words';
import { addOrderWords, findOrders } from './orders.repository';

/**
 * Takes a person out of their orders: the name, email, street, second line, phone, the payer's
 * email, the notes, a gift's message and the postcode's second half go; what was sold, the
 * figures, VAT, dates, town and the postcode's district stay, as the tax records need them. Their
 * name in the orders' history goes too (`theirNames`: as the history wrote it), and the words the
 * orders are found by are made again from what is left. Answers the orders' ids.
 */
export async function forgetBuyerOnOrders(
  db: Db,
  userId: string,
  { shownAs, theirNames }: { shownAs: string; theirNames: readonly string[] },
): Promise<string[]> {
  const ids = (
    await db.selectFrom('orders').select('id').where('user_id', '=', userId).execute()
  ).map((row) => row.id);
  if (ids.length === 0) return ids;
  const compactPostcode = sql<string>`replace(postal_code, ' ', '')`;
  await db
    .updateTable('orders')
    .set({
      user_name: shownAs,
      user_email: '',
      recipient_name: '',
      address: '',
      line2: '',
      phone: '',
      payer_email: '',
      notes: '',
      postal_code: sql<string>`substr(${compactPostcode}, 1, length(${compactPostcode}) - 3)`,
      gift_message: sql<string | null>`case when gift_message is null then null else '' end`,
    })
    .where('id', 'in', ids)
    .execute();
  const names = theirNames.filter((name) => name !== '');
  if (names.length > 0) {
    await db
      .updateTable('order_events')
      .set({ by_name: shownAs })
      .where('order_id', 'in', ids)
      .where('by_name', 'in', names)
      .execute();
  }
  await db.deleteFrom('order_words').where('order_id', 'in', ids).execute();
  for (const order of await findOrders(db, ids)) {
    await addOrderWords(db, order.id, orderWords(order));
  }
  return ids;
}
