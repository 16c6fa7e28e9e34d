import { sql, type Kysely } from 'kysely';

/**
 * SQLite cannot change a column's constraints in place: the table is made again from its own
 * `create table` statement as `change` rewrites it, its rows copied across and its indexes and
 * triggers made again (dropping a table drops both), with foreign keys off so that dropping the
 * old table neither cascades to the rows that refer to it nor leaves them pointing at nothing.
 * `change` answers undefined when the statement is not as the migration expects, which stops the
 * migration.
 */
export async function remakeSqliteTable(
  db: Kysely<unknown>,
  name: string,
  change: (created: string) => string | undefined,
): Promise<void> {
  const table = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'table' and name = ${name}`.execute(db);
  const created = table.rows[0]?.sql;
  const changed = created === undefined ? undefined : change(created);
  if (changed === undefined) throw new Error(`the ${name} table is not as the shop made it`);
  const indexesAndTriggers = await sql<{ sql: string }>`
    select sql from sqlite_master
    where type in ('index', 'trigger') and tbl_name = ${name} and sql is not null`.execute(db);
  const remade = `${name}_remade`;
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql
        .raw(changed.replace(/^create table "?[a-z_]+"?/i, `create table "${remade}"`))
        .execute(trx);
      await sql`insert into ${sql.table(remade)} select * from ${sql.table(name)}`.execute(trx);
      await sql`drop table ${sql.table(name)}`.execute(trx);
      await sql`alter table ${sql.table(remade)} rename to ${sql.table(name)}`.execute(trx);
      for (const made of indexesAndTriggers.rows) await sql.raw(made.sql).execute(trx);
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error(`remaking the ${name} table broke a reference`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
