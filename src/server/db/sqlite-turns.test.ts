import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type ShopDatabase } from './database';
import { migrateToLatest } from './migrate';

describe('SQLite statements taking turns with the rest of the shop', () => {
  let folder: string;
  let database: ShopDatabase;

  afterEach(async () => {
    await database.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('lets other work in between the reads of one call, and still answers every read', async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'shop-turns-'));
    database = openDatabase({ dialect: 'sqlite', filename: path.join(folder, 'shop.db') });
    await migrateToLatest(database);
    await database.db
      .insertInto('subscribers')
      .values({ id: 's1', email: 'ann@example.com', created_at: '2026-11-26T10:00:00.000Z' })
      .execute();

    const happened: string[] = [];
    // A call that reads twenty things at once, as the owner's desk does...
    const reads = Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const rows = await database.db.selectFrom('subscribers').select('email').execute();
        happened.push(`read ${index}`);
        return rows;
      }),
    );
    // ...and another request's work, ready as the call starts.
    setImmediate(() => happened.push('other request'));
    const answers = await reads;

    expect(answers.every((rows) => rows[0]?.email === 'ann@example.com')).toBe(true);
    expect(happened).toHaveLength(21);
    expect(happened.indexOf('other request')).toBeLessThan(20);
  });
});
