import type { YourData } from '../../shared/accounts/your-data';
import { reviewsOfCustomer } from '../catalog/reviewer-data';
import { consentsOf } from '../consents/consents.service';
import { notesAbout } from '../customers/customer-notes';
import { subscriptionOf } from '../newsletter/newsletter.service';
import { ordersKeptOnClosing } from '../orders/forget-buyer';
import { ordersOf } from '../orders/order-queries';
import { alertsOf } from '../stock-alerts/stock-alerts.service';
import { wishlistOf } from '../wishlist/wishlist.service';
import { basketOfAccount } from '../baskets/kept-baskets.service';
import type { AccountsContext } from './accounts-context';
import { addressBook } from './address-book.service';
import type { UserAccount } from './user-account';

/**
 * Everything the shop holds about a signed-in person, for them to download: their account,
 * orders (with the addresses they were sent to), saved addresses, reviews, wishlist, kept basket, which
 * orders closing the account would keep until settled, what staff wrote about them, and every
 * consent to marketing mail it gave, with its exact words and any withdrawal. The newsletter sign-up and back-in-stock
 * alerts are kept by email, so they are the account's only once it has proved the address: until
 * then they may be someone else's, and are not shown. Nothing that would let anyone act as them:
 * no password hash, session, reset link or unsubscribe key.
 */
export async function dataOf(
  { database }: AccountsContext,
  user: UserAccount,
  now = new Date(),
): Promise<YourData> {
  const { db } = database;
  const proved = user.emailProvedAt !== null;
  const [
    orders,
    addresses,
    reviews,
    wishlist,
    newsletter,
    alerts,
    keptIfClosed,
    staffNotes,
    consents,
    basket,
  ] = await Promise.all([
    ordersOf({ database }, user),
    addressBook(database, user),
    reviewsOfCustomer(db, user.id),
    wishlistOf(db, user.id),
    proved ? subscriptionOf(db, user.email) : null,
    proved ? alertsOf(db, user.email) : [],
    ordersKeptOnClosing(db, user, now),
    notesAbout(db, user.id),
    consentsOf(db, { id: user.id, email: user.email, emailProved: proved }),
    basketOfAccount(db, user.id),
  ]);
  return {
    exportedAt: now.toISOString(),
    account: { name: user.name, email: user.email, role: user.role, createdAt: user.createdAt },
    orders,
    addresses,
    reviews,
    wishlist,
    basket,
    emailProved: proved,
    newsletter,
    stockAlerts: alerts.map(({ productId, variantId, createdAt }) => ({
      product: productId,
      variant: variantId,
      createdAt,
    })),
    keptIfClosed,
    staffNotes,
    consents,
  };
}
