import { FORMER_CUSTOMER, type CloseAccountBody } from '../../shared/accounts/accounts';
import type { ClosedAccount, KeptOrder } from '../../shared/accounts/your-data';
import { forgetCustomerInAudit, recordChange } from '../audit/audit-log';
import { forgetReviewer } from '../catalog/reviewer-data';
import { forgetNotesOnCustomer } from '../customers/customer-notes';
import type { Db } from '../db/schema';
import { ShopError } from '../http/errors';
import { forgetMailsTo } from '../mail/mail-sender';
import { forgetBasketsAt } from '../baskets/kept-baskets.service';
import { withdrawConsentsOnClosing } from '../consents/consents.service';
import { forgetSubscription, forgetSubscriptionsAskedBy } from '../newsletter/newsletter.service';
import { closeBuyerOrders } from '../orders/forget-buyer';
import { forgetAlertsOf } from '../stock-alerts/stock-alerts.service';
import type { AccountsContext } from './accounts-context';
import { runsTheShop } from './authentication';
import type { UserAccount } from './user-account';
import { deleteUser, findUserById } from './users.repository';
import { confirmCurrentPassword, userNotFound } from './users.service';

/**
 * Closes an account, in one transaction. Its settled orders keep what the tax records need and
 * lose who and where (six years, for VAT); its open orders stay whole until each is settled, and
 * the shop is mailed which they are. Its reviews stay as "A former customer"; staff's notes on
 * them go; the audit log's entries about it no longer name it. Every consent to marketing mail it gave is
 * withdrawn (by email too, once proved), the records kept as evidence of what was agreed, so
 * nothing more is mailed. What the shop keeps by email (newsletter sign-up,
 * back-in-stock alerts, mails waiting) goes only when the account proved the address is its own;
 * else it may be someone else's. Then the account itself goes, with its password, sessions, reset
 * links, address book, wishlist and kept basket: every token of it stops working, and signing in with its
 * email finds nothing. Answers the orders kept.
 */
async function close(
  db: Db,
  context: AccountsContext,
  user: UserAccount,
  by: string,
): Promise<KeptOrder[]> {
  const kept = await closeBuyerOrders(db, context, user, { by });
  await forgetReviewer(db, user.id);
  const proved = user.emailProvedAt !== null;
  await withdrawConsentsOnClosing(db, { id: user.id, email: user.email, emailProved: proved });
  await forgetSubscriptionsAskedBy(db, user.id);
  if (proved) {
    await forgetSubscription(db, user.email);
    await forgetAlertsOf(db, user.email);
    await forgetBasketsAt(db, user.email);
  }
  await forgetMailsTo(db, user.email, { waitingToo: proved && kept.length === 0 });
  await forgetNotesOnCustomer(db, user.id);
  if (!runsTheShop(user)) await forgetCustomerInAudit(db, user.id, FORMER_CUSTOMER);
  if (!(await deleteUser(db, user.id))) throw userNotFound();
  return kept;
}

const closedWith = (message: string, keptOrders: KeptOrder[]): ClosedAccount =>
  keptOrders.length > 0 ? { message, keptOrders } : { message };

/** What the admin is told, with the open orders that keep the buyer's details for now. */
function removedWords(kept: readonly KeptOrder[]): string {
  if (kept.length === 0) return 'User removed';
  const numbers = kept.map((order) => order.orderNumber).join(', ');
  return kept.length === 1
    ? `User removed; order ${numbers} keeps their details until it is settled`
    : `User removed; orders ${numbers} keep their details until each is settled`;
}

/** A customer closes their own account, with their password; the shop's own accounts cannot. */
export async function closeOwnAccount(
  context: AccountsContext,
  user: UserAccount,
  { password }: CloseAccountBody,
  address: string,
): Promise<ClosedAccount> {
  if (runsTheShop(user)) {
    throw new ShopError(
      'OWN_ACCOUNT',
      'An account that runs the shop is closed by the owner, from the list of users',
    );
  }
  await confirmCurrentPassword(context, user, password, address);
  const kept = await context.database.db
    .transaction()
    .execute((trx) => close(trx, context, user, 'The buyer'));
  context.mailer.deliverDue();
  return closedWith('Your account is closed', kept);
}

/**
 * An admin removes an account: a customer's as closing it would (their settled orders are kept
 * for the tax records, without who they were, their open ones whole until settled), and so the
 * audit log keeps no more of them than that; staff's and admins' with their name and email, as
 * who worked at the shop.
 */
export async function closeAccountAsAdmin(
  context: AccountsContext,
  admin: UserAccount,
  id: string,
): Promise<ClosedAccount> {
  if (id === admin.id) throw new ShopError('OWN_ACCOUNT', 'You cannot delete your own account');
  const kept = await context.database.db.transaction().execute(async (trx) => {
    const user = await findUserById(trx, id);
    if (!user) throw userNotFound();
    const keptOrders = await close(trx, context, user, admin.name || admin.email);
    const staff = runsTheShop(user);
    await recordChange(trx, admin, {
      action: 'user.deleted',
      target: { type: 'user', id, label: staff ? user.email : FORMER_CUSTOMER },
      before: staff ? { name: user.name, email: user.email, role: user.role } : { role: user.role },
      after:
        keptOrders.length > 0
          ? { ordersKeptUntilSettled: keptOrders.map((order) => order.orderNumber) }
          : null,
    });
    return keptOrders;
  });
  context.mailer.deliverDue();
  return closedWith(removedWords(kept), kept);
}
