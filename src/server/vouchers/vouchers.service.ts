import { formatPence, penceToPounds, type Pence } from '../../shared/money';
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
    _id: voucher.id,
    name: voucher.name,
    code: voucher.code,
    discount: penceToPounds(voucher.discountPence),
    expires: voucher.expiresAt,
    minSpend: voucher.minSpendPence === null ? null : penceToPounds(voucher.minSpendPence),
    maxUses: voucher.maxUses,
    oncePerCustomer: voucher.oncePerCustomer,
  };
}

const usedUp = () =>
  new ShopError('VOUCHER_USED_UP', 'Sorry, that voucher has been used as many times as it can be');
const alreadyUsed = () =>
  new ShopError('VOUCHER_ALREADY_USED', 'You have already used that voucher on an earlier order');

/**
 * What a voucher is being used for: the items' price, and by whom when they are known: a
 * customer's account id, or a guest's `guest:<email>`, so that a voucher for one use a customer
 * is used once by each, with an account or without.
 */
interface VoucherUse {
  itemsPence?: Pence;
  customerKey?: string;
  now?: Date;
}

/**
 * The voucher a code names, if it applies: saved by the shop (not a draft), not expired, with uses
 * left, not used before by this customer when once per customer, and the items reaching its
 * minimum spend. Anything else is refused in words that say what to do.
 */
export async function usableVoucher(
  db: Db,
  code: string,
  { itemsPence, customerKey, now = new Date() }: VoucherUse = {},
): Promise<StoredVoucher> {
  const voucher = await findVoucherByCode(db, code);
  if (voucher?.status !== 'live') {
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
  const minimum = voucher.minSpendPence;
  if (itemsPence !== undefined && minimum !== null && itemsPence < minimum) {
    throw new ShopError(
      'VOUCHER_MIN_SPEND',
      `This voucher needs a spend of ${formatPence(minimum)} on items: add ${formatPence(minimum - itemsPence)} more to use it`,
    );
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
