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
 * each code asked about; the quote, the payment and the order count the codes that do not exist.
 * Once the count is used up, every code is refused alike, known or not.
 */
export interface VoucherGuesses {
  /** Counts a look-up of `code` by the caller (429 once they are used up). */
  count(caller: VoucherCaller): Promise<void>;
  /**
   * Runs `price`, which looks the code up: a code that exists is not counted, one that does not
   * (VOUCHER_NOT_FOUND) is. Without a code nothing is counted.
   */
  pricing<T>(caller: VoucherCaller, code: string | undefined, price: () => Promise<T>): Promise<T>;
}

const keysOf = ({ address, userId }: VoucherCaller) => [
  `address ${address}`,
  ...(userId === undefined ? [] : [`account ${userId}`]),
];

export function voucherGuesses(lookups: AccountLimit): VoucherGuesses {
  const count = async (caller: VoucherCaller) => {
    for (const key of keysOf(caller)) await lookups.count(key);
  };
  return {
    count,
    async pricing(caller, code, price) {
      if (code === undefined) return price();
      // Counted before the look-up, so a burst sent at once gets no more than the limit.
      await count(caller);
      const giveBack = () => Promise.all(keysOf(caller).map((key) => lookups.giveBack(key)));
      try {
        const priced = await price();
        await giveBack();
        return priced;
      } catch (error) {
        if (!(error instanceof ShopError && error.code === 'VOUCHER_NOT_FOUND')) await giveBack();
        throw error;
      }
    },
  };
}
