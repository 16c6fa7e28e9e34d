import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type ShopDatabase } from './database';
import { CHECKPOINT_EVERY_MS } from './sqlite-checkpoints';

const MEGABYTE = 1024 * 1024;

describe("SQLite's checkpoints", () => {
  let folder: string;
  let database: ShopDatabase;

  afterEach(async () => {
    await database.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('are made by a thread of their own: a commit leaves them to it, and it copies the log into the file', async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'shop-checkpoints-'));
    const file = path.join(folder, 'shop.db');
    database = openDatabase({ dialect: 'sqlite', filename: file });
    const { db } = database;
    const autocheckpoint = async () =>
      (await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db)).rows[0]
        ?.wal_autocheckpoint;
    // Once the thread is ready, no commit checkpoints on the thread that answers requests.
    await expect.poll(autocheckpoint, { timeout: CHECKPOINT_EVERY_MS * 5 }).toBe(0);

    await sql`create table pictures (id integer primary key, data blob not null)`.execute(db);
    const before = statSync(file).size;
    // A megabyte is a quarter of the log SQLite would checkpoint by itself at a commit.
    await sql`insert into pictures (data) values (${randomBytes(MEGABYTE)})`.execute(db);
    await expect
      .poll(() => statSync(file).size, { timeout: CHECKPOINT_EVERY_MS * 5 })
      .toBeGreaterThan(before + MEGABYTE);
  });
});
