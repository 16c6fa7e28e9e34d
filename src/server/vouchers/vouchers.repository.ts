import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema';
import type { VouchersTable } from './vouchers.table';

export type VoucherRow = Selectable<VouchersTable>;

/** A voucher by the code a shopper typed, whatever its case. */
export function findVoucherByCode(
  db: Kysely<Database>,
  code: string,
): Promise<VoucherRow | undefined> {
  return db
    .selectFrom('vouchers')
    .selectAll()
    .where('code_key', '=', code.trim().toLowerCase())
    .executeTakeFirst();
}
