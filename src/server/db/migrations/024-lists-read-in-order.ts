import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

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
 *
 * And the sizes of the two longest lists, kept as they change (see list-sizes.ts): every order,
 * the orders of each status, and every product. Triggers write each change as a row of
 * `list_size_changes` (only ever added, so orders made at once never wait for each other), and a
 * list's size is the sum of its rows, folded into one from time to time.
 */
export function listsReadInOrder(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await keepListSizes(db, dialect);
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
      await stopKeepingListSizes(db, dialect);
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

/** On SQLite, every this many changes are folded into one row a list, as they are written. */
const FOLD_EVERY = 500;

async function keepListSizes(db: Kysely<unknown>, dialect: Dialect) {
  await db.schema
    .createTable('list_size_changes')
    .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (col) =>
      dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('list', 'text', (col) => col.notNull())
    .addColumn('change', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('list_size_changes_list_idx')
    .on('list_size_changes')
    .columns(['list', 'change'])
    .execute();
  await sql`
    insert into list_size_changes (list, change)
      select 'orders', count(*) from orders
      union all select 'orders:' || status, count(*) from orders group by status
      union all select 'products', count(*) from products`.execute(db);
  if (dialect === 'postgres') await keepListSizesPostgres(db);
  else await keepListSizesSqlite(db);
}

async function keepListSizesPostgres(db: Kysely<unknown>) {
  // One change a list for each statement, however many rows it wrote: loading orders in
  // batches adds one row a batch.
  await sql`
    create function orders_list_sizes() returns trigger language plpgsql as $$
    begin
      if tg_op in ('INSERT', 'DELETE') then
        insert into list_size_changes (list, change)
          select 'orders', case when tg_op = 'INSERT' then count(*) else -count(*) end
          from changed_rows having count(*) > 0
          union all
          select 'orders:' || status, case when tg_op = 'INSERT' then count(*) else -count(*) end
          from changed_rows group by status;
      else
        insert into list_size_changes (list, change)
          select 'orders:' || old_rows.status, -count(*)
          from old_rows join new_rows using (id)
          where old_rows.status <> new_rows.status group by old_rows.status
          union all
          select 'orders:' || new_rows.status, count(*)
          from old_rows join new_rows using (id)
          where old_rows.status <> new_rows.status group by new_rows.status;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create function products_list_size() returns trigger language plpgsql as $$
    begin
      insert into list_size_changes (list, change)
        select 'products', case when tg_op = 'INSERT' then count(*) else -count(*) end
        from changed_rows having count(*) > 0;
      return null;
    end $$`.execute(db);
  await sql`
    create function list_sizes_emptied() returns trigger language plpgsql as $$
    begin
      delete from list_size_changes where list = tg_argv[0] or list like tg_argv[0] || ':%';
      return null;
    end $$`.execute(db);
  for (const table of ['orders', 'products']) {
    const fn = table === 'orders' ? 'orders_list_sizes' : 'products_list_size';
    await sql`
      create trigger ${sql.id(`${table}_list_size_insert`)} after insert on ${sql.table(table)}
      referencing new table as changed_rows
      for each statement execute function ${sql.id(fn)}()`.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_list_size_delete`)} after delete on ${sql.table(table)}
      referencing old table as changed_rows
      for each statement execute function ${sql.id(fn)}()`.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_list_size_truncate`)} after truncate on ${sql.table(table)}
      for each statement execute function list_sizes_emptied(${sql.lit(table)})`.execute(db);
  }
  await sql`
    create trigger orders_list_size_update after update on orders
    referencing old table as old_rows new table as new_rows
    for each statement execute function orders_list_sizes()`.execute(db);
}

async function keepListSizesSqlite(db: Kysely<unknown>) {
  const change = (list: string, by: number) =>
    sql`insert into list_size_changes (list, change) values (${sql.raw(list)}, ${sql.lit(by)});`;
  await sql`
    create trigger orders_list_size_insert after insert on orders begin
      ${change("'orders'", 1)} ${change("'orders:' || new.status", 1)}
    end`.execute(db);
  await sql`
    create trigger orders_list_size_delete after delete on orders begin
      ${change("'orders'", -1)} ${change("'orders:' || old.status", -1)}
    end`.execute(db);
  await sql`
    create trigger orders_list_size_update after update of status on orders
    when old.status is not new.status begin
      ${change("'orders:' || old.status", -1)} ${change("'orders:' || new.status", 1)}
    end`.execute(db);
  await sql`
    create trigger products_list_size_insert after insert on products begin
      ${change("'products'", 1)}
    end`.execute(db);
  await sql`
    create trigger products_list_size_delete after delete on products begin
      ${change("'products'", -1)}
    end`.execute(db);
  // Loading a hundred thousand orders at once leaves a few hundred rows, not two hundred
  // thousand for the first reader to fold.
  await sql`
    create trigger list_size_changes_folded after insert on list_size_changes
    when new.id % ${sql.lit(FOLD_EVERY)} = 0 begin
      insert into list_size_changes (list, change)
        select list, sum(change) from list_size_changes where id <= new.id group by list;
      delete from list_size_changes where id <= new.id;
    end`.execute(db);
}

async function stopKeepingListSizes(db: Kysely<unknown>, dialect: Dialect) {
  const triggers = [
    ['orders', 'orders_list_size_insert'],
    ['orders', 'orders_list_size_delete'],
    ['orders', 'orders_list_size_update'],
    ['products', 'products_list_size_insert'],
    ['products', 'products_list_size_delete'],
  ];
  if (dialect === 'postgres') {
    triggers.push(
      ['orders', 'orders_list_size_truncate'],
      ['products', 'products_list_size_truncate'],
    );
    for (const [table = '', trigger = ''] of triggers) {
      await sql`drop trigger ${sql.id(trigger)} on ${sql.table(table)}`.execute(db);
    }
    for (const fn of ['orders_list_sizes', 'products_list_size', 'list_sizes_emptied']) {
      await sql`drop function ${sql.id(fn)}()`.execute(db);
    }
  } else {
    for (const [, trigger = ''] of triggers) await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  }
  await db.schema.dropTable('list_size_changes').execute();
}
