import { alongRead, countRows, readPage } from '../sql/page-read';
import type { Db } from '../db/schema';
import { nowIso, toIsoString } from '../sql/timestamps';
import type { OfferTerms } from '../../shared/orders/discounts';
import { offerOfRow, rowOfOffer } from '../promotions/offer-record';
import type { StoredVoucher } from './voucher';
import type { VoucherRow } from './vouchers.table';

function toStoredVoucher(row: VoucherRow): StoredVoucher {
  return {
    ...offerOfRow(row),
    id: row.id,
    name: row.name,
    code: row.code,
    expiresAt: toIsoString(row.expires_at),
    startsAt: row.starts_at === null ? null : toIsoString(row.starts_at),
    status: row.status,
    maxUses: row.max_uses,
    oncePerCustomer: row.once_per_customer === 1,
    uses: row.uses,
    stacks: row.stacks === 1,
  };
}

/** A voucher by the code a shopper typed, whatever its case. */
export async function findVoucherByCode(db: Db, code: string): Promise<StoredVoucher | undefined> {
  const row = await db
    .selectFrom('vouchers')
    .selectAll()
    .where('code_key', '=', code.trim().toLowerCase())
    .executeTakeFirst();
  return row && toStoredVoucher(row);
}

/**
 * The code as compared, lower-cased so codes are unique whatever their case. A draft has no code
 * yet, so its key is its own id, which no shopper can type as a code.
 */
function codeKey(voucher: { id: string; code: string }): string {
  return voucher.code === '' ? `draft:${voucher.id}` : voucher.code.toLowerCase();
}

/** A voucher to store: an amount off the whole order unless its offer says otherwise. */
interface NewVoucher extends Partial<OfferTerms> {
  id: string;
  name: string;
  code: string;
  discountPence: number;
  expiresAt: string;
  status: 'draft' | 'live';
  /** The rules a voucher may carry; none when left out. */
  startsAt?: string | null;
  maxUses?: number | null;
  oncePerCustomer?: boolean;
  stacks?: boolean;
}

const rulesOf = (voucher: Omit<NewVoucher, 'id'>) => ({
  ...rowOfOffer(voucher),
  starts_at: voucher.startsAt ?? null,
  max_uses: voucher.maxUses ?? null,
  once_per_customer: voucher.oncePerCustomer ? 1 : 0,
  stacks: voucher.stacks ? 1 : 0,
});

export async function insertVoucher(db: Db, voucher: NewVoucher): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('vouchers')
    .values({
      id: voucher.id,
      name: voucher.name,
      code: voucher.code,
      code_key: codeKey(voucher),
      expires_at: voucher.expiresAt,
      status: voucher.status,
      ...rulesOf(voucher),
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export async function findVoucher(db: Db, id: string): Promise<StoredVoucher | undefined> {
  const row = await db.selectFrom('vouchers').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toStoredVoucher(row);
}

/**
 * Every voucher, newest first, with how many there are: read along vouchers_newest_idx, a page
 * past the middle from the oldest end.
 */
export async function listVouchers(
  db: Db,
  offset: number,
  limit: number,
): Promise<{ vouchers: StoredVoucher[]; total: number }> {
  const { rows, total } = await readPage(
    { offset, limit },
    () => countRows(db.selectFrom('vouchers')),
    (at) =>
      alongRead(db.selectFrom('vouchers').selectAll(), at, [
        ['created_at', 'desc'],
        ['id', 'asc'],
      ]).execute(),
  );
  return { vouchers: rows.map(toStoredVoucher), total };
}

/** Saves every field of a voucher and puts it in use; answers whether it exists. */
export async function updateVoucher(
  db: Db,
  id: string,
  voucher: Omit<NewVoucher, 'id'>,
): Promise<boolean> {
  const result = await db
    .updateTable('vouchers')
    .set({
      name: voucher.name,
      code: voucher.code,
      code_key: codeKey({ id, code: voucher.code }),
      expires_at: voucher.expiresAt,
      status: voucher.status,
      ...rulesOf(voucher),
      updated_at: nowIso(),
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function deleteVoucher(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('vouchers').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows === 1n;
}
