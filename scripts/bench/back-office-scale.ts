// How the owner's back office grows with the shop: the desk, the order list and its searches, the
// audit log, the product list, the customers and the VAT return (and, of the largest shop, the
// memory its CSV downloads take), asked over HTTP by a signed-in admin, of a shop
// seeded at each size (as many orders as products) and started from its source as its own process
// with its cache off, every size running at once and asked in turn, on SQLite and on PostgreSQL.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { migrateToLatest } from '../../src/server/db/migrate';
import { ukDay } from '../../src/shared/uk-time';
import { previousQuarter, quarterHolding, quarterKey } from '../../src/shared/vat';
import type { TestDialect } from '../../tests/support/databases';
import { startShopProcess } from '../../tests/support/shop-process';
import { openBenchDatabase } from './catalogue-scale';
import {
  growBackOffice,
  searchesOf,
  startBackOffice,
  type BackOfficeSearches,
} from './large-back-office';
import { downloadCost, TARGET_RISE_MB } from './downloads';
import type { BenchOptions } from './options';
import { heading, median, table, type SummaryLine } from './report';

const RUNS = 21;
/** The contract: at the largest size, at most this many times the time at the smallest... */
const TARGET_GROWTH = 3;
/** ...and at most this many milliseconds, with the cache off. */
const TARGET_MS = 100;

interface Call {
  label: string;
  /** The address asked, or with `lastPage` the first page's, whose answer says how many pages. */
  address: string;
  lastPage?: boolean;
  /** Its own limits where the contract gives them: no more than this many ms, growth unbounded. */
  targetMs?: number;
}

/** The last whole VAT quarter (of the default stagger), which the seeded orders fill. */
const LAST_QUARTER = quarterKey(previousQuarter(quarterHolding(new Date(), 1)));

function callsFor({ surname, postcode, productName, namePart }: BackOfficeSearches): Call[] {
  const q = (words: string) => `q=${encodeURIComponent(words)}`;
  return [
    { label: 'desk', address: '/api/admin/desk' },
    { label: 'orders, page 1', address: '/api/orders' },
    { label: 'orders, last page', address: '/api/orders', lastPage: true },
    { label: `orders "${surname}", page 1`, address: `/api/orders?${q(surname)}` },
    {
      label: `orders "${surname}", last page`,
      address: `/api/orders?${q(surname)}`,
      lastPage: true,
    },
    { label: `orders "${postcode}"`, address: `/api/orders?${q(postcode)}` },
    { label: 'orders paid', address: '/api/orders?status=paid' },
    { label: 'audit, page 1', address: '/api/audit' },
    { label: 'audit, last page', address: '/api/audit', lastPage: true },
    { label: `audit "${productName}"`, address: `/api/audit?${q(productName)}` },
    { label: 'products, page 1', address: '/api/admin/products' },
    { label: 'products, last page', address: '/api/admin/products', lastPage: true },
    { label: 'customers, page 1', address: '/api/customers' },
    { label: `customers "${namePart}"`, address: `/api/customers?${q(namePart)}` },
    {
      label: `VAT return ${LAST_QUARTER}`,
      address: `/api/reports/vat?quarter=${LAST_QUARTER}`,
      targetMs: 300,
    },
  ];
}

interface Timing {
  /** The first time this call is made of this shop, before anything could keep its answer. */
  first: number;
  median: number;
  /** How many rows the answer's list had in all, as it said: pages (and total, for orders). */
  found: string;
}

type Ask = (address: string) => Promise<Record<string, unknown>>;

