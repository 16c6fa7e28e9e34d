import type { FastifyInstance } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import { openDatabase, type ShopDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { settingsFromEnvironment } from '../../src/server/settings/environment-defaults';
import { insertFirstSettings } from '../../src/server/settings/settings.repository';
import type { DeliveryService } from '../../src/shared/delivery/delivery-settings';
import { createTestDatabaseUrl, type TestDialect } from './databases';

/**
 * How a test shop sends, unless a test says otherwise: one service, £4.99 and free from £60 of
 * items, carrying any value (the figures most tests were written with, before the owner chose
 * services). Tests of delivery itself start a shop with the demo's services.
 */
export const ONE_DELIVERY_SERVICE: DeliveryService = {
  id: 'standard',
  name: 'Royal Mail Tracked 48',
  description: '',
  price: 4.99,
  freeOver: 60,
  maxItems: null,
  maxWeightGrams: null,
  days: { min: 2, max: 3 },
  tracked: true,
  signed: false,
  cover: null,
  collect: false,
  active: true,
  serviceCode: 'TPS48',
};

export interface TestShop {
  app: FastifyInstance;
  baseUrl: string;
  config: Config;
  database: ShopDatabase;
  /** fetch against the running shop, with JSON helpers. */
  request(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

function databaseUrlOf({ config }: TestShop): string {
  const { database } = config;
  if (database.dialect === 'postgres') return database.connectionString;
  if (database.filename === ':memory:') {
    throw new Error('A shop on sqlite::memory: has a database no other instance can open');
  }
  return `sqlite:${database.filename}`;
}

/** A real shop server on a random loopback port, over a fresh, migrated database. */
export async function startTestShop(
  dialect: TestDialect,
  environment: Record<string, string> = {},
  {
    webRoot,
    logStream,
    sameDatabaseAs,
    sitemapProductsPerRead,
    feedProductsPerRead,
    mailLeaseMs,
    deliveryServices = [ONE_DELIVERY_SERVICE],
  }: {
    webRoot?: string;
    /** Where the shop's log lines go (set LOG_LEVEL in `environment` to see any). */
    logStream?: { write(line: string): void };
    /**
     * A second instance of that shop: the same database (left in place when this one closes),
     * as several servers behind one balancer share one.
     */
    sameDatabaseAs?: TestShop;
    /** Products a sitemap file reads at once (500 unless told). */
    sitemapProductsPerRead?: number;
    /** Products a product feed reads at once (200 unless told). */
    feedProductsPerRead?: number;
    /** How long a mail's sender holds it before another may take it (45 s unless told). */
    mailLeaseMs?: number;
    /** The delivery services a new shop's settings start with (ONE_DELIVERY_SERVICE unless told). */
    deliveryServices?: DeliveryService[];
  } = {},
): Promise<TestShop> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-test-'));
  const testDatabase = sameDatabaseAs
    ? { url: databaseUrlOf(sameDatabaseAs), drop: () => Promise.resolve() }
    : await createTestDatabaseUrl(dialect);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: testDatabase.url,
    SEED: 'none',
    LOG_LEVEL: 'silent',
    // Hashes of a few milliseconds: suites make hundreds of accounts and sign-ins.
    PASSWORD_HASH_COST: 'test',
    ...environment,
  });
  const database = openDatabase(config.database);
  await migrateToLatest(database);
  if (!sameDatabaseAs) {
    const sections = {
      ...settingsFromEnvironment(config),
      delivery: { services: deliveryServices },
    };
    await insertFirstSettings(database.db, { sections, at: new Date().toISOString() });
  }
  const app = await buildApp({
    config,
    database,
    webRoot: webRoot ?? path.join(dataDir, 'no-web-app'),
    logStream,
    sitemapProductsPerRead,
    feedProductsPerRead,
    mailLeaseMs,
  });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    baseUrl,
    config,
    database,
    request(target, { json, headers, ...init } = {}) {
      const sent = new Headers(headers);
      if (json !== undefined) sent.set('content-type', 'application/json');
      return fetch(`${baseUrl}${target}`, {
        ...init,
        headers: sent,
        body: json === undefined ? init.body : JSON.stringify(json),
      });
    },
    async close() {
      await app.close();
      await database.close();
      await testDatabase.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
