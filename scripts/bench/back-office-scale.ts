// How the owner's back office grows with the shop: the desk, the order list and its searches, the
// audit log, the product list, the customers and users, the vouchers, the reviews to moderate and
// the VAT return (and, of the largest shop, the memory its CSV downloads and Google product feed
// take), asked over HTTP by a signed-in admin, of a shop grown to each size (as many orders as
// products, grown-shops.ts) and started from its source as its own process with its cache off,
// every size running at once and asked in turn, on SQLite and on PostgreSQL. While each call runs,
// a probe asks the same process for an answer it makes at once: how long the call held up everyone
// else.
import { ukDay } from '../../src/shared/uk-time';
import { previousQuarter, quarterHolding, quarterKey } from '../../src/shared/reports/vat';
import type { TestDialect } from '../../tests/support/databases';
import { startGrownShop, type GrownShop, type GrownShops } from './grown-shops';
import type { BackOfficeSearches } from './large-back-office';
import { downloadCost, TARGET_RISE_MB } from './downloads';
import type { BenchOptions } from './options';
import { openProbe, PROBE_ADDRESS, PROBE_TARGET_MS, type Probe } from './probe';
import { heading, median, table, type SummaryLine } from './report';

const RUNS = 21;
/** A call whose runs have taken this long in all stops at the fewest runs below. */
const BUDGET_MS = 8000;
const FEWEST_RUNS = 5;
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
    { label: 'customers, last page', address: '/api/customers', lastPage: true },
    { label: `customers "${namePart}"`, address: `/api/customers?${q(namePart)}` },
    { label: 'users, page 1', address: '/api/users' },
    { label: 'users, last page', address: '/api/users', lastPage: true },
    { label: 'vouchers, page 1', address: '/api/vouchers' },
    { label: 'vouchers, last page', address: '/api/vouchers', lastPage: true },
    { label: 'reviews, page 1', address: '/api/reviews' },
    { label: 'reviews, last page', address: '/api/reviews', lastPage: true },
    { label: 'reviews reported', address: '/api/reviews?reported=true' },
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
  /** The longest the probe waited on this shop while the call ran, in ms. */
  probe: number;
}

type Ask = (address: string) => Promise<Record<string, unknown>>;

