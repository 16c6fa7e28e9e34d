import type { Kysely, Migration } from 'kysely';

/**
 * Orders that sell gift cards and orders paid with them. A gift card line keeps who it is for,
 * the message, the day it is sent and its cards' last 4 (JSON; null for goods). An order keeps
 * what gift cards paid of its total (PayPal took the rest), each card's part (JSON: `[{ last4,
 * amountPence }]`), and how gift cards stood for VAT when it was placed (`multi-purpose` or
 * `single-purpose`), so that its VAT stays as it was worked out whatever the setting later says,
 * and what part of its total is outside VAT for that reason: the cards it sells when they are
 * multi-purpose (VAT is due when they are spent), or what cards paid when they are single-purpose
 * (VAT was due when they were sold).
 */
export function giftCardOrders(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('order_items').addColumn('gift_card', 'text').execute();
      await db.schema
        .alterTable('orders')
        .addColumn('gift_card_pence', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('orders').addColumn('gift_card_payments', 'text').execute();
      await db.schema.alterTable('orders').addColumn('gift_card_vat', 'text').execute();
      await db.schema
        .alterTable('orders')
        .addColumn('outside_vat_pence', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').dropColumn('outside_vat_pence').execute();
      await db.schema.alterTable('orders').dropColumn('gift_card_vat').execute();
      await db.schema.alterTable('orders').dropColumn('gift_card_payments').execute();
      await db.schema.alterTable('orders').dropColumn('gift_card_pence').execute();
      await db.schema.alterTable('order_items').dropColumn('gift_card').execute();
    },
  };
}
