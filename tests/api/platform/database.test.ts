import { sql } from 'kysely';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { addProduct, addReview } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { startTestShop, type TestShop } from '../../support/test-shop';

describe('the SQLite file', () => {
  it('is written ahead (WAL), checks foreign keys, and migrates once however often it starts', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'shop-db-'));
    const filename = path.join(folder, 'nested', 'shop.db');
    for (let start = 0; start < 2; start += 1) {
      const database = openDatabase({ dialect: 'sqlite', filename });
      await migrateToLatest(database);
      const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(database.db);
      const keys = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(database.db);
      expect(journal.rows[0]?.journal_mode).toBe('wal');
      expect(keys.rows[0]?.foreign_keys).toBe(1);
      await database.close();
    }
    await rm(folder, { recursive: true, force: true });
  });
});

describe.each(testDialects())('the schema on %s', (dialect) => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await startTestShop(dialect);
  });
  afterAll(() => shop.close());

  it('never lets stock or a price go below zero', async () => {
    const product = await addProduct(shop.database, { countInStock: 1 });
    await expect(
      shop.database.db
        .updateTable('products')
        .set({ count_in_stock: -1 })
        .where('id', '=', product.id)
        .execute(),
    ).rejects.toThrow(/check/i);
    await expect(addProduct(shop.database, { pricePence: -100 })).rejects.toThrow(/check/i);
    const stored = await shop.database.db
      .selectFrom('products')
      .select('count_in_stock')
      .where('id', '=', product.id)
      .executeTakeFirst();
    expect(stored?.count_in_stock).toBe(1);
  });

  it('keeps a rating between 1 and 5, and drops reviews with their product', async () => {
    const product = await addProduct(shop.database);
    await expect(
      addReview(shop.database, product.id, 6, 'Too good', new Date().toISOString()),
    ).rejects.toThrow(/check/i);
    await addReview(shop.database, product.id, 4, 'Fine', new Date().toISOString());
    await shop.database.db.deleteFrom('products').where('id', '=', product.id).execute();
    const left = await shop.database.db
      .selectFrom('reviews')
      .select('id')
      .where('product_id', '=', product.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('refuses a review of a product that does not exist', async () => {
    await expect(
      addReview(shop.database, 'no-such-product', 5, 'Ghost', new Date().toISOString()),
    ).rejects.toThrow(/foreign key/i);
  });
});

describe.runIf(testDialects().includes('postgres'))('the PostgreSQL limits', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop('postgres');
  });
  afterAll(() => shop.close());

  const limitsOf = async ({ db }: { db: TestShop['database']['db'] }) => {
    const setting = async (name: string) =>
      (await sql<{ setting: string }>`select current_setting(${name}) as setting`.execute(db))
        .rows[0]?.setting;
    return {
      statement: await setting('statement_timeout'),
      idleInTransaction: await setting('idle_in_transaction_session_timeout'),
    };
  };

  it("hold a shopper's calls, and none of the start-up work, which may rightly take longer", async () => {
    expect(await limitsOf(shop.database)).toEqual({ statement: '4s', idleInTransaction: '10s' });
    const patient = shop.database.patient();
    try {
      expect(await limitsOf(patient)).toEqual({ statement: '0', idleInTransaction: '0' });
    } finally {
      await patient.close();
    }
  });
});
