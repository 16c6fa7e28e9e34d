import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';
import { markCatalogueChanges } from './006-catalogue-generation';

/** The tables migration 006 marked as a whole, now marked product by product. */
const MARKED_BY_006 = ['products', 'product_variants', 'reviews'] as const;
const EVENTS = ['insert', 'update', 'delete'] as const;

/**
 * Every column of `products` and of `product_variants` but their stock, as they are now: an
 * update that moves the stock and leaves all of these as they were changes the product's own
 * answers only (on SQLite, which cannot compare whole rows). A later migration that adds a column
 * to either table makes their SQLite triggers again with it (`catalogue-changes.test.ts` fails
 * until it does).
 */
export const COLUMNS_BESIDE_STOCK = {
  products: [
    'id',
    'name',
    'brand',
    'image',
    'price_pence',
    'description',
    'category',
    'department',
    'rating_total',
    'num_reviews',
    'status',
    'options',
    'specifications',
    'created_at',
    'updated_at',
  ],
  product_variants: [
    'id',
    'product_id',
    'options',
    'combination',
    'sku',
    'price_pence',
    'position',
    'created_at',
    'image',
  ],
} as const;

/** Past this many products in one statement, PostgreSQL says that everything changed. */
const MOST_PRODUCTS_TOLD = 100;
/** SQLite's log keeps this many changes; an instance that missed some drops everything kept. */
const CHANGES_KEPT = 10_000;

/**
 * Catalogue changes told product by product, so that an order (which moves stock) makes stale
 * only what shows that product's stock rather than every kept answer on every instance (see
 * docs/decisions/030-cache-invalidation-by-product.md). A change is `product` when only the
 * product's own answers change: a product's or a variant's stock moved and stayed on the same side
 * of zero, or one of its reviews changed (a new rating changes the product row, which is told
 * apart). Anything else a listing shows of it is `listing`: a product or variant added or removed,
 * any other column changed, stock running out or coming back, a picture.
 *
 * PostgreSQL: statement triggers read the rows changed (transition tables) and notify
 * `catalogue_changed` with `{"kind":..., "products":[...]}` as the change commits, or
 * `{"kind":"everything"}` past 100 products; a truncate still notifies an empty payload (006).
 * SQLite: row triggers append `(seq, product_id, kind)` to `catalogue_changes`, which each process
 * reads on from where it stopped; every thousandth change drops those older than the last 10,000.
 */
export function catalogueChangesByProduct(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') await upPostgres(db);
      else await upSqlite(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'postgres') await downPostgres(db);
      else await downSqlite(db);
      for (const table of MARKED_BY_006) await markCatalogueChanges(db, dialect, table);
    },
  };
}

async function upPostgres(db: Kysely<unknown>) {
  for (const table of MARKED_BY_006) {
    await sql`drop trigger ${sql.id(`${table}_catalogue_changed`)} on ${sql.table(table)}`.execute(
      db,
    );
  }
  await sql`
    create function catalogue_notify(kind text, products text[]) returns void
    language plpgsql as $$
    begin
      if products is null or cardinality(products) = 0 then
        return;
      elsif cardinality(products) > ${sql.lit(MOST_PRODUCTS_TOLD)} then
        perform pg_notify('catalogue_changed', '{"kind":"everything"}');
      else
        perform pg_notify('catalogue_changed',
          json_build_object('kind', kind, 'products', products)::text);
      end if;
    end $$`.execute(db);
  // Products and variants: rows paired by id; the product is tg_argv[0] of the row.
  await sql`
    create function catalogue_stock_rows_changed() returns trigger language plpgsql as $$
    declare
      own text[];
      listed text[];
    begin
      if tg_op = 'INSERT' then
        select array_agg(distinct to_jsonb(n) ->> tg_argv[0]) into listed from new_rows n;
      elsif tg_op = 'DELETE' then
        select array_agg(distinct to_jsonb(o) ->> tg_argv[0]) into listed from old_rows o;
      else
        select
          array_agg(distinct coalesce(after_row, before_row) ->> tg_argv[0])
            filter (where stock_only),
          array_agg(distinct coalesce(after_row, before_row) ->> tg_argv[0])
            filter (where not stock_only and before_row is distinct from after_row)
        into own, listed
        from (
          select before_row, after_row, coalesce(
            (before_row - 'count_in_stock') = (after_row - 'count_in_stock')
            and (before_row ->> 'count_in_stock')::int <> (after_row ->> 'count_in_stock')::int
            and ((before_row ->> 'count_in_stock')::int > 0)
              = ((after_row ->> 'count_in_stock')::int > 0),
            false) as stock_only
          from (
            select to_jsonb(o) as before_row, to_jsonb(n) as after_row
            from old_rows o full join new_rows n on n.id = o.id
          ) pairs
        ) compared;
        perform catalogue_notify('product', own);
      end if;
      perform catalogue_notify('listing', listed);
      return null;
    end $$`.execute(db);
  // Reviews and pictures: every change is of one kind, tg_argv[0], to the rows' product_id.
  await sql`
    create function catalogue_rows_changed() returns trigger language plpgsql as $$
    declare
      products text[];
    begin
      if tg_op = 'INSERT' then
        select array_agg(distinct product_id) into products from new_rows;
      elsif tg_op = 'DELETE' then
        select array_agg(distinct product_id) into products from old_rows;
      else
        select array_agg(distinct product_id) into products from (
          select product_id from new_rows union select product_id from old_rows
        ) changed;
      end if;
      perform catalogue_notify(tg_argv[0], products);
      return null;
    end $$`.execute(db);

  const marked = [
    { table: 'products', fn: 'catalogue_stock_rows_changed', arg: 'id' },
    { table: 'product_variants', fn: 'catalogue_stock_rows_changed', arg: 'product_id' },
    { table: 'reviews', fn: 'catalogue_rows_changed', arg: 'product' },
    { table: 'product_images', fn: 'catalogue_rows_changed', arg: 'listing' },
  ];
  for (const { table, fn, arg } of marked) {
    for (const event of EVENTS) {
      // A transition table may belong to a trigger of one event only.
      const rows =
        event === 'insert'
          ? sql`new table as new_rows`
          : event === 'delete'
            ? sql`old table as old_rows`
            : sql`old table as old_rows new table as new_rows`;
      await sql`
        create trigger ${sql.id(`${table}_changes_${event}`)}
        after ${sql.raw(event)} on ${sql.table(table)} referencing ${rows}
        for each statement execute function ${sql.id(fn)}(${sql.lit(arg)})`.execute(db);
    }
    await sql`
      create trigger ${sql.id(`${table}_changes_truncate`)}
      after truncate on ${sql.table(table)}
      for each statement execute function catalogue_changed()`.execute(db);
  }
}

