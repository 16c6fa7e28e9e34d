// `npm run bench [-- options]`: measures what shoppers wait for and prints figures, ratios and a
// summary against the contract's targets. Parts (see scripts/bench/):
//   throughput  each catalogue call and storefront page, requests a second as a ratio of a bare
//               Fastify server answering the same bytes, and the shop's resident memory
//   weight      the home page's JavaScript and CSS, gzipped, as named and as Chromium fetches them
//   lighthouse  mobile scores for the home page and a product page
//   scale       search and listing at each catalogue size, SQLite and PostgreSQL
//   back-office the owner's desk, order list and searches, audit log, product list, customers,
//               users, vouchers, reviews to moderate and the VAT return, asked over HTTP of the
//               shop at each size of orders and products, SQLite and PostgreSQL, each while a
//               probe asks the same shop for an answer it makes at once; and at the largest, the
//               shop's memory while the VAT record and the orders export download
//   growth      every catalogue call, the sitemap and its first file, every storefront page and a
//               regular customer's "my orders", asked the same way (the cache off, the probe
//               asking); and at the largest, browsing four cached pages with the cache on, alone
//               and while an order is placed every 0.7 s through checkout
//   sign-in     a refused sign-in with and without an account behind the email
//   sign-in-burst  the page's script file's time while 100 wrong sign-ins are checked at once
//   price-list  the longest health check while a 5 MB price list is applied, SQLite
// The first three and sign-in-burst run against the built shop, started as `npm start` would.
// back-office and growth ask shops grown once for both (grown-shops.ts), started from their
// source. `--scale` runs scale, back-office and growth: how everything grows from the smallest
// size to the largest (1,000 and 100,000 unless --sizes says otherwise).
import { cpus } from 'node:os';
import { measureBackOfficeScale } from './bench/back-office-scale';
import { measureCatalogueScale } from './bench/catalogue-scale';
import { growShops } from './bench/grown-shops';
import { measureGrowth } from './bench/growth';
import { measureLighthouse } from './bench/lighthouse';
import { OptionsError, readOptions, USAGE, type BenchOptions, type Part } from './bench/options';
import { measurePageWeight } from './bench/page-weight';
import { measurePriceList } from './bench/price-list';
import { printSummary, type SummaryLine } from './bench/report';
import { measureSignInBurst } from './bench/sign-in-burst';
import { signInTiming } from './bench/sign-in-timing';
import { buildIfStale, startShop } from './bench/shop-process';
import { measureThroughput } from './bench/throughput';

/** The parts measured against the built shop in its own process. */
const SHOP_PARTS: readonly Part[] = ['throughput', 'weight', 'lighthouse', 'sign-in-burst'];

async function againstTheShop(options: BenchOptions): Promise<SummaryLine[]> {
  const { parts } = options;
  if (!SHOP_PARTS.some((part) => parts.has(part))) return [];
  buildIfStale();
  const shop = await startShop(process.env);
  console.info(`\nThe shop (built, NODE_ENV=production, demo catalogue) at ${shop.baseUrl}`);
  const lines: SummaryLine[] = [];
  try {
    // Throughput first, so "idle" memory is the shop's just after it started.
    if (parts.has('throughput')) lines.push(...(await measureThroughput(shop, options)));
    if (parts.has('weight')) lines.push(...(await measurePageWeight(shop)));
    if (parts.has('lighthouse'))
      lines.push(...(await measureLighthouse(shop, options.lighthouseRuns)));
    // Last: its sign-ins use up the address's sign-in limit for 15 minutes.
    if (parts.has('sign-in-burst')) lines.push(...(await measureSignInBurst(shop)));
  } catch (error) {
    console.error(`\nThe shop's last words:\n${shop.log()}`);
    throw error;
  } finally {
    await shop.stop();
  }
  return lines;
}

/** The parts that ask grown shops: the shops are grown once for them all, and dropped after. */
async function againstGrownShops(options: BenchOptions): Promise<SummaryLine[]> {
  const { parts } = options;
  if (!parts.has('back-office') && !parts.has('growth')) return [];
  // growth's storefront pages are rendered from the built app, as the shop serves them.
  if (parts.has('growth')) buildIfStale();
  const grown = await growShops(options);
  const lines: SummaryLine[] = [];
  try {
    if (parts.has('back-office')) lines.push(...(await measureBackOfficeScale(grown, options)));
    if (parts.has('growth')) lines.push(...(await measureGrowth(grown, options)));
  } finally {
    await grown.dropAll();
  }
  return lines;
}

let options: BenchOptions;
try {
  options = readOptions(process.argv.slice(2), process.env);
} catch (error) {
  if (!(error instanceof OptionsError)) throw error;
  console.error(`${error.message}\n\n${USAGE}`);
  process.exit(2);
}

const started = Date.now();
console.info(
  `npm run bench: ${[...options.parts].join(', ')} (Node ${process.version}, ${cpus().length} CPUs)`,
);
const summary = await againstTheShop(options);
if (options.parts.has('scale')) summary.push(...(await measureCatalogueScale(options)));
summary.push(...(await againstGrownShops(options)));
if (options.parts.has('sign-in')) summary.push(...(await signInTiming()));
if (options.parts.has('price-list')) summary.push(...(await measurePriceList()));
printSummary(summary);
console.info(`\n  (${((Date.now() - started) / 1000).toFixed(0)} s in all)`);
