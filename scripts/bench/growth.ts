// How what shoppers ask grows with the shop: every public catalogue call, the sitemap and one of
// its files, every storefront page and a regular customer's "my orders", asked over HTTP of a
// shop grown to each size (grown-shops.ts: as many orders as products, across 5,000 customers)
// and started from its source with its cache off, every size running at once and asked in turn,
// on SQLite and on PostgreSQL; each while a probe asks the same process for an answer it makes at
// once (probe.ts). Then, of the largest shop with its cache on, how many requests a second
// shoppers browsing four cached pages are answered, alone and while an order is placed every
// 0.7 s through checkout. The owner's lists are timed by back-office-scale.ts.
import autocannon from 'autocannon';
import { paymentAnswerSchema } from '../../src/shared/payments/payments';
import type { TestDialect } from '../../tests/support/databases';
import { startGrownShop, type GrownDatabase, type GrownShop, type GrownShops } from './grown-shops';
import type { BenchOptions } from './options';
import { openProbe, PROBE_ADDRESS, PROBE_TARGET_MS, type Probe } from './probe';
import { heading, median, table, type SummaryLine } from './report';

const RUNS = 11;
/** A request whose runs have taken this long in all stops at the fewest runs below. */
const BUDGET_MS = 6000;
const FEWEST_RUNS = 3;
/** The contract: at the largest size, at most this many times the time at the smallest... */
const TARGET_GROWTH = 3;
/** ...and under this many milliseconds, with the cache off. */
const TARGET_MS = 100;
/** One order placed this often while shoppers browse. */
const ORDER_EVERY_MS = 700;
/** The contract's goal: browsing while orders flow at least 1 / 1.5 of browsing alone. */
const TARGET_SLOWDOWN = 1.5;

const SHELF = 'pendants';
const DEPARTMENT = 'jewellery';

/** What a shop's later addresses need, learnt from its earlier answers. */
interface ShopFacts {
  productId: string;
  /** Pages of every live product, and of the shelf's. */
  pages?: number;
  shelfPages?: number;
  /** The first file the sitemap names, once it names files. */
  sitemapFile?: string;
}

interface Request {
  label: string;
  address(facts: ShopFacts): string;
  /** Asked as the regular customer, signed in. */
  signedIn?: boolean;
  /** Not in every shop yet: a 404 is shown as n/a rather than stopping the bench. */
  mayBeMissing?: boolean;
  /** What the first answer tells of the shop, for the requests after it. */
  learn?(body: string, facts: ShopFacts): void;
}

const pagesOf = (body: string) =>
  Math.max(1, Number((JSON.parse(body) as { pages?: number }).pages));