async function downPostgres(db: Kysely<unknown>) {
  for (const table of [...MARKED_BY_006, 'product_images']) {
    for (const event of [...EVENTS, 'truncate']) {
      await sql`drop trigger ${sql.id(`${table}_changes_${event}`)} on ${sql.table(table)}`.execute(
        db,
      );
    }
  }
  await sql`drop function catalogue_rows_changed()`.execute(db);
  await sql`drop function catalogue_stock_rows_changed()`.execute(db);
  await sql`drop function catalogue_notify(text, text[])`.execute(db);
}

/** SQLite: whether an update moved a row's stock and nothing else, staying on one side of zero. */
function stockOnly(columns: readonly string[]) {
  const unchanged = columns.map((column) => sql`old.${sql.id(column)} is new.${sql.id(column)}`);
  return sql.join(
    [
      sql`old.count_in_stock is not new.count_in_stock`,
      sql`(old.count_in_stock > 0) = (new.count_in_stock > 0)`,
      ...unchanged,
    ],
    sql` and `,
  );
}

/** The table each SQLite trigger tells the product of, and the column that names it. */
const PRODUCT_KEY = { products: 'id', product_variants: 'product_id' } as const;

/**
 * SQLite: the trigger that tells of an update to a product or a variant, `product` when only its
 * stock moved (every one of `columns` as it was), else `listing`. A later migration that adds a
 * column makes it again with the column among `columns`.
 */
export async function makeSqliteUpdateTrigger(
  db: Kysely<unknown>,
  table: keyof typeof PRODUCT_KEY,
  columns: readonly string[],
): Promise<void> {
  const key = PRODUCT_KEY[table];
  await sql`
    create trigger ${sql.id(`${table}_changes_update`)} after update on ${sql.table(table)}
    begin
      insert into catalogue_changes (product_id, kind) values (${sql.raw(`new.${key}`)},
        case when ${stockOnly(columns)} then 'product' else 'listing' end);
      insert into catalogue_changes (product_id, kind)
        select ${sql.raw(`old.${key}`)}, 'listing' where ${sql.raw(`old.${key} is not new.${key}`)};
    end`.execute(db);
}

async function upSqlite(db: Kysely<unknown>) {
  for (const table of MARKED_BY_006) {
    for (const event of EVENTS) {
      await sql`drop trigger ${sql.id(`${table}_catalogue_${event}`)}`.execute(db);
    }
  }
  await sql`
    create table catalogue_changes (
      seq integer primary key autoincrement,
      product_id text,
      kind text not null check (kind in ('product', 'listing'))
    )`.execute(db);
  await sql`
    create trigger catalogue_changes_pruned after insert on catalogue_changes
    when new.seq % 1000 = 0 begin
      delete from catalogue_changes where seq <= new.seq - ${sql.lit(CHANGES_KEPT)};
    end`.execute(db);

  const told = (product: string, kind: string) =>
    sql`insert into catalogue_changes (product_id, kind) values (${sql.raw(product)}, ${sql.raw(kind)});`;
  for (const [table, key] of [
    ['products', 'id'],
    ['product_variants', 'product_id'],
  ] as const) {
    await sql`
      create trigger ${sql.id(`${table}_changes_insert`)} after insert on ${sql.table(table)}
      begin ${told(`new.${key}`, "'listing'")} end`.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_changes_delete`)} after delete on ${sql.table(table)}
      begin ${told(`old.${key}`, "'listing'")} end`.execute(db);
    await makeSqliteUpdateTrigger(db, table, COLUMNS_BESIDE_STOCK[table]);
  }
  for (const [table, kind] of [
    ['reviews', "'product'"],
    ['product_images', "'listing'"],
  ] as const) {
    await sql`
      create trigger ${sql.id(`${table}_changes_insert`)} after insert on ${sql.table(table)}
      begin ${told('new.product_id', kind)} end`.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_changes_delete`)} after delete on ${sql.table(table)}
      begin ${told('old.product_id', kind)} end`.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_changes_update`)} after update on ${sql.table(table)}
      begin
        ${told('new.product_id', kind)}
        insert into catalogue_changes (product_id, kind)
          select old.product_id, ${sql.raw(kind)} where old.product_id is not new.product_id;
      end`.execute(db);
  }
}

async function downSqlite(db: Kysely<unknown>) {
  for (const table of [...MARKED_BY_006, 'product_images']) {
    for (const event of EVENTS) {
      await sql`drop trigger ${sql.id(`${table}_changes_${event}`)}`.execute(db);
    }
  }
  await sql`drop table catalogue_changes`.execute(db);
}
