import type { Db } from '../db/schema';
import { newId } from '../sql/ids';

/** Counts one more use of a voucher while it has uses left; answers whether it did. */
export async function countUse(db: Db, voucherId: string): Promise<boolean> {
  const result = await db
    .updateTable('vouchers')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('id', '=', voucherId)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Notes which order used a voucher; the unique key refuses a second use by the same customer. */
export async function insertRedemption(
  db: Db,
  redemption: { voucherId: string; orderId: string; customerKey: string },
): Promise<void> {
  await db
    .insertInto('voucher_redemptions')
    .values({
      id: newId(),
      voucher_id: redemption.voucherId,
      order_id: redemption.orderId,
      customer_key: redemption.customerKey,
    })
    .execute();
}

export async function hasRedeemed(db: Db, voucherId: string, customerKey: string) {
  const row = await db
    .selectFrom('voucher_redemptions')
    .select('id')
    .where('voucher_id', '=', voucherId)
    .where('customer_key', '=', customerKey)
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives an order's voucher use back (the order was cancelled); answers the voucher's id. */
export async function removeRedemption(db: Db, orderId: string): Promise<string | undefined> {
  const row = await db
    .deleteFrom('voucher_redemptions')
    .where('order_id', '=', orderId)
    .returning('voucher_id')
    .executeTakeFirst();
  if (!row) return undefined;
  await db
    .updateTable('vouchers')
    .set((eb) => ({ uses: eb('uses', '-', 1) }))
    .where('id', '=', row.voucher_id)
    .where('uses', '>', 0)
    .execute();
  return row.voucher_id;
}