const REQUESTS: Request[] = [
  {
    label: 'GET /api/products',
    address: () => '/api/products',
    learn: (body, facts) => (facts.pages = pagesOf(body)),
  },
  { label: 'GET /api/products, last page', address: (f) => `/api/products?pageNumber=${f.pages}` },
  { label: 'GET /api/products?keyword=topaz', address: () => '/api/products?keyword=topaz' },
  {
    label: 'GET /api/products?keyword=tiara (miss)',
    address: () => '/api/products?keyword=tiara',
  },
  {
    label: 'GET /api/products?keyword=pendnat (near miss)',
    address: () => '/api/products?keyword=pendnat',
  },
  {
    label: `GET /api/products?category=${SHELF}`,
    address: () => `/api/products?category=${SHELF}`,
    learn: (body, facts) => (facts.shelfPages = pagesOf(body)),
  },
  {
    label: `GET /api/products?category=${SHELF}, last page`,
    address: (f) => `/api/products?category=${SHELF}&pageNumber=${f.shelfPages}`,
  },
  {
    label: `GET /api/products?category=${DEPARTMENT}`,
    address: () => `/api/products?category=${DEPARTMENT}`,
  },
  {
    label: 'GET /api/products, rings, size N, two metals, by price',
    address: () =>
      '/api/products?category=rings&size=N&metal=sterling%20silver,9ct%20gold&sort=price-asc',
  },
  {
    label: 'GET /api/products, knitwear, merino, in stock, under £80, best selling',
    address: () =>
      '/api/products?category=knitwear&material=merino&inStock=true&priceMax=80&sort=bestselling',
  },
  {
    label: 'GET /api/products, £20 to £60, best rated, page 5',
    address: () => '/api/products?priceMin=20&priceMax=60&sort=rating&pageNumber=5',
  },
  {
    label: 'GET /api/products?keyword=topaz, a metal, in stock, dearest first',
    address: () =>
      '/api/products?keyword=topaz&metal=sterling%20silver&inStock=true&sort=price-desc',
  },
  { label: 'GET /api/products/:id', address: (f) => `/api/products/${f.productId}` },
  {
    label: 'GET /api/products/:id/similar',
    address: (f) => `/api/products/${f.productId}/similar`,
  },
  {
    label: 'GET /sitemap.xml',
    address: () => '/sitemap.xml',
    learn(body, facts) {
      // An index names its files, the pages' before the products'; one page of every address
      // names none. The first file of products is the one that grows with the shop.
      const file = body.includes('<sitemapindex')
        ? (/<loc>([^<]+\/products-[^<]+)<\/loc>/.exec(body) ??
            /<loc>([^<]+)<\/loc>/.exec(body))?.[1]
        : null;
      if (file) facts.sitemapFile = new URL(file).pathname;
    },
  },
  {
    label: "GET the sitemap's first file",
    address: (f) => f.sitemapFile ?? '/sitemaps/products-1.xml',
    mayBeMissing: true,
  },
  { label: 'page: home', address: () => '/' },
  { label: 'page: home, last page', address: (f) => `/page/${f.pages}` },
  { label: `page: shelf ${SHELF}`, address: () => `/category/${SHELF}` },
  {
    label: `page: shelf ${SHELF}, last page`,
    address: (f) => `/category/${SHELF}/page/${f.shelfPages}`,
  },
  { label: `page: department ${DEPARTMENT}`, address: () => `/category/${DEPARTMENT}` },
  { label: 'page: search "topaz"', address: () => '/search/topaz' },
  {
    label: 'page: shelf rings, size N, a metal, by price',
    address: () => '/category/rings?size=N&metal=sterling%20silver&sort=price-asc',
  },
  { label: 'page: search "tiara" (nothing found)', address: () => '/search/tiara' },
  { label: 'page: product', address: (f) => `/product/${f.productId}` },
  { label: 'page: FAQ', address: () => '/faq' },
  {
    // Paged or whole, whichever the shop answers: the first page when it pages.
    label: 'GET /api/orders/myorders (the regular)',
    address: () => '/api/orders/myorders?pageNumber=1',
    signedIn: true,
  },
];

interface Served {
  shop: GrownShop;
  /** The regular customer's token. */
  regular: string;
  probe: Probe;
  facts: ShopFacts;
}

interface Timing {
  /** The first ask of this shop. */
  first: number;
  median: number;
  /** The longest the probe waited on this shop while the request ran, in ms. */
  probe: number;
  /** The answer's size, as the bench read it (uncompressed). */
  bytes: number;
  /** The shop has no such address yet (404). */
  missing: boolean;
}

async function time(run: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** One ask; anything but a 2xx (or a 404 of an address that may be missing) throws. */
async function ask(served: Served, request: Request, address: string) {
  const { shop, regular } = served;
  const response = await fetch(`${shop.baseUrl}${address}`, {
    headers: request.signedIn ? { authorization: `Bearer ${regular}` } : {},
  });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status === 404 && request.mayBeMissing) return { body, missing: true };
  if (!response.ok) {
    throw new Error(
      `${address} answered ${response.status}\n\nThe shop's last words:\n${shop.log()}`,
    );
  }
  return { body, missing: false };
}

/**
 * One request of every shop (one a size), RUNS times each (fewer, at least FEWEST_RUNS, once they
 * have taken BUDGET_MS in all), taking turns, so that whatever else the machine does slows every
 * size alike; each with the probe asking the same shop.
 */