async function time(run: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/**
 * One call of every shop (one a size), RUNS times each, taking turns (the smallest first one
 * time, the largest the next), so that whatever else the machine does slows every size alike.
 */
async function timeCall(asks: readonly Ask[], call: Call): Promise<Timing[]> {
  const asked = [];
  for (const ask of asks) {
    let address = call.address;
    let answer: Record<string, unknown> | undefined;
    let first = await time(async () => (answer = await ask(address)));
    const pages = Number(answer?.pages ?? 0);
    const found =
      answer?.total !== undefined
        ? `${Number(answer.total)} found, ${pages} pages`
        : answer?.pages !== undefined
          ? `${pages} pages`
          : '';
    if (call.lastPage) {
      address = `${address}${address.includes('?') ? '&' : '?'}pageNumber=${Math.max(1, pages)}`;
      first = await time(() => ask(address));
    }
    asked.push({ ask, address, first, found, times: [] as number[] });
  }
  for (let run = 0; run < RUNS; run += 1) {
    for (const shop of run % 2 === 0 ? asked : [...asked].reverse()) {
      shop.times.push(await time(() => shop.ask(shop.address)));
    }
  }
  return asked.map((shop) => ({
    first: shop.first,
    median: median(shop.times),
    found: shop.found,
  }));
}

interface SeededShop {
  ask: Ask;
  /** The shop's process, whose memory a download is measured by, and how to call it. */
  pid: number;
  baseUrl: string;
  token: string;
  /** What is looked for: the same customers and products are seeded at every size. */
  searches: BackOfficeSearches;
  stop(): Promise<void>;
}

/**
 * A fresh database seeded with `size` orders and products, and the shop started on it (from its
 * source, as its own process, cache off) with the admin signed in.
 */
async function seededShop(
  dialect: TestDialect,
  size: number,
  options: BenchOptions,
  password: string,
): Promise<SeededShop> {
  const { database, url, drop } = await openBenchDatabase(dialect, options.postgresUrl);
  let searches: BackOfficeSearches;
  try {
    await migrateToLatest(database);
    const seeding = Date.now();
    const office = await startBackOffice(database, password);
    await growBackOffice(database, office, size);
    if (dialect === 'postgres') await sql`vacuum analyze`.execute(database.db);
    else await sql`pragma wal_checkpoint(truncate)`.execute(database.db);
    searches = searchesOf(office);
    console.info(
      `  ${dialect}: ${size} orders and ${size} products (${office.auditEntries} audit entries, ${office.customers.length} customers) seeded in ${((Date.now() - seeding) / 1000).toFixed(1)} s`,
    );
  } catch (error) {
    await database.close();
    await drop();
    throw error;
  }
  await database.close();
  let shop: Awaited<ReturnType<typeof startShopProcess>>;
  try {
    shop = await startShopProcess({ DATABASE_URL: url, CACHE_MAX_MB: '0' });
  } catch (error) {
    await drop();
    throw error;
  }
  const stop = async () => {
    shop.child.kill('SIGTERM');
    await shop.exited();
    await drop();
  };
  try {
    const signIn = await fetch(`${shop.baseUrl}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@bench.example.com', password }),
    });
    if (!signIn.ok) throw new Error(`The admin could not sign in: ${await signIn.text()}`);
    const { token } = (await signIn.json()) as { token: string };
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
    return { ask, stop, searches, pid: shop.child.pid ?? 0, baseUrl: shop.baseUrl, token };
  } catch (error) {
    console.error(`\nThe shop's last words:\n${shop.log()}`);
    await stop();
    throw error;
  }
}

/**
 * The accountant's downloads of the largest shop, each streamed while the shop's memory is
 * watched: the VAT record of the last whole quarter and every order of the last three years.
 */
async function measureDownloads(
  dialect: TestDialect,
  shop: SeededShop,
  size: number,
): Promise<SummaryLine[]> {
  const now = new Date();
  const threeYearsAgo = new Date(now.getTime() - 3 * 365 * 24 * 3600 * 1000);
  const downloads = [
    {
      label: `VAT record ${LAST_QUARTER}`,
      address: `/api/reports/vat.csv?quarter=${LAST_QUARTER}`,
    },
    {
      label: 'orders export, three years',
      address: `/api/exports/orders.csv?from=${ukDay(threeYearsAgo)}&to=${ukDay(now)}`,
    },
  ];
  const rows: string[][] = [];
  const lines: SummaryLine[] = [];
  for (const download of downloads) {
    const cost = await downloadCost(shop.pid, `${shop.baseUrl}${download.address}`, {
      authorization: `Bearer ${shop.token}`,
    });
    const rise = cost.rssPeakMb - cost.rssBeforeMb;
    rows.push([
      download.label,
      String(cost.rows),
      cost.megabytes.toFixed(1),
      cost.seconds.toFixed(2),
      cost.rssBeforeMb.toFixed(0),
      cost.rssPeakMb.toFixed(0),
      rise.toFixed(1),
    ]);
    lines.push({
      measure: `${dialect} ${download.label} at ${size} orders, the shop's memory rising`,
      figure: `${rise.toFixed(1)} MB (${String(cost.rows)} rows, ${cost.megabytes.toFixed(1)} MB in ${cost.seconds.toFixed(1)} s)`,
      target: `< ${TARGET_RISE_MB} MB`,
      met: rise < TARGET_RISE_MB,
    });
  }
  console.info(
    `\n  ${dialect}: downloads at ${size} orders, streamed; the shop's resident memory in MB`,
  );
  console.info(
    table(['download', 'rows', 'MB', 'seconds', 'memory before', 'at most', 'rise'], rows),
  );
  return lines;
}

async function measureDialect(dialect: TestDialect, options: BenchOptions): Promise<SummaryLine[]> {
  const password = randomBytes(12).toString('base64url');
  const timings = new Map<string, Timing[]>();
  let calls: Call[] = [];
  const shops: SeededShop[] = [];
  let downloads: SummaryLine[] = [];
  try {
    for (const size of options.sizes)
      shops.push(await seededShop(dialect, size, options, password));
    calls = shops[0] ? callsFor(shops[0].searches) : [];
    for (const call of calls) {
      timings.set(
        call.label,
        await timeCall(
          shops.map((shop) => shop.ask),
          call,
        ),
      );
    }
    const largestShop = shops.at(-1);
    if (largestShop !== undefined) {
      downloads = await measureDownloads(dialect, largestShop, options.sizes.at(-1) ?? 0);
    }
  } finally {
    for (const shop of shops) await shop.stop();
  }

  const smallest = options.sizes[0] ?? 0;
  const largest = options.sizes.at(-1) ?? 0;
  const growth = (list: readonly Timing[]) =>
    (list.at(-1)?.median ?? Number.NaN) / (list[0]?.median ?? Number.NaN);
  const over = (call: Call, list: readonly Timing[]) => {
    if (options.sizes.length < 2) return [];
    const ms = call.targetMs ?? TARGET_MS;
    return [
      ...(call.targetMs === undefined && growth(list) > TARGET_GROWTH
        ? [`> ${TARGET_GROWTH}x`]
        : []),
      ...((list.at(-1)?.median ?? 0) > ms ? [`> ${ms} ms`] : []),
    ];
  };
  console.info(
    `\n  ${dialect}: milliseconds, first ask / median of the next ${RUNS}; marked: over ${TARGET_GROWTH}x its ${smallest} time or over ${TARGET_MS} ms at ${largest} (the VAT return: over 300 ms)`,
  );
  console.info(
    table(
      [
        'call',
        ...options.sizes.map((size) => `${size} orders`),
        `${largest} / ${smallest}`,
        'over',
        `found at ${largest}`,
      ],
      calls.map((call) => {
        const list = timings.get(call.label) ?? [];
        return [
          call.label,
          ...list.map((timing) => `${timing.first.toFixed(2)} / ${timing.median.toFixed(2)}`),
          options.sizes.length > 1 ? `${growth(list).toFixed(1)}x` : '',
          over(call, list).join(', '),
          list.at(-1)?.found ?? '',
        ];
      }),
    ),
  );
  if (options.sizes.length < 2) return downloads;
  const growthLines = calls.map((call) => {
    const list = timings.get(call.label) ?? [];
    const ratio = growth(list);
    return {
      measure: `${dialect} back office ${call.label}, ${largest} / ${smallest}`,
      figure: `${ratio.toFixed(1)}x (${list[0]?.median.toFixed(2)} -> ${list.at(-1)?.median.toFixed(2)} ms)`,
      target:
        call.targetMs === undefined
          ? `<= ${TARGET_GROWTH}x, <= ${TARGET_MS} ms`
          : `<= ${call.targetMs} ms at ${largest}`,
      met: over(call, list).length === 0,
    };
  });
  return [...growthLines, ...downloads];
}

export async function measureBackOfficeScale(options: BenchOptions): Promise<SummaryLine[]> {
  heading(
    `Back-office scale: the owner's calls at ${options.sizes.join(' and ')} orders and products`,
  );
  const lines = await measureDialect('sqlite', options);
  if (options.postgresUrl) lines.push(...(await measureDialect('postgres', options)));
  else
    console.info(
      '\n  PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure it',
    );
  return lines;
}
