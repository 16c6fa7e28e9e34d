import type { Db } from '../db/schema';
import { newId } from '../sql/ids';
import { toIsoString } from '../sql/timestamps';

export interface CustomerNote {
  id: string;
  at: string;
  by: string;
  text: string;
}

export async function insertCustomerNote(
  db: Db,
  customerId: string,
  note: Omit<CustomerNote, 'id'>,
): Promise<void> {
  await db
    .insertInto('customer_notes')
    .values({
      id: newId(),
      customer_id: customerId,
      at: note.at,
      by_name: note.by,
      text: note.text,
    })
    .execute();
}

/** Staff's notes on one customer, oldest first. */
export async function notesOn(db: Db, customerId: string): Promise<CustomerNote[]> {
  const rows = await db
    .selectFrom('customer_notes')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    at: toIsoString(row.at),
    by: row.by_name,
    text: row.text,
  }));
}

/** A customer closed: what staff wrote about them goes with them. */
export async function removeNotesOn(db: Db, customerId: string): Promise<void> {
  await db.deleteFrom('customer_notes').where('customer_id', '=', customerId).execute();
}
