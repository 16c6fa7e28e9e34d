import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/** What a product is called, as the words of a near miss are taken from. */
const wordsOf = (row: 'new' | 'old' | 'products') =>
  `${row}.name || ' ' || ${row}.brand || ' ' || ${row}.category`;

/** The triggers' conditions: a live product's words came or went. */
const WHEN = {
  insert: `new.status = 'live'`,
  delete: `old.status = 'live'`,
  update: `(old.status = 'live' or new.status = 'live') and (old.name <> new.name
    or old.brand <> new.brand or old.category <> new.category or old.status <> new.status)`,
} as const;

async function createSqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const went = `insert into search_term_changes (words, delta)
    select ${wordsOf('old')}, -1 where old.status = 'live';`;
  const came = `insert into search_term_changes (words, delta)
    select ${wordsOf('new')}, 1 where new.status = 'live';`;
  const bodies = { insert: came, delete: went, update: `${went} ${came}` };
  const events = {
    insert: 'insert',
    delete: 'delete',
    update: 'update of name, brand, category, status',
  };
  for (const change of ['insert', 'delete', 'update'] as const) {
    await sql
      .raw(
        `create trigger products_search_terms_${change} after ${events[change]} on products
         when ${WHEN[change]} begin ${bodies[change]} end`,
      )
      .execute(db);
  }
}

async function createPostgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function note_search_term_change() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' and old.status = 'live' then
        insert into search_term_changes (words, delta)
        values (old.name || ' ' || old.brand || ' ' || old.category, -1);
      end if;
      if tg_op <> 'DELETE' and new.status = 'live' then
        insert into search_term_changes (words, delta)
        values (new.name || ' ' || new.brand || ' ' || new.category, 1);
      end if;
      return null;
    end $$`.execute(db);
  const events = {
    insert: 'insert',
    delete: 'delete',
    update: 'update of name, brand, category, status',
  };
  for (const change of ['insert', 'delete', 'update'] as const) {
    await sql
      .raw(
        `create trigger products_search_terms_${change} after ${events[change]} on products
         for each row when (${WHEN[change]}) execute function note_search_term_change()`,
      )
      .execute(db);
  }
}

/**
 * The words a near miss may be put right to, kept as products change: every word of a live
 * product's name, brand and category (`search_terms`), with how many live products hold it.
 *
 * Triggers note each change, in the writer's own transaction, as a line of `search_term_changes`:
 * the words that came (+1) or went (-1). That is all a product's save pays; counting the words
 * (which needs the app's word splitter, and would make every save of a common word wait on every
 * other) is left to whichever instance folds the lines into `search_terms` next, in the
 * background. Every way of writing a product (the back office, an import, a script) is noted.
 *
 * `changed` says when a term's count last moved, so that an instance reads only what changed
 * since it last read: on SQLite a number above every one before; on PostgreSQL the transaction
 * that moved it, read again from the oldest transaction still running at the last read, so that
 * a change committed after a later one is never passed over. A word no product holds any more
 * stays with a count of 0, so that an instance learns it went.
 *
 * The products already in the catalogue are noted here, and counted by the first fold.
 */
export function keptSearchTerms(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await sql`create table search_term_changes (
          id bigint generated always as identity primary key,
          words text not null,
          delta integer not null
        )`.execute(db);
        await sql`create table search_terms (
          term text primary key,
          documents integer not null,
          changed xid8 not null
        )`.execute(db);
      } else {
        await sql`create table search_term_changes (
          id integer primary key,
          words text not null,
          delta integer not null
        )`.execute(db);
        await sql`create table search_terms (
          term text primary key,
          documents integer not null,
          changed integer not null
        )`.execute(db);
      }
      await sql`create index search_terms_changed_idx on search_terms (changed)`.execute(db);
      await sql
        .raw(
          `insert into search_term_changes (words, delta)
           select ${wordsOf('products')}, 1 from products where products.status = 'live'
           order by products.created_at`,
        )
        .execute(db);
      if (dialect === 'postgres') await createPostgresTriggers(db);
      else await createSqliteTriggers(db);
    },
    async down(db: Kysely<unknown>) {
      for (const change of ['insert', 'delete', 'update']) {
        const name = sql.id(`products_search_terms_${change}`);
        if (dialect === 'postgres') await sql`drop trigger ${name} on products`.execute(db);
        else await sql`drop trigger ${name}`.execute(db);
      }
      if (dialect === 'postgres') await sql`drop function note_search_term_change()`.execute(db);
      await sql`drop table search_terms`.execute(db);
      await sql`drop table search_term_changes`.execute(db);
    },
  };
}
