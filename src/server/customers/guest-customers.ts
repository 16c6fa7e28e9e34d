import type { Db } from '../db/schema';
import { guestIdsByEmail, noteGuestOrder, removeGuestCustomer } from './guest-customers.repository';

/**
 * What the orders tell the customers of their guests: a guest ordered (so they are a customer),
 * or their last order as a guest joined an account (so they are a guest no more); and what the
 * back office asks: which guest a guest's order is from.
 */
export { noteGuestOrder, removeGuestCustomer as forgetGuestWithoutOrders };

/** The id of the guest customer with this email, if they are one. */
export async function guestCustomerIdOf(db: Db, email: string): Promise<string | undefined> {
  return (await guestIdsByEmail(db, [email])).get(email);
}
