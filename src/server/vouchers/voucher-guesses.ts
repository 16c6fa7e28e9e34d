import type { AccountLimit } from '../http/account-limits';
import { ShopError } from '../http/errors';

/** Who is asking about a voucher code: their address, and their account when signed in. */
interface VoucherCaller {
  address: string;
  userId?: string;
}

/**
 * One count of voucher look-ups per client address and per account (30 an hour), shared by every
 * call that takes a code, so that codes cannot be found by trying them: the code look-up counts
 * each code asked about; the quote, the payment and the order count each code before pricing with
 * it, and give the count back when the code exists.
 * Once the count is used up, every code is refused alike, known or not.
 */
export interface VoucherGuesses {
  /** Counts a look-up of a code by the caller (429 once they are used up). */
  count(caller: VoucherCaller): Promise<void>;
  /**
   * Gives a look-up back once its code turned out to exist: only codes that do not exist
   * (VOUCHER_NOT_FOUND) stay counted against a basket's pricing.
   */
  found(caller: VoucherCaller): Promise<void>;
}

const keysOf = ({ address, userId }: VoucherCaller) => [
  `address ${address}`,
  ...(userId === undefined ? [] : [`account ${userId}`]),
];

export function voucherGuesses(lookups: AccountLimit): VoucherGuesses {
  return {
    async count(caller) {
      for (const key of keysOf(caller)) await lookups.count(key);
    },
    async found(caller) {
      await Promise.all(keysOf(caller).map((key) => lookups.giveBack(key)));
    },
  };
}

/** Whether a pricing failed on a voucher code that does not exist, which stays counted. */
export const isUnknownVoucher = (error: unknown) =>
  error instanceof ShopError && error.code === 'VOUCHER_NOT_FOUND';
