import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { addProduct } from '../../../../tests/support/catalogue-fixtures';
import { openDatabase, type ShopDatabase } from '../database';
import { keptSize } from '../../sql/list-sizes';
import { migrateToLatest } from '../migrate';
import { remakeSqliteTable } from './remake-sqlite-table';

describe('a SQLite table made again by a migration', () => {
  let database: ShopDatabase;

  afterEach(() => database.close());

  const madeOn = async (table: string) =>
    (
      await sql<{ type: string; name: string; sql: string }>`
        select type, name, sql from sqlite_master
        where tbl_name = ${table} and type in ('index', 'trigger') and sql is not null
        order by type, name`.execute(database.db)
    ).rows;

  it('keeps its rows, its indexes and its triggers, which go on keeping the counts', async () => {
    database = openDatabase({ dialect: 'sqlite', filename: ':memory:' });
    await migrateToLatest(database);
    const first = await addProduct(database);
    const before = await madeOn('products');
    expect(before.filter((made) => made.type === 'trigger').length).toBeGreaterThan(0);

    await remakeSqliteTable(database.db as unknown as Kysely<unknown>, 'products', (created) =>
      created.replace('"name" text not null', '"name" text not null check (length("name") > 0)'),
    );

    expect(await madeOn('products')).toEqual(before);
    await addProduct(database);
    await addProduct(database, { status: 'draft' });
    expect(await keptSize(database.db, 'products:live')).toBe(2);
    expect(await keptSize(database.db, 'products:draft')).toBe(1);
    const names = await database.db.selectFrom('products').select('id').execute();
    expect(names.map((row) => row.id)).toContain(first.id);
    await expect(
      database.db.updateTable('products').set({ name: '' }).where('id', '=', first.id).execute(),
    ).rejects.toThrow(/CHECK constraint/i);
  });
});
