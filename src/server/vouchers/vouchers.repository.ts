import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '../db/timestamps';
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

export interface NewVoucher {
  id: string;
  name: string;
  code: string;
  discountPence: number;
  expiresAt: string;
  status: 'draft' | 'live';
}

export async function insertVoucher(db: Kysely<Database>, voucher: NewVoucher): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('vouchers')
    .values({
      id: voucher.id,
      name: voucher.name,
      code: voucher.code,
      code_key: voucher.code.toLowerCase(),
      discount_pence: voucher.discountPence,
      expires_at: voucher.expiresAt,
      status: voucher.status,
      created_at: now,
      updated_at: now,
    })
    .execute();
}