async function timeRequest(shops: readonly Served[], request: Request): Promise<Timing[]> {
  const began = Date.now();
  const asked = [];
  for (const served of shops) {
    const address = request.address(served.facts);
    let worst = 0;
    let answer = { body: Buffer.alloc(0), missing: false };
    const again = async () => {
      let took = 0;
      const seen = await served.probe.during(async () => {
        took = await time(async () => (answer = await ask(served, request, address)));
      });
      worst = Math.max(worst, seen.worst);
      return took;
    };
    const first = await again();
    if (request.learn && !answer.missing) request.learn(answer.body.toString(), served.facts);
    const { missing, body } = answer;
    asked.push({
      again,
      first,
      missing,
      bytes: body.length,
      times: [] as number[],
      worst: () => worst,
    });
  }
  const missing = asked.some((shop) => shop.missing);
  for (let run = 0; run < RUNS && !missing; run += 1) {
    if (run >= FEWEST_RUNS && Date.now() - began > BUDGET_MS) break;
    for (const shop of run % 2 === 0 ? asked : [...asked].reverse()) {
      shop.times.push(await shop.again());
    }
  }
  return asked.map((shop) => ({
    first: shop.first,
    median: median(shop.times),
    probe: shop.worst(),
    bytes: shop.bytes,
    missing,
  }));
}

const ADDRESS = {
  name: 'Rosie Regular',
  address: '4 Chapel Row',
  city: 'Hebden Bridge',
  postalCode: 'HX7 8AB',
  country: 'United Kingdom',
};

/** A basket of one through checkout, as the payment button and onApprove send it. */
async function placeOrder(shop: GrownShop, token: string, productId: string): Promise<void> {
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${shop.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as unknown;
  };
  const lines = [{ product: productId, qty: 1 }];
  const payment = paymentAnswerSchema.parse(
    await post('/api/payments', { orderItems: lines, shippingAddress: ADDRESS }),
  );
  await post('/api/orders', {
    orderItems: lines,
    shippingAddress: ADDRESS,
    paymentMethod: 'PayPal',
    notes: '',
    paymentResult: { id: payment.id },
  });
}

interface Orders {
  /** Orders begun, each of the next product (one of each, so none runs out). */
  begun: number;
  placed: number;
  failed: string[];
  /** Each order's payment and order, in ms. */
  took: number[];
}

/**
 * Begins an order every ORDER_EVERY_MS, whether or not the one before has been placed (shoppers
 * do not wait for each other), until stopped; stopping waits for those under way.
 */
function orderFlow(shop: GrownShop, token: string, products: readonly string[], orders: Orders) {
  const underWay = new Set<Promise<void>>();
  const begin = () => {
    const productId = products[orders.begun % products.length] ?? '';
    orders.begun += 1;
    const started = performance.now();
    const placing: Promise<void> = placeOrder(shop, token, productId)
      .then(
        () => {
          orders.placed += 1;
          orders.took.push(performance.now() - started);
        },
        (error: unknown) => {
          orders.failed.push(error instanceof Error ? error.message : String(error));
        },
      )
      .finally(() => underWay.delete(placing));
    underWay.add(placing);
  };
  begin();
  const timer = setInterval(begin, ORDER_EVERY_MS);
  return async () => {
    clearInterval(timer);
    await Promise.all(underWay);
  };
}

interface Browsing {
  requestsPerSecond: number;
  latencyP99: number;
  /** Answers other than 2xx, and connection errors. */
  faults: number;
}

