import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type TestDialect = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL points at a server. */
export function testDialects(): TestDialect[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestDatabaseUrl {
  url: string;
  drop(): Promise<void>;
}

/** A fresh, empty database for one test file, dropped afterwards. */
export async function createTestDatabaseUrl(dialect: TestDialect): Promise<TestDatabaseUrl> {
  if (dialect === 'sqlite') return { url: 'sqlite::memory:', drop: () => Promise.resolve() };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
