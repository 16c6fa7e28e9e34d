import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/** The tables whose rows the catalogue's public answers and storefront pages show. */
const SHOWN_TABLES = ['products', 'product_variants', 'reviews'] as const;

/**
 * Marks every change to a table whose rows public answers show, so that answers kept in memory
 * are dropped by each server instance (see docs/decisions/010-answers-from-memory.md). A later
 * migration adding such a table calls this for it too.
 *
 * SQLite: a one-row counter moved by row triggers, read by each instance before it answers from
 * memory. PostgreSQL: a sequence moved by statement triggers (no row lock for writers to queue
 * on), and a notification on `catalogue_changed` that PostgreSQL sends when the change commits.
 */
export async function markCatalogueChanges(
  db: Kysely<unknown>,
  dialect: Dialect,
  table: string,
): Promise<void> {
  if (dialect === 'postgres') {
    await sql`
      create trigger ${sql.id(`${table}_catalogue_changed`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function catalogue_changed()`.execute(db);
    return;
  }
  for (const event of ['insert', 'update', 'delete']) {
    await sql`
      create trigger ${sql.id(`${table}_catalogue_${event}`)}
      after ${sql.raw(event)} on ${sql.table(table)} begin
        update catalogue_generation set value = value + 1 where id = 1;
      end`.execute(db);
  }
}

export function catalogueGeneration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await sql`create sequence catalogue_generation`.execute(db);
        // Notifications alike within one transaction are sent once, at commit, and never for a
        // transaction rolled back.
        await sql`
          create function catalogue_changed() returns trigger language plpgsql as $$
          begin
            perform nextval('catalogue_generation');
            perform pg_notify('catalogue_changed', '');
            return null;
          end $$`.execute(db);
      } else {
        await db.schema
          .createTable('catalogue_generation')
          .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
          .addColumn('value', 'integer', (col) => col.notNull())
          .execute();
        await sql`insert into catalogue_generation (id, value) values (1, 0)`.execute(db);
      }
      for (const table of SHOWN_TABLES) await markCatalogueChanges(db, dialect, table);
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        for (const table of SHOWN_TABLES) {
          await sql`drop trigger ${sql.id(`${table}_catalogue_changed`)} on ${sql.table(table)}`.execute(
            db,
          );
        }
        await sql`drop function catalogue_changed()`.execute(db);
        await sql`drop sequence catalogue_generation`.execute(db);
        return;
      }
      for (const table of SHOWN_TABLES) {
        for (const event of ['insert', 'update', 'delete']) {
          await sql`drop trigger ${sql.id(`${table}_catalogue_${event}`)}`.execute(db);
        }
      }
      await db.schema.dropTable('catalogue_generation').execute();
    },
  };
}
