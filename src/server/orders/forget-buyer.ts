import { FORMER_CUSTOMER } from '../../shared/accounts';
import type { UserAccount } from '../accounts/user-account';
import type { Db } from '../db/schema';
import { forgetBuyerOnOrders } from './closed-accounts.repository';
import { actorName } from './orders-context';

/**
 * A customer closes their account: their orders are kept six years for the tax records, with
 * their items, totals, VAT and dates, but no longer say who they were or where they live (see
 * `forgetBuyerOnOrders`). In the caller's transaction, before the account itself goes.
 */
export function forgetBuyer(db: Db, customer: UserAccount): Promise<string[]> {
  return forgetBuyerOnOrders(db, customer.id, {
    shownAs: FORMER_CUSTOMER,
    theirNames: [...new Set([actorName(customer), customer.name, customer.email])],
  });
}
