import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * Gift cards and their ledger. A card keeps the hash of its code and its last 4 characters only;
 * its balance never falls below 0, which a spend's conditional update and a check both hold to.
 * Every movement of a balance (issued +, spent -, refunded +, voided -) and every mail of the card
 * (0) is an entry; the cards an order was paid with keep their place in its list (`position`), so
 * that the one spent last is refunded first. A card's mail waits in the outbox until 8:00 UK time on its day (the outbox's
 * `next_attempt_at` is already when a mail is next due); the card keeps that mail's id, so that it
 * can be sent again while the outbox still has it.
 */
export function giftCards(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('gift_cards')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('code_hash', 'text', (col) => col.notNull().unique())
        .addColumn('last4', 'text', (col) => col.notNull())
        .addColumn('amount_pence', 'integer', (col) => col.notNull())
        .addColumn('balance_pence', 'integer', (col) => col.notNull())
        .addColumn('expires_at', timestamp, (col) => col.notNull())
        .addColumn('status', 'text', (col) =>
          col.notNull().check(sql`status in ('active', 'voided')`),
        )
        .addColumn('order_id', 'text', (col) => col.notNull())
        .addColumn('order_item_id', 'text')
        .addColumn('buyer_name', 'text', (col) => col.notNull())
        .addColumn('buyer_email', 'text', (col) => col.notNull())
        .addColumn('recipient_name', 'text', (col) => col.notNull())
        .addColumn('recipient_email', 'text', (col) => col.notNull())
        .addColumn('message', 'text', (col) => col.notNull())
        .addColumn('send_on', 'text', (col) => col.notNull())
        .addColumn('mailed_at', timestamp)
        .addColumn('mail_id', 'text')
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .addCheckConstraint('gift_cards_amount_above_zero', sql`amount_pence > 0`)
        .addCheckConstraint('gift_cards_balance_not_below_zero', sql`balance_pence >= 0`)
        .execute();
      await db.schema
        .createIndex('gift_cards_last4_idx')
        .on('gift_cards')
        .column('last4')
        .execute();
      await db.schema
        .createIndex('gift_cards_buyer_email_idx')
        .on('gift_cards')
        .column('buyer_email')
        .execute();
      await db.schema
        .createIndex('gift_cards_recipient_email_idx')
        .on('gift_cards')
        .column('recipient_email')
        .execute();
      await db.schema
        .createIndex('gift_cards_newest_idx')
        .on('gift_cards')
        .columns(['created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('gift_cards_order_idx')
        .on('gift_cards')
        .column('order_id')
        .execute();

      await db.schema
        .createTable('gift_card_entries')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('gift_card_id', 'text', (col) =>
          col.notNull().references('gift_cards.id').onDelete('cascade'),
        )
        .addColumn('type', 'text', (col) =>
          col.notNull().check(sql`type in ('issued', 'spent', 'refunded', 'voided', 'mailed')`),
        )
        .addColumn('amount_pence', 'integer', (col) => col.notNull())
        .addColumn('order_id', 'text')
        .addColumn('by_name', 'text', (col) => col.notNull())
        .addColumn('at', timestamp, (col) => col.notNull())
        .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('gift_card_entries_card_idx')
        .on('gift_card_entries')
        .columns(['gift_card_id', 'at'])
        .execute();
      await db.schema
        .createIndex('gift_card_entries_order_idx')
        .on('gift_card_entries')
        .columns(['order_id', 'at'])
        .where(sql.ref('order_id'), 'is not', null)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('gift_card_entries').execute();
      await db.schema.dropTable('gift_cards').execute();
    },
  };
}
