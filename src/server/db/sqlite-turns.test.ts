import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type ShopDatabase } from './database';
import { migrateToLatest } from './migrate';

describe('SQLite statements taking turns with the rest of the shop', () => {
  let database: ShopDatabase;

  afterEach(() => database.close());

  it('lets other work in between the reads of one call, and still answers every read', async () => {
    database = openDatabase({ dialect: 'sqlite', filename: ':memory:' });
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
