import { FORMER_CUSTOMER, type CloseAccountBody } from '../../shared/accounts';
import { recordChange } from '../audit/audit-log';
import { forgetReviewer } from '../catalog/reviewer-data';
import type { Db } from '../db/schema';
import { ShopError } from '../http/errors';
import { forgetMailsTo } from '../mail/mail-sender';
import { forgetSubscription } from '../newsletter/newsletter.service';
import { forgetBuyer } from '../orders/forget-buyer';
import { forgetAlertsOf } from '../stock-alerts/stock-alerts.service';
import type { AccountsContext } from './accounts-context';
import { runsTheShop } from './authentication';
import type { UserAccount } from './user-account';
import { deleteUser, findUserById } from './users.repository';
import { confirmCurrentPassword, userNotFound } from './users.service';

/**
 * Closes an account, in one transaction: its orders keep what the tax records need and lose who
 * and where (six years, for VAT), its reviews stay as "A former customer", its newsletter sign-up,
 * back-in-stock alerts and mails go, and then the account itself, with its password, sessions,
 * reset links, address book and wishlist. Every token of it stops working, as its account is no
 * longer there; signing in with its email finds nothing.
 */
async function close(db: Db, user: UserAccount): Promise<void> {
  await forgetBuyer(db, user);
  await forgetReviewer(db, user.id);
  await forgetSubscription(db, user.email);
  await forgetAlertsOf(db, user.email);
  await forgetMailsTo(db, user.email);
  if (!(await deleteUser(db, user.id))) throw userNotFound();
}

/** A customer closes their own account, with their password; the shop's own accounts cannot. */
export async function closeOwnAccount(
  context: AccountsContext,
  user: UserAccount,
  { password }: CloseAccountBody,
  address: string,
): Promise<{ message: string }> {
  if (runsTheShop(user)) {
    throw new ShopError(
      'OWN_ACCOUNT',
      'An account that runs the shop is closed by the owner, from the list of users',
    );
  }
  await confirmCurrentPassword(context, user, password, address);
  await context.database.db.transaction().execute((trx) => close(trx, user));
  return { message: 'Your account is closed' };
}

/**
 * An admin removes an account: a customer's as closing it would (their orders are kept for the
 * tax records, without who they were), and so the audit log keeps no more of them than that;
 * staff's and admins' with their name and email, as who worked at the shop.
 */
export async function closeAccountAsAdmin(
  { database }: AccountsContext,
  admin: UserAccount,
  id: string,
): Promise<{ message: string }> {
  if (id === admin.id) throw new ShopError('OWN_ACCOUNT', 'You cannot delete your own account');
  await database.db.transaction().execute(async (trx) => {
    const user = await findUserById(trx, id);
    if (!user) throw userNotFound();
    await close(trx, user);
    const staff = runsTheShop(user);
    await recordChange(trx, admin, {
      action: 'user.deleted',
      target: { type: 'user', id, label: staff ? user.email : FORMER_CUSTOMER },
      before: staff ? { name: user.name, email: user.email, role: user.role } : { role: user.role },
    });
  });
  return { message: 'User removed' };
}
