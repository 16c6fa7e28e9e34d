import { parseArgs } from 'node:util';

export const PARTS = [
  'throughput',
  'weight',
  'lighthouse',
  'scale',
  'back-office',
  'sign-in',
  'sign-in-burst',
] as const;
export type Part = (typeof PARTS)[number];

export interface BenchOptions {
  parts: Set<Part>;
  /** Seconds of load in each autocannon run. */
  duration: number;
  connections: number;
  /** Runs of each side per address; the median is reported. */
  rounds: number;
  lighthouseRuns: number;
  /** Catalogue sizes for the scale part, and orders and products for back-office; smallest first. */
  sizes: number[];
  /** PostgreSQL server for scale and back-office (a database is made and dropped on it), if any. */
  postgresUrl: string | undefined;
}

export const USAGE = `npm run bench [-- options]

  --only=LIST          parts to run, comma-separated: ${PARTS.join(', ')} (default: all)
  --duration=S         seconds of load per autocannon run (default 5)
  --connections=N      autocannon connections (default 50)
  --rounds=N           shop / bare server runs per address, median reported (default 3)
  --lighthouse-runs=N  Lighthouse runs per page, median reported (default 3)
  --sizes=LIST         catalogue sizes for the scale part, and orders and products (as many of
                       each) for back-office (default 1000,100000)

PostgreSQL is measured in the scale and back-office parts when BENCH_DATABASE_URL or
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

function partsOf(list: string | undefined): Set<Part> {
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
    parts: partsOf(values.only),
    duration: wholeNumber('duration', values.duration, 1),
    connections: wholeNumber('connections', values.connections, 1),
    rounds: wholeNumber('rounds', values.rounds, 1),
    lighthouseRuns: wholeNumber('lighthouse-runs', values['lighthouse-runs'], 1),
    sizes: [...new Set(sizes)],
    postgresUrl: env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL || undefined,
  };
}
