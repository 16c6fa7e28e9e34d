import { presentOffer } from '../promotions/offer-record';
import type { Voucher } from '../../shared/vouchers/vouchers';
import { isUniqueViolation } from '../db/constraint-errors';
import type { Db } from '../db/schema';
import { ShopError } from '../http/errors';
import { countUse, hasRedeemed, insertRedemption } from './voucher-redemptions.repository';
import { findVoucherByCode } from './vouchers.repository';
import type { StoredVoucher } from './voucher';

/** A cancelled order gives its voucher use back, in the transaction that cancels it. */
export { removeRedemption } from './voucher-redemptions.repository';

export function presentVoucher(voucher: StoredVoucher): Voucher {
  return {
    ...presentOffer(voucher),
    _id: voucher.id,
    name: voucher.name,
    code: voucher.code,
    expires: voucher.expiresAt,
    starts: voucher.startsAt,
    maxUses: voucher.maxUses,
    oncePerCustomer: voucher.oncePerCustomer,
    stacks: voucher.stacks,
  };
}

const usedUp = () =>
  new ShopError('VOUCHER_USED_UP', 'Sorry, that voucher has been used as many times as it can be');
const alreadyUsed = () =>
  new ShopError('VOUCHER_ALREADY_USED', 'You have already used that voucher on an earlier order');

/**
 * Who is using a voucher, when known: a customer's account id, or a guest's `guest:<email>`
 * (lower-cased), so that a voucher for one use a customer is used once by each, with an account
 * or without.
 */
interface VoucherUse {
  customerKey?: string | undefined;
  now?: Date;
}

/**
 * The voucher a code names, if it can be used now: saved by the shop (not a draft), started, not
 * expired, with uses left, and not used before by this customer when once per customer. Anything
 * else is refused in words that say what to do; whether it applies to the basket (its shelves,
 * its minimum spend) is for its pricing to say.
 */
export async function usableVoucher(
  db: Db,
  code: string,
  { customerKey, now = new Date() }: VoucherUse = {},
): Promise<StoredVoucher> {
  const voucher = await findVoucherByCode(db, code);
  const started = voucher?.startsAt == null || new Date(voucher.startsAt) <= now;
  if (voucher?.status !== 'live' || !started) {
    throw new ShopError('VOUCHER_NOT_FOUND', 'That voucher code is not valid');
  }
  if (new Date(voucher.expiresAt) <= now) {
    throw new ShopError('VOUCHER_EXPIRED', 'That voucher has expired');
  }
  if (voucher.maxUses !== null && voucher.uses >= voucher.maxUses) throw usedUp();
  if (
    customerKey !== undefined &&
    voucher.oncePerCustomer &&
    (await hasRedeemed(db, voucher.id, customerKey))
  ) {
    throw alreadyUsed();
  }
  return voucher;
}

/**
 * Counts a voucher's use by an order, in the order's transaction: a voucher with no uses left, or
 * used before by a once-per-customer customer, throws and the order is not made.
 */
export async function redeemVoucher(
  db: Db,
  voucher: StoredVoucher,
  use: { orderId: string; customerKey: string },
): Promise<void> {
  if (!(await countUse(db, voucher.id))) throw usedUp();
  try {
    await insertRedemption(db, {
      voucherId: voucher.id,
      orderId: use.orderId,
      customerKey: voucher.oncePerCustomer ? use.customerKey : use.orderId,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyUsed();
    throw error;
  }
}
