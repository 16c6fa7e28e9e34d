import { parseArgs } from 'node:util';

export const PARTS = [
  'throughput',
  'weight',
  'lighthouse',
  'scale',
  'back-office',
  'growth',
  'sign-in',
  'sign-in-burst',
  'price-list',
] as const;
export type Part = (typeof PARTS)[number];

/** What `--scale` runs: every part that grows the shop and compares its sizes. */
export const SCALE_PARTS: readonly Part[] = ['scale', 'back-office', 'growth'];

export interface BenchOptions {
  parts: Set<Part>;
  /** Seconds of load in each autocannon run. */
  duration: number;
  connections: number;
  /** Runs of each side per address; the median is reported. */
  rounds: number;
  lighthouseRuns: number;
  /**
   * Catalogue sizes for the scale part, and orders and products for back-office and growth;
   * smallest first.
   */
  sizes: number[];
  /**
   * PostgreSQL server for scale, back-office and growth (databases are made and dropped on it),
   * if any.
   */
  postgresUrl: string | undefined;
}

export const USAGE = `npm run bench [-- options]

  --only=LIST          parts to run, comma-separated: ${PARTS.join(', ')} (default: all)
  --scale              the parts that grow the shop, as --only=${SCALE_PARTS.join(',')}: how
                       every call and page grows from the smallest size to the largest
  --duration=S         seconds of load per autocannon run (default 5)
  --connections=N      autocannon connections (default 50)
  --rounds=N           shop / bare server runs per address, median reported (default 3)
  --lighthouse-runs=N  Lighthouse runs per page, median reported (default 3)
  --sizes=LIST         catalogue sizes for the scale part, and orders and products (as many of
                       each) for back-office and growth (default 1000,100000)

back-office and growth ask shops grown once to each size (as many orders as products, across
5,000 customers) with the cache off, each call while a probe asks the same shop for /robots.txt
every 5 ms. growth times every catalogue call, the sitemap and its first file, every storefront
page and a regular customer's "my orders"; then, at the largest size, browsing four cached pages
with the cache on, alone and while an order is placed every 0.7 s (--duration seconds a run,
--rounds runs of each).

PostgreSQL is measured in the scale, back-office and growth parts when BENCH_DATABASE_URL or
TEST_DATABASE_URL names a server.`;

export class OptionsError extends Error {
  override name = 'OptionsError';
}

function wholeNumber(name: string, value: string, least: number): number {
  const number = Number(value.replaceAll('_', ''));
  if (!Number.isInteger(number) || number < least)
    throw new OptionsError(
      `--${name} must be a whole number of at least ${least} (got "${value}")`,
    );
  return number;
}

function partsOf(list: string | undefined, scale: boolean): Set<Part> {
  if (scale && list !== undefined) throw new OptionsError('--scale and --only: give one of them');
  if (scale) return new Set(SCALE_PARTS);
  if (list === undefined) return new Set(PARTS);
  const parts = new Set<Part>();
  for (const name of list.split(',').map((word) => word.trim())) {
    const part = PARTS.find((known) => known === name);
    if (!part) throw new OptionsError(`--only: "${name}" is not a part; use ${PARTS.join(', ')}`);
    parts.add(part);
  }
  return parts;
}

export function readOptions(argv: string[], env: NodeJS.ProcessEnv): BenchOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        only: { type: 'string' },
        scale: { type: 'boolean', default: false },
        duration: { type: 'string', default: '5' },
        connections: { type: 'string', default: '50' },
        rounds: { type: 'string', default: '3' },
        'lighthouse-runs': { type: 'string', default: '3' },
        sizes: { type: 'string', default: '1000,100000' },
      },
    }));
  } catch (error) {
    throw new OptionsError(error instanceof Error ? error.message : String(error));
  }
  const sizes = values.sizes
    .split(',')
    .map((size) => wholeNumber('sizes', size.trim(), 1))
    .sort((a, b) => a - b);
  return {
    parts: partsOf(values.only, values.scale),
    duration: wholeNumber('duration', values.duration, 1),
    connections: wholeNumber('connections', values.connections, 1),
    rounds: wholeNumber('rounds', values.rounds, 1),
    lighthouseRuns: wholeNumber('lighthouse-runs', values['lighthouse-runs'], 1),
    sizes: [...new Set(sizes)],
    postgresUrl: env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL || undefined,
  };
}
