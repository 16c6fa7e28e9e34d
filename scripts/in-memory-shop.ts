import type { FastifyInstance } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';

/**
 * Runs `work` against the shop's server built over an empty, migrated in-memory database and
 * listening nowhere (asked through `inject`), then takes it all down again.
 */
export async function withInMemoryShop<T>(work: (app: FastifyInstance) => Promise<T>): Promise<T> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-in-memory-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: 'sqlite::memory:',
    SEED: 'none',
    LOG_LEVEL: 'silent',
  });
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database);
    const app = await buildApp({ config, database, webRoot: path.join(dataDir, 'no-web-app') });
    try {
      return await work(app);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
