// `npm run bench [-- options]`: measures what shoppers wait for and prints figures, ratios and a
// summary against the contract's targets. Parts (see scripts/bench/):
//   throughput  each catalogue call and storefront page, requests a second as a ratio of a bare
//               Fastify server answering the same bytes, and the shop's resident memory
//   weight      the home page's JavaScript and CSS, gzipped, as named and as Chromium fetches them
//   lighthouse  mobile scores for the home page and a product page
//   scale       search and listing at each catalogue size, SQLite and PostgreSQL
//   back-office the owner's desk, order list and searches, audit log, product list, customers and
//               the VAT return, asked over HTTP of the shop at each size of orders and products,
//               SQLite and PostgreSQL; and at the largest, the shop's memory while the VAT record
//               and the orders export download
//   sign-in     a refused sign-in with and without an account behind the email
//   sign-in-burst  the page's script file's time while 100 wrong sign-ins are checked at once
// The first three and sign-in-burst run against the built shop, started as `npm start` would.
import { cpus } from 'node:os';
import { measureBackOfficeScale } from './bench/back-office-scale';
import { measureCatalogueScale } from './bench/catalogue-scale';
import { measureLighthouse } from './bench/lighthouse';
import { OptionsError, readOptions, USAGE, type BenchOptions, type Part } from './bench/options';
import { measurePageWeight } from './bench/page-weight';
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
if (options.parts.has('back-office')) summary.push(...(await measureBackOfficeScale(options)));
if (options.parts.has('sign-in')) summary.push(...(await signInTiming()));
printSummary(summary);
console.info(`\n  (${((Date.now() - started) / 1000).toFixed(0)} s in all)`);
