import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * The number of products of each status kept as they change, beside the lists' sizes of migration
 * 024 (`products:live`, `products:draft`): the sitemap index names one file
 * for every so many live products, and counting them walked the whole catalogue on every read.
 * A truncate of products already empties `products:%` (list_sizes_emptied of 024).
 */
export function liveProductsCounted(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`
        insert into list_size_changes (list, change)
          select 'products:' || status, count(*) from products group by status`.execute(db);
      if (dialect === 'postgres') await countByStatusPostgres(db);
      else await countByStatusSqlite(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        for (const trigger of STATUS_TRIGGERS) {
          await sql`drop trigger ${sql.id(trigger)} on products`.execute(db);
        }
        await sql`drop function products_status_sizes()`.execute(db);
      } else {
        for (const trigger of STATUS_TRIGGERS)
          await sql`drop trigger ${sql.id(trigger)}`.execute(db);
      }
      await sql`delete from list_size_changes where list like 'products:%'`.execute(db);
    },
  };
}

const STATUS_TRIGGERS = [
  'products_status_size_insert',
  'products_status_size_delete',
  'products_status_size_update',
];

async function countByStatusPostgres(db: Kysely<unknown>) {
  // One change a status for each statement, however many rows it wrote.
  await sql`
    create function products_status_sizes() returns trigger language plpgsql as $$
    begin
      if tg_op in ('INSERT', 'DELETE') then
        insert into list_size_changes (list, change)
          select 'products:' || status, case when tg_op = 'INSERT' then count(*) else -count(*) end
          from changed_rows group by status;
      else
        insert into list_size_changes (list, change)
          select 'products:' || old_rows.status, -count(*)
          from old_rows join new_rows using (id)
          where old_rows.status <> new_rows.status group by old_rows.status
          union all
          select 'products:' || new_rows.status, count(*)
          from old_rows join new_rows using (id)
          where old_rows.status <> new_rows.status group by new_rows.status;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger products_status_size_insert after insert on products
    referencing new table as changed_rows
    for each statement execute function products_status_sizes()`.execute(db);
  await sql`
    create trigger products_status_size_delete after delete on products
    referencing old table as changed_rows
    for each statement execute function products_status_sizes()`.execute(db);
  await sql`
    create trigger products_status_size_update after update on products
    referencing old table as old_rows new table as new_rows
    for each statement execute function products_status_sizes()`.execute(db);
}

async function countByStatusSqlite(db: Kysely<unknown>) {
  const change = (list: string, by: number) =>
    sql`insert into list_size_changes (list, change) values (${sql.raw(list)}, ${sql.lit(by)});`;
  await sql`
    create trigger products_status_size_insert after insert on products begin
      ${change("'products:' || new.status", 1)}
    end`.execute(db);
  await sql`
    create trigger products_status_size_delete after delete on products begin
      ${change("'products:' || old.status", -1)}
    end`.execute(db);
  await sql`
    create trigger products_status_size_update after update of status on products
    when old.status is not new.status begin
      ${change("'products:' || old.status", -1)} ${change("'products:' || new.status", 1)}
    end`.execute(db);
}
