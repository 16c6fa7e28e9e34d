import type { Db } from '../db/schema';
import { notesOn, removeNotesOn } from './customer-notes.repository';

/** An account closed: what staff wrote about its customer goes with it. */
export { removeNotesOn as forgetNotesOnCustomer };

/** What staff wrote about a customer, for their own copy of their data: when, and the words. */
export async function notesAbout(
  db: Db,
  customerId: string,
): Promise<{ at: string; text: string }[]> {
  return (await notesOn(db, customerId)).map(({ at, text }) => ({ at, text }));
}