async function time(run: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

interface Asked {
  ask: Ask;
  probe: Probe;
}

/**
 * One call of every shop (one a size), RUNS times each (fewer, at least FEWEST_RUNS, once they
 * have taken BUDGET_MS in all), taking turns (the smallest first one time, the largest the next),
 * so that whatever else the machine does slows every size alike; each with the probe asking.
 */
async function timeCall(shops: readonly Asked[], call: Call): Promise<Timing[]> {
  const asked = [];
  const began = Date.now();
  for (const { ask, probe } of shops) {
    let address = call.address;
    let answer: Record<string, unknown> | undefined;
    let worst = 0;
    const probed = async (run: () => Promise<unknown>) => {
      let took = 0;
      const seen = await probe.during(async () => (took = await time(run)));
      worst = Math.max(worst, seen.worst);
      return took;
    };
    let first = await probed(async () => (answer = await ask(address)));
    const pages = Number(answer?.pages ?? 0);
    const found =
      answer?.total !== undefined
        ? `${Number(answer.total)} found, ${pages} pages`
        : answer?.pages !== undefined
          ? `${pages} pages`
          : '';
    if (call.lastPage) {
      address = `${address}${address.includes('?') ? '&' : '?'}pageNumber=${Math.max(1, pages)}`;
      worst = 0;
      first = await probed(() => ask(address));
    }
    const again = () => probed(() => ask(address));
    asked.push({ again, first, found, times: [] as number[], worst: () => worst });
  }
  for (let run = 0; run < RUNS; run += 1) {
    if (run >= FEWEST_RUNS && Date.now() - began > BUDGET_MS) break;
    for (const shop of run % 2 === 0 ? asked : [...asked].reverse()) {
      shop.times.push(await shop.again());
    }
  }
  return asked.map((shop) => ({
    first: shop.first,
    median: median(shop.times),
    found: shop.found,
    probe: shop.worst(),
  }));
}

/** `100000` → `100k`. */
const inThousands = (size: number) =>
  size >= 1000 && size % 1000 === 0 ? `${size / 1000}k` : String(size);

/**
 * The long downloads of the largest shop, each streamed while the shop's memory is watched: the
 * accountant's VAT record of the last whole quarter and every order of the last three years, and
 * the Google product feed of every live product.
 */
async function measureDownloads(
  dialect: TestDialect,
  shop: GrownShop,
  size: number,
): Promise<SummaryLine[]> {
  const now = new Date();
  const threeYearsAgo = new Date(now.getTime() - 3 * 365 * 24 * 3600 * 1000);
  const downloads = [
    {
      label: `VAT record ${LAST_QUARTER}`,
      address: `/api/reports/vat.csv?quarter=${LAST_QUARTER}`,
      measure: `${dialect} VAT record ${LAST_QUARTER} at ${size} orders, the shop's memory rising`,
      linesNotRows: 1,
    },
    {
      label: 'orders export, three years',
      address: `/api/exports/orders.csv?from=${ukDay(threeYearsAgo)}&to=${ukDay(now)}`,
      measure: `${dialect} orders export, three years at ${size} orders, the shop's memory rising`,
      linesNotRows: 1,
    },
    {
      // Public, as Google fetches it: an item a line between the channel's opening and closing.
      label: 'google feed',
      address: '/feeds/google.xml',
      measure: `${dialect} google feed at ${inThousands(size)}: memory rise`,
      linesNotRows: 3,
    },
  ];
  const rows: string[][] = [];
  const lines: SummaryLine[] = [];
  for (const download of downloads) {
    const cost = await downloadCost(
      shop.pid,
      `${shop.baseUrl}${download.address}`,
      { authorization: `Bearer ${shop.token}` },
      download.linesNotRows,
    );
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
      measure: download.measure,
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

async function measureDialect(
  dialect: TestDialect,
  grown: GrownShops,
  options: BenchOptions,
): Promise<SummaryLine[]> {
  const timings = new Map<string, Timing[]>();
  const databases = grown.of(dialect);
  const calls = databases[0] ? callsFor(databases[0].searches) : [];
  const shops: GrownShop[] = [];
  const asked: Asked[] = [];
  let downloads: SummaryLine[] = [];
  try {
    for (const database of databases) {
      const shop = await startGrownShop(database, grown.password, { CACHE_MAX_MB: '0' });
      shops.push(shop);
      asked.push({ ask: shop.ask, probe: openProbe(`${shop.baseUrl}${PROBE_ADDRESS}`) });
    }
    for (const call of calls) timings.set(call.label, await timeCall(asked, call));
    const largestShop = shops.at(-1);
    if (largestShop !== undefined) {
      downloads = await measureDownloads(dialect, largestShop, options.sizes.at(-1) ?? 0);
    }
  } finally {
    for (const { probe } of asked) await probe.close();
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
      ...((list.at(-1)?.probe ?? 0) > PROBE_TARGET_MS ? [`probe > ${PROBE_TARGET_MS} ms`] : []),
    ];
  };
  console.info(
    `\n  ${dialect}: milliseconds, first ask / median of the next ${RUNS} (at least ${FEWEST_RUNS} when slow); marked: over ${TARGET_GROWTH}x its ${smallest} time or over ${TARGET_MS} ms at ${largest} (the VAT return: over 300 ms), or ${PROBE_ADDRESS} held over ${PROBE_TARGET_MS} ms meanwhile`,
  );
  console.info(
    table(
      [
        'call',
        ...options.sizes.map((size) => `${size} orders`),
        `${largest} / ${smallest}`,
        `probe at ${largest}`,
        'over',
        `found at ${largest}`,
      ],
      calls.map((call) => {
        const list = timings.get(call.label) ?? [];
        return [
          call.label,
          ...list.map((timing) => `${timing.first.toFixed(2)} / ${timing.median.toFixed(2)}`),
          options.sizes.length > 1 ? `${growth(list).toFixed(1)}x` : '',
          (list.at(-1)?.probe ?? 0).toFixed(1),
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
      figure: `${ratio.toFixed(1)}x (${list[0]?.median.toFixed(2)} -> ${list.at(-1)?.median.toFixed(2)} ms), probe ${(list.at(-1)?.probe ?? 0).toFixed(0)} ms`,
      target:
        call.targetMs === undefined
          ? `<= ${TARGET_GROWTH}x, <= ${TARGET_MS} ms; probe <= ${PROBE_TARGET_MS} ms`
          : `<= ${call.targetMs} ms at ${largest}; probe <= ${PROBE_TARGET_MS} ms`,
      met: over(call, list).length === 0,
    };
  });
  return [...growthLines, ...downloads];
}

export async function measureBackOfficeScale(
  grown: GrownShops,
  options: BenchOptions,
): Promise<SummaryLine[]> {
  heading(
    `Back-office scale: the owner's calls at ${options.sizes.join(' and ')} orders and products`,
  );
  const lines: SummaryLine[] = [];
  for (const dialect of grown.dialects)
    lines.push(...(await measureDialect(dialect, grown, options)));
  if (!grown.dialects.includes('postgres'))
    console.info(
      '\n  PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure it',
    );
  return lines;
}
