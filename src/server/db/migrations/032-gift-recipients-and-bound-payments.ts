import type { Kysely, Migration } from 'kysely';

/**
 * A gift order's recipient gets a link of their own to follow the parcel: the order keeps the
 * hash of its key (never the key), apart from the buyer's. A payment is bound to the basket it
 * was opened for: the ledger keeps a hash of its lines, and an order for other lines is refused
 * before anything is captured. Payments opened before have none, and are not checked.
 */
export function giftRecipientsAndBoundPayments(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').addColumn('recipient_key_hash', 'text').execute();
      await db.schema.alterTable('payments').addColumn('basket_hash', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('payments').dropColumn('basket_hash').execute();
      await db.schema.alterTable('orders').dropColumn('recipient_key_hash').execute();
    },
  };
}
