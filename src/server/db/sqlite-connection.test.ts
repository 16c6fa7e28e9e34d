import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { isUniqueViolation } from './constraint-errors';
import { openDatabase, type ShopDatabase } from './database';
import { migrateToLatest } from './migrate';
import { usesBuiltInSqlite } from './sqlite-connection';
import { isDatabaseUnreachable } from './unreachable';

// Runs on whichever driver this Node gives the shop: better-sqlite3 on Node 20 and 22, Node's own
// SQLite from 24 (CI runs the unit tests under Node 24 too).
const driver = usesBuiltInSqlite() ? 'node:sqlite' : 'better-sqlite3';

describe(`the shop's SQLite (${driver} on Node ${process.versions.node})`, () => {
  let folder: string;
  let database: ShopDatabase;

  async function open() {
    folder = mkdtempSync(path.join(tmpdir(), 'shop-sqlite-'));
    database = openDatabase({ dialect: 'sqlite', filename: path.join(folder, 'shop.db') });
    await migrateToLatest(database);
    return database;
  }

  afterEach(async () => {
    await database.close().catch(() => undefined);
    rmSync(folder, { recursive: true, force: true });
  });

  const subscriber = (id: string, email: string) => ({
    id,
    email,
    created_at: '2026-11-23T10:00:00.000Z',
  });

  it('reads back what it writes, counts changed rows and undoes a failed transaction', async () => {
    const { db } = await open();
    await db.insertInto('subscribers').values(subscriber('s1', 'ann@example.com')).execute();
    const changed = await db
      .updateTable('subscribers')
      .set({ email: 'ann@example.co.uk' })
      .where('id', '=', 's1')
      .executeTakeFirst();
    expect(changed.numUpdatedRows).toBe(1n);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('subscribers').values(subscriber('s2', 'bob@example.com')).execute();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const rows = await db.selectFrom('subscribers').select(['id', 'email']).execute();
    expect(rows.map((row) => ({ ...row }))).toEqual([{ id: 's1', email: 'ann@example.co.uk' }]);
  });

  it('names a second use of a unique value as SQLite does, whatever the driver', async () => {
    const { db } = await open();
    await db.insertInto('subscribers').values(subscriber('s1', 'ann@example.com')).execute();
    const twice = await db
      .insertInto('subscribers')
      .values(subscriber('s2', 'ann@example.com'))
      .execute()
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(twice).toMatchObject({ code: 'SQLITE_CONSTRAINT_UNIQUE' });
    expect(isUniqueViolation(twice)).toBe(true);
    const sameId = await db
      .insertInto('subscribers')
      .values(subscriber('s1', 'cat@example.com'))
      .execute()
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(isUniqueViolation(sameId)).toBe(true);
  });

  it('tells the catalogue watch about a change another process made to the same file', async () => {
    const here = await open();
    const watch = await here.watchCatalogue({ info: () => undefined, warn: () => undefined });
    const before = watch.moment();
    expect(before).toBeTypeOf('number');
    const elsewhere = openDatabase({ dialect: 'sqlite', filename: path.join(folder, 'shop.db') });
    // What migration 006's triggers do for a table marked as a whole.
    await sql`update catalogue_generation set value = value + 1`.execute(elsewhere.db);
    await elsewhere.close();
    await new Promise((turn) => setImmediate(turn));
    expect(watch.moment()).not.toBe(before);
    await watch.close();
  });

  it('vouches for nothing once its connection is closed, and counts queries then as an outage', async () => {
    const here = await open();
    const watch = await here.watchCatalogue({ info: () => undefined, warn: () => undefined });
    expect(watch.moment()).toBeTypeOf('number');
    await here.close();
    await new Promise((turn) => setImmediate(turn));
    expect(watch.moment()).toBeUndefined();
    const error = await here.db
      .selectFrom('subscribers')
      .selectAll()
      .execute()
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(isDatabaseUnreachable(error)).toBe(true);
  });
});
