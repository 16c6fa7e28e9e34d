// The grown shops the back-office and growth parts ask: for each database and size, a fresh
// database seeded once with as many orders as products (see large-back-office.ts), kept while
// both parts run, and started as its own process (from its source, cache as each part needs) with
// the admin signed in.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { migrateToLatest } from '../../src/server/db/migrate';
import type { TestDialect } from '../../tests/support/databases';
import { startShopProcess } from '../../tests/support/shop-process';
import { openBenchDatabase } from './catalogue-scale';
import {
  growBackOffice,
  regularCustomer,
  searchesOf,
  startBackOffice,
  type BackOfficeSearches,
} from './large-back-office';
import { madeUpProduct } from './large-catalogue';
import type { BenchOptions } from './options';
import { heading } from './report';

export const ADMIN_EMAIL = 'owner@bench.example.com';

/** One seeded database, not yet served. */
export interface GrownDatabase {
  dialect: TestDialect;
  size: number;
  /** As DATABASE_URL takes it. */
  url: string;
  /** What the owner looks for: the same customers and products are seeded at every size. */
  searches: BackOfficeSearches;
  /** The customer with the most orders, who signs in with the admin's password. */
  regular: { email: string; orders: number };
  /**
   * Products by their number in the made-up catalogue (the same number is the same product at
   * every size), live, sold without sizes and in stock: the first is shown, the rest are bought.
   */
  products: { id: string; index: number }[];
  drop(): Promise<void>;
}

export interface GrownShops {
  /** The admin's (and the regular customer's) password. */
  password: string;
  /** Each database's shops, smallest first. */
  of(dialect: TestDialect): GrownDatabase[];
  dialects: TestDialect[];
  dropAll(): Promise<void>;
}

async function growDatabase(
  dialect: TestDialect,
  size: number,
  options: BenchOptions,
  password: string,
): Promise<GrownDatabase> {
  const { database, url, drop } = await openBenchDatabase(dialect, options.postgresUrl);
  try {
    await migrateToLatest(database);
    const seeding = Date.now();
    const office = await startBackOffice(database, password);
    await growBackOffice(database, office, size);
    if (dialect === 'postgres') await sql`vacuum analyze`.execute(database.db);
    else await sql`pragma wal_checkpoint(truncate)`.execute(database.db);
    const regular = regularCustomer(office);
    console.info(
      `  ${dialect}: ${size} orders and ${size} products (${office.auditEntries} audit entries, ${office.reviews} reviews, ${office.customers.length} customers, the regular with ${regular.orders} orders) seeded in ${((Date.now() - seeding) / 1000).toFixed(1)} s`,
    );
    // From the middle of the smallest catalogue on: the same products at every size.
    const from = Math.floor(Math.min(...options.sizes) / 2);
    const products = office.products
      .map((product, index) => ({ product, index }))
      .filter(
        ({ product, index }) =>
          index >= from &&
          product.live &&
          product.variants.length === 0 &&
          madeUpProduct(index).countInStock > 0,
      )
      .map(({ product, index }) => ({ id: product.id, index }));
    return { dialect, size, url, searches: searchesOf(office), regular, products, drop };
  } catch (error) {
    await drop();
    throw error;
  } finally {
    await database.close();
  }
}

/** Every size on SQLite, and on PostgreSQL when a server is named, seeded one after another. */
export async function growShops(options: BenchOptions): Promise<GrownShops> {
  heading(`Grown shops: ${options.sizes.join(' and ')} orders and products, seeded once`);
  const password = randomBytes(12).toString('base64url');
  const dialects: TestDialect[] = options.postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];
  if (!options.postgresUrl)
    console.info('  PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure it');
  const grown = new Map<TestDialect, GrownDatabase[]>();
  const dropAll = async () => {
    for (const databases of grown.values()) for (const database of databases) await database.drop();
    grown.clear();
  };
  try {
    for (const dialect of dialects) {
      const databases: GrownDatabase[] = [];
      grown.set(dialect, databases);
      for (const size of options.sizes)
        databases.push(await growDatabase(dialect, size, options, password));
    }
  } catch (error) {
    await dropAll();
    throw error;
  }
  return { password, of: (dialect) => grown.get(dialect) ?? [], dialects, dropAll };
}

type Ask = (address: string) => Promise<Record<string, unknown>>;

export interface GrownShop {
  baseUrl: string;
  /** The shop's process, whose memory a download is measured by. */
  pid: number;
  /** The signed-in admin's token. */
  token: string;
  /** A GET as the admin, answering its JSON; anything but a 2xx throws, with the shop's log. */
  ask: Ask;
  signIn(email: string): Promise<string>;
  log(): string;
  stop(): Promise<void>;
}

/**
 * The shop started on a grown database, as its own process from its source (`NODE_ENV=test`,
 * so the test payment provider takes orders), with the environment given (CACHE_MAX_MB) and the
 * admin signed in. Storefront pages are rendered when the browser app has been built.
 */
export async function startGrownShop(
  grown: GrownDatabase,
  password: string,
  environment: Record<string, string>,
): Promise<GrownShop> {
  const shop = await startShopProcess({
    DATABASE_URL: grown.url,
    PAYMENT_PROVIDER: 'test',
    ...environment,
  });
  const stop = async () => {
    shop.child.kill('SIGTERM');
    await shop.exited();
  };
  try {
    const signIn = async (email: string) => {
      const answer = await fetch(`${shop.baseUrl}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      if (!answer.ok) throw new Error(`${email} could not sign in: ${await answer.text()}`);
      return ((await answer.json()) as { token: string }).token;
    };
    const token = await signIn(ADMIN_EMAIL);
    const ask: Ask = async (address) => {
      const response = await fetch(`${shop.baseUrl}${address}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (!response.ok) {
        throw new Error(
          `${address} answered ${response.status}\n\nThe shop's last words:\n${shop.log()}`,
        );
      }
      return (await response.json()) as Record<string, unknown>;
    };
    return {
      baseUrl: shop.baseUrl,
      pid: shop.child.pid ?? 0,
      token,
      ask,
      signIn,
      log: () => shop.log(),
      stop,
    };
  } catch (error) {
    console.error(`\nThe shop's last words:\n${shop.log()}`);
    await stop();
    throw error;
  }
}
