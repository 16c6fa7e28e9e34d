import type { preValidationAsyncHookHandler } from 'fastify';
import type { UserAccount } from '../../accounts/user-account';
import { ShopError } from '../../http/errors';
import type { OrdersContext } from '../orders-context';

/** How many payments a guest may open from one client address in an hour. */
export const GUEST_PAYMENTS_AN_HOUR = 20;

/**
 * Who is buying: a signed-in customer, or a guest known only by the email they gave, which
 * their order's mails go to. A signed-in customer's email is their account's, whatever the body
 * says.
 */
export interface Buyer {
  user: UserAccount | null;
  email: string;
  /** A guest's own name, as they gave it (a gift's recipient is on the address); none for a customer. */
  name?: string | undefined;
}

const signInOrGiveEmail = () =>
  new ShopError(
    'UNAUTHENTICATED',
    'Please sign in, or give your email address to check out as a guest',
  );

/**
 * The caller as a buyer: the signed-in customer, or a guest who gave an email (and their name);
 * else 401.
 */
export function buyerOf(
  user: UserAccount | null,
  email: string | undefined,
  given?: { name: string },
): Buyer {
  if (user) return { user, email: user.email };
  if (email !== undefined) return { user: null, email, name: given?.name };
  throw signInOrGiveEmail();
}

/**
 * Before a payment or an order's body is read: a caller with no token and no email in the body is
 * asked to sign in (401), whatever else the body holds, as on every signed-in call.
 */
export const guestsGiveAnEmail: preValidationAsyncHookHandler = async (request) => {
  const { body } = request;
  const gaveEmail = typeof body === 'object' && body !== null && 'email' in body;
  if (request.user === null && !gaveEmail) throw signInOrGiveEmail();
};

/**
 * Whose a voucher use is, for vouchers one customer may use once: an account, or a guest's email
 * (so that a guest cannot use one again by leaving the account out).
 */
export const customerKeyOf = ({ user, email }: Buyer) => user?.id ?? `guest:${email}`;

/**
 * The name an order keeps for its buyer: the account's, or the name a guest gave (before guests
 * were asked it, the recipient's), else their email.
 */
export const buyerName = ({ user, email, name }: Buyer, recipient: string) =>
  user ? user.name || user.email : name || recipient || email;

/** Counts a guest's payment against their client address (429 once too many); customers pass. */
export async function countGuestPayment(
  context: OrdersContext,
  buyer: Buyer,
  address: string,
): Promise<void> {
  if (buyer.user === null) await context.guestPayments.count(address);
}
