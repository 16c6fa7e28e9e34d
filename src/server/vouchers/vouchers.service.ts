import type { Voucher } from '../../shared/orders';
import { penceToPounds } from '../../shared/money';
import type { Database } from '../db/schema';
import { toIsoString } from '../db/timestamps';
import { ShopError } from '../http/errors';
import { findVoucherByCode, type VoucherRow } from './vouchers.repository';
import type { Kysely } from 'kysely';

export function presentVoucher(voucher: VoucherRow): Voucher {
  return {
    _id: voucher.id,
    name: voucher.name,
    code: voucher.code,
    discount: penceToPounds(voucher.discount_pence),
    expires: toIsoString(voucher.expires_at),
    minSpend: voucher.min_spend_pence === null ? null : penceToPounds(voucher.min_spend_pence),
    maxUses: voucher.max_uses,
    oncePerCustomer: voucher.once_per_customer === 1,
  };
}

/**
 * The voucher a code names, if a shopper may use it now: saved by the shop (not a draft) and not
 * expired. Anything else is refused in words.
 */
export async function usableVoucher(
  db: Kysely<Database>,
  code: string,
  now = new Date(),
): Promise<VoucherRow> {
  const voucher = await findVoucherByCode(db, code);
  if (voucher?.status !== 'live') {
    throw new ShopError('NOT_FOUND', 'That voucher code is not valid');
  }
  if (new Date(toIsoString(voucher.expires_at)) <= now) {
    throw new ShopError('NOT_FOUND', 'That voucher has expired');
  }
  return voucher;
}
