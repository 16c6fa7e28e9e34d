import type { Kysely, Migration } from 'kysely';

/**
 * An index for every list the shop pages through, in the list's own order, so that a page is read
 * from the index (from either end) rather than every row sorted for it, and counts are read from
 * an index alone:
 * - a customer's own orders, newest first and by id among those made at the same moment (this
 *   replaces the index on customer and date alone, which it begins with);
 * - the back office's products of one category, newest first;
 * - products and variants by how many are left, with what the stock filters ask of them, so that
 *   "sold out" and "running low" are counted from the indexes alone (the variants' index replaces
 *   the one on stock and id, which the owner's desk reads the same way);
 * - every account, every voucher and every newsletter subscriber, newest first.
 */
export function listsReadInOrder(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('orders_user_newest_idx')
        .on('orders')
        .columns(['user_id', 'created_at', 'id'])
        .execute();
      await db.schema.dropIndex('orders_user_created_idx').execute();
      await db.schema
        .createIndex('products_category_newest_idx')
        .on('products')
        .columns(['category', 'created_at desc', 'id'])
        .execute();
      await db.schema
        .createIndex('products_stock_idx')
        .on('products')
        .columns(['count_in_stock', 'options', 'id'])
        .execute();
      await db.schema
        .createIndex('product_variants_stock_product_idx')
        .on('product_variants')
        .columns(['count_in_stock', 'product_id', 'id'])
        .execute();
      await db.schema.dropIndex('product_variants_stock_idx').execute();
      await db.schema
        .createIndex('users_newest_idx')
        .on('users')
        .columns(['created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('vouchers_newest_idx')
        .on('vouchers')
        .columns(['created_at desc', 'id'])
        .execute();
      await db.schema
        .createIndex('subscribers_newest_idx')
        .on('subscribers')
        .columns(['created_at desc', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('subscribers_newest_idx').execute();
      await db.schema.dropIndex('vouchers_newest_idx').execute();
      await db.schema.dropIndex('users_newest_idx').execute();
      await db.schema
        .createIndex('product_variants_stock_idx')
        .on('product_variants')
        .columns(['count_in_stock', 'id'])
        .execute();
      await db.schema.dropIndex('product_variants_stock_product_idx').execute();
      await db.schema.dropIndex('products_stock_idx').execute();
      await db.schema.dropIndex('products_category_newest_idx').execute();
      await db.schema
        .createIndex('orders_user_created_idx')
        .on('orders')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema.dropIndex('orders_user_newest_idx').execute();
    },
  };
}
