// How search and listing grow with the catalogue: the catalogue service's own listProducts (no
// HTTP, no answer cache) on a catalogue grown from one size to the next, on SQLite and on
// PostgreSQL. Beside it, the search a shop without an index would do, for comparison.
import { sql } from 'kysely';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { listProducts } from '../../src/server/catalog/catalog.service';
import { keepShelfIndex, type ShelfIndex } from '../../src/server/catalog/shelf-index';
import { openDatabase, type ShopDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { createTestDatabaseUrl, type TestDialect } from '../../tests/support/databases';
import { addManyProducts } from './large-catalogue';
import type { BenchOptions } from './options';
import { heading, median, table, type SummaryLine } from './report';

const RUNS = 30;
/** The contract: at the largest size, at most this many times the time at the smallest. */
const TARGET_GROWTH = 3;

/** The search a shop without an index does: a pattern match over every row, and its count. */
async function scanSearch({ db }: ShopDatabase, word: string) {
  const pattern = `%${word}%`;
  const matching = db
    .selectFrom('products')
    .where('status', '=', 'live')
    .where((eb) =>
      eb.or([
        eb(sql`lower(name)`, 'like', pattern),
        eb(sql`lower(brand)`, 'like', pattern),
        eb(sql`lower(category)`, 'like', pattern),
        eb(sql`lower(description)`, 'like', pattern),
      ]),
    );
  return Promise.all([
    matching.selectAll().orderBy('name').limit(12).execute(),
    matching.select((eb) => eb.fn.countAll().as('total')).executeTakeFirst(),
  ]);
}

/** The catalogue a query asks, and the index of its shelves that this process keeps. */
interface Catalogue {
  database: ShopDatabase;
  shelves: ShelfIndex;
}

interface Query {
  label: string;
  /** The contract bounds its growth. */
  bounded: boolean;
  run(catalogue: Catalogue, size: number): Promise<unknown>;
}

type Asked = Partial<Parameters<typeof listProducts>[2]>;

const ask =
  (keyword: string, asked: Asked = {}) =>
  ({ database, shelves }: Catalogue) =>
    listProducts(database, shelves, { keyword, pageNumber: 1, ...asked });
const search = (keyword: string) => ask(keyword);

const QUERIES: Query[] = [
  { label: 'listing, page 1', bounded: true, run: search('') },
  {
    label: 'listing, last page',
    bounded: true,
    run: ({ database, shelves }, size) =>
      listProducts(database, shelves, { keyword: '', pageNumber: Math.ceil(size / 12) }),
  },
  { label: 'search "topaz" (1 in 10 match)', bounded: true, run: search('topaz') },
  {
    label: 'shelf rings, size N, two metals, by price',
    bounded: true,
    run: ask('', {
      category: 'rings',
      size: ['N'],
      metal: ['sterling silver', '9ct gold'],
      sort: 'price-asc',
    }),
  },
  {
    label: 'shelf knitwear, merino, navy, in stock, under £80, best selling',
    bounded: true,
    run: ask('', {
      category: 'knitwear',
      material: ['merino'],
      colour: ['navy'],
      inStock: true,
      priceMax: 8000,
      sort: 'bestselling',
    }),
  },
  {
    label: 'every product, £20 to £60, best rated, page 5',
    bounded: true,
    run: ask('', { priceMin: 2000, priceMax: 6000, sort: 'rating', pageNumber: 5 }),
  },
  {
    label: 'search "silver" in stock, a stone, newest',
    bounded: true,
    run: ask('silver', { inStock: true, stone: ['topaz', 'pearl'], sort: 'newest' }),
  },
  { label: 'search "silver pendant"', bounded: true, run: search('silver pendant') },
  { label: 'search miss "tiara"', bounded: true, run: search('tiara') },
  {
    label: 'scan "topaz" (no index)',
    bounded: false,
    run: ({ database }) => scanSearch(database, 'topaz'),
  },
];

interface Timing {
  /** The first time this query is asked of this catalogue, before anything could keep it. */
  first: number;
  median: number;
}

async function time(run: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

async function timeQuery(run: () => Promise<unknown>): Promise<Timing> {
  const first = await time(run);
  const times: number[] = [];
  for (let index = 0; index < RUNS; index += 1) times.push(await time(run));
  return { first, median: median(times) };
}

/**
 * A fresh database of its own for a scale bench, and its address as DATABASE_URL takes it: an
 * SQLite file in a folder of its own, or a PostgreSQL database made on the server named.
 */
export async function openBenchDatabase(dialect: TestDialect, postgresUrl: string | undefined) {
  if (dialect === 'sqlite') {
    const folder = await mkdtemp(path.join(tmpdir(), 'shop-bench-scale-'));
    const filename = path.join(folder, 'shop.db');
    return {
      database: openDatabase({ dialect: 'sqlite', filename }),
      url: `sqlite:${filename}`,
      drop: () => rm(folder, { recursive: true, force: true }),
    };
  }
  // The test helper makes (and drops) a database of its own on the server TEST_DATABASE_URL names.
  process.env.TEST_DATABASE_URL = postgresUrl;
  const target = await createTestDatabaseUrl('postgres');
  return {
    // Patient: loading 100,000 products may take statements longer than a shopper's call may.
    database: openDatabase(
      { dialect: 'postgres', connectionString: target.url },
      { patient: true },
    ),
    url: target.url,
    drop: () => target.drop(),
  };
}

async function measureDialect(dialect: TestDialect, options: BenchOptions): Promise<SummaryLine[]> {
  const { database, drop } = await openBenchDatabase(dialect, options.postgresUrl);
  const timings = new Map<string, Timing[]>();
  const watch = await database.watchCatalogue({ info: () => undefined, warn: console.warn });
  const catalogue = { database, shelves: keepShelfIndex(database, watch) };
  try {
    await migrateToLatest(database);
    await database.db.deleteFrom('products').execute();
    let held = 0;
    for (const size of options.sizes) {
      const seeding = Date.now();
      await addManyProducts(database, held, size);
      held = size;
      if (dialect === 'postgres') await sql`analyze products`.execute(database.db);
      console.info(
        `  ${dialect}: catalogue grown to ${size} live products in ${((Date.now() - seeding) / 1000).toFixed(1)} s`,
      );
      for (const query of QUERIES) {
        const timing = await timeQuery(() => query.run(catalogue, size));
        timings.set(query.label, [...(timings.get(query.label) ?? []), timing]);
      }
    }
  } finally {
    await watch.close();
    await database.close();
    await drop();
  }

  const smallest = options.sizes[0] ?? 0;
  const largest = options.sizes.at(-1) ?? 0;
  const growth = (list: readonly Timing[]) =>
    (list.at(-1)?.median ?? Number.NaN) / (list[0]?.median ?? Number.NaN);
  console.info(`\n  ${dialect}: milliseconds, first ask / median of the next ${RUNS}`);
  console.info(
    table(
      ['query', ...options.sizes.map((size) => `${size} products`), `${largest} / ${smallest}`],
      QUERIES.map((query) => {
        const list = timings.get(query.label) ?? [];
        return [
          query.label,
          ...list.map((timing) => `${timing.first.toFixed(2)} / ${timing.median.toFixed(2)}`),
          options.sizes.length > 1 ? `${growth(list).toFixed(1)}x` : '',
        ];
      }),
    ),
  );
  if (options.sizes.length < 2) return [];
  return QUERIES.filter((query) => query.bounded).map((query) => {
    const list = timings.get(query.label) ?? [];
    const ratio = growth(list);
    return {
      measure: `${dialect} ${query.label}, ${largest} / ${smallest}`,
      figure: `${ratio.toFixed(1)}x (${list[0]?.median.toFixed(2)} -> ${list.at(-1)?.median.toFixed(2)} ms)`,
      target: `<= ${TARGET_GROWTH}x`,
      met: ratio <= TARGET_GROWTH,
    };
  });
}

export async function measureCatalogueScale(options: BenchOptions): Promise<SummaryLine[]> {
  heading(`Catalogue scale: listProducts at ${options.sizes.join(' and ')} live products`);
  const lines = await measureDialect('sqlite', options);
  if (options.postgresUrl) lines.push(...(await measureDialect('postgres', options)));
  else
    console.info(
      '\n  PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure it',
    );
  return lines;
}