async function browse(
  baseUrl: string,
  paths: readonly string[],
  options: BenchOptions,
  duration: number,
): Promise<Browsing> {
  const result = await autocannon({
    url: baseUrl,
    connections: options.connections,
    duration,
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  return {
    requestsPerSecond: result['2xx'] / result.duration,
    latencyP99: result.latency.p99,
    faults: result.non2xx + result.errors,
  };
}

/**
 * The largest shop with its cache on: four cached pages browsed by autocannon for `duration`
 * seconds alone, then as long again while orders flow, `rounds` times in turn.
 */
async function measureThroughput(
  dialect: TestDialect,
  grown: GrownDatabase,
  password: string,
  options: BenchOptions,
): Promise<SummaryLine[]> {
  const shop = await startGrownShop(grown, password, {});
  try {
    const [shown, ...bought] = grown.products.map((product) => product.id);
    if (shown === undefined) throw new Error('The grown shop has no product to show');
    const paths = ['/', `/category/${DEPARTMENT}`, `/product/${shown}`, `/api/products/${shown}`];
    const token = await shop.signIn(grown.regular.email);
    // A whole run first, kept by nobody: the process from its source is still warming up.
    await browse(shop.baseUrl, paths, options, options.duration);
    const alone: Browsing[] = [];
    const flowing: Browsing[] = [];
    const orders: Orders = { begun: 0, placed: 0, failed: [], took: [] };
    for (let round = 0; round < options.rounds; round += 1) {
      alone.push(await browse(shop.baseUrl, paths, options, options.duration));
      const stop = orderFlow(shop, token, bought, orders);
      try {
        flowing.push(await browse(shop.baseUrl, paths, options, options.duration));
      } finally {
        await stop();
      }
    }
    const rate = (runs: Browsing[]) => median(runs.map((run) => run.requestsPerSecond));
    const p99 = (runs: Browsing[]) => median(runs.map((run) => run.latencyP99));
    const faults = [...alone, ...flowing].reduce((sum, run) => sum + run.faults, 0);
    const slowdown = rate(alone) / rate(flowing);
    console.info(
      `\n  ${dialect}: browsing ${paths.length} cached pages at ${grown.size} products (${options.connections} connections, ${options.duration} s a run, median of ${options.rounds}), alone and while an order is placed every ${ORDER_EVERY_MS / 1000} s`,
    );
    const row = (label: string, runs: Browsing[]) => [
      label,
      runs.map((run) => run.requestsPerSecond.toFixed(0)).join(' '),
      rate(runs).toFixed(0),
      p99(runs).toFixed(0),
      String(runs.reduce((sum, run) => sum + run.faults, 0)),
    ];
    console.info(
      table(
        ['browsing', 'runs r/s', 'r/s', 'p99 ms', 'faults'],
        [row('alone', alone), row('orders flowing', flowing)],
      ),
    );
    console.info(
      `  alone / flowing: ${slowdown.toFixed(2)}x (goal <= ${TARGET_SLOWDOWN}x); ${orders.placed} orders placed, each ${median(orders.took).toFixed(0)} ms (median)${orders.failed.length > 0 ? `; ${orders.failed.length} refused, the first: ${orders.failed[0]}` : ''}`,
    );
    return [
      {
        measure: `${dialect} browsing at ${grown.size}, alone / while orders flow`,
        figure: `${slowdown.toFixed(2)}x (${rate(alone).toFixed(0)} -> ${rate(flowing).toFixed(0)} r/s, p99 ${p99(alone).toFixed(0)} -> ${p99(flowing).toFixed(0)} ms, ${orders.placed} orders)`,
        target: `<= ${TARGET_SLOWDOWN}x`,
        met: slowdown <= TARGET_SLOWDOWN && faults === 0 && orders.placed > 0,
      },
    ];
  } catch (error) {
    console.error(`\nThe shop's last words:\n${shop.log()}`);
    throw error;
  } finally {
    await shop.stop();
  }
}

async function measureDialect(
  dialect: TestDialect,
  grown: GrownShops,
  options: BenchOptions,
): Promise<SummaryLine[]> {
  const databases = grown.of(dialect);
  const timings = new Map<string, Timing[]>();
  const served: Served[] = [];
  try {
    for (const database of databases) {
      const shop = await startGrownShop(database, grown.password, { CACHE_MAX_MB: '0' });
      try {
        const shown = database.products[0];
        if (!shown) throw new Error(`The ${database.size} shop has no product to show`);
        const regular = await shop.signIn(database.regular.email);
        const probe = openProbe(`${shop.baseUrl}${PROBE_ADDRESS}`);
        served.push({ shop, probe, regular, facts: { productId: shown.id } });
      } catch (error) {
        await shop.stop();
        throw error;
      }
    }
    for (const request of REQUESTS) timings.set(request.label, await timeRequest(served, request));
  } finally {
    for (const { shop, probe } of served) {
      await probe.close();
      await shop.stop();
    }
  }

  const smallest = options.sizes[0] ?? 0;
  const largest = options.sizes.at(-1) ?? 0;
  const compared = options.sizes.length > 1;
  const growth = (list: readonly Timing[]) =>
    (list.at(-1)?.median ?? Number.NaN) / (list[0]?.median ?? Number.NaN);
  const over = (list: readonly Timing[]) => [
    ...(compared && growth(list) > TARGET_GROWTH ? [`> ${TARGET_GROWTH}x`] : []),
    ...((list.at(-1)?.median ?? 0) >= TARGET_MS ? [`>= ${TARGET_MS} ms`] : []),
    ...((list.at(-1)?.probe ?? 0) > PROBE_TARGET_MS ? [`probe > ${PROBE_TARGET_MS} ms`] : []),
  ];
  const regular = databases.at(-1)?.regular.orders ?? 0;
  console.info(
    `\n  ${dialect}: milliseconds, first ask / median of the next ${RUNS} (at least ${FEWEST_RUNS} when slow), cache off; probe: the longest ${PROBE_ADDRESS} waited meanwhile; marked: over ${TARGET_GROWTH}x its ${smallest} time, ${TARGET_MS} ms or more at ${largest}, or the probe held over ${PROBE_TARGET_MS} ms; the regular has ${regular} orders at ${largest}`,
  );
  console.info(
    table(
      [
        'request',
        ...options.sizes.map((size) => `${size}`),
        `${largest} / ${smallest}`,
        `probe at ${largest}`,
        'over',
        `KB at ${largest}`,
      ],
      REQUESTS.map((request) => {
        const list = timings.get(request.label) ?? [];
        if (list.some((timing) => timing.missing))
          return [request.label, ...options.sizes.map(() => 'n/a'), '', '', '', ''];
        return [
          request.label,
          ...list.map((timing) => `${timing.first.toFixed(2)} / ${timing.median.toFixed(2)}`),
          compared ? `${growth(list).toFixed(1)}x` : '',
          (list.at(-1)?.probe ?? 0).toFixed(1),
          over(list).join(', '),
          ((list.at(-1)?.bytes ?? 0) / 1000).toFixed(1),
        ];
      }),
    ),
  );
  const lines: SummaryLine[] = compared
    ? REQUESTS.map((request) => {
        const list = timings.get(request.label) ?? [];
        const measure = `${dialect} ${request.label}, ${largest} / ${smallest}`;
        if (list.some((timing) => timing.missing)) return { measure, figure: 'n/a (not found)' };
        return {
          measure,
          figure: `${growth(list).toFixed(1)}x (${list[0]?.median.toFixed(2)} -> ${list.at(-1)?.median.toFixed(2)} ms), probe ${(list.at(-1)?.probe ?? 0).toFixed(0)} ms`,
          target: `<= ${TARGET_GROWTH}x, < ${TARGET_MS} ms; probe <= ${PROBE_TARGET_MS} ms`,
          met: over(list).length === 0,
        };
      })
    : [];
  const largestDatabase = databases.at(-1);
  if (largestDatabase)
    lines.push(...(await measureThroughput(dialect, largestDatabase, grown.password, options)));
  return lines;
}

export async function measureGrowth(
  grown: GrownShops,
  options: BenchOptions,
): Promise<SummaryLine[]> {
  heading(
    `Growth: what shoppers ask, at ${options.sizes.join(' and ')} orders and products; browsing while orders flow`,
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
