// `npm run bench`: measures what shoppers wait for and prints figures and ratios.
//   search and listing on a large catalogue (SQLite, and PostgreSQL when BENCH_DATABASE_URL or
//   TEST_DATABASE_URL is set), the same search without its index, the weight of the first page, and
//   how long a refused sign-in takes with and without an account behind the email.
import { sql } from 'kysely';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { listProducts } from '../src/server/catalog/catalog.service';
import { openDatabase, type ShopDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { createTestDatabaseUrl, type TestDialect } from '../tests/support/databases';
import { addManyProducts } from './large-catalogue';
import { signInTiming } from './sign-in-timing';

const PRODUCTS = Number(process.argv[2] ?? 20_000);
const RUNS = 30;

async function medianMs(run: () => Promise<unknown>): Promise<number> {
  await run();
  const times: number[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const start = process.hrtime.bigint();
    await run();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

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

async function benchDatabase(dialect: TestDialect) {
  const target = await createTestDatabaseUrl(dialect);
  const url =
    dialect === 'sqlite'
      ? `sqlite:${path.join('/tmp', `shop-bench-${process.pid}.db`)}`
      : target.url;
  const database = openDatabase(
    url.startsWith('sqlite:')
      ? { dialect: 'sqlite', filename: url.slice('sqlite:'.length) }
      : { dialect: 'postgres', connectionString: url },
  );
  try {
    await migrateToLatest(database);
    await database.db.deleteFrom('products').execute();
    const seeding = Date.now();
    await addManyProducts(database, PRODUCTS);
    if (dialect === 'postgres') await sql`analyze products`.execute(database.db);
    console.info(
      `\n${dialect}: ${PRODUCTS} products added in ${((Date.now() - seeding) / 1000).toFixed(1)} s`,
    );

    const rows: [string, number][] = [
      [
        'listing, page 1',
        await medianMs(() => listProducts(database, { keyword: '', pageNumber: 1 })),
      ],
      [
        'listing, page 500',
        await medianMs(() => listProducts(database, { keyword: '', pageNumber: 500 })),
      ],
      [
        'search "topaz" (index)',
        await medianMs(() => listProducts(database, { keyword: 'topaz', pageNumber: 1 })),
      ],
      ['search "topaz" (scan)', await medianMs(() => scanSearch(database, 'topaz'))],
      [
        'search "silver pendant"',
        await medianMs(() => listProducts(database, { keyword: 'silver pendant', pageNumber: 1 })),
      ],
      [
        'search miss "tiara"',
        await medianMs(() => listProducts(database, { keyword: 'tiara', pageNumber: 1 })),
      ],
      ['scan miss "tiara"', await medianMs(() => scanSearch(database, 'tiara'))],
    ];
    for (const [name, ms] of rows)
      console.info(`  ${name.padEnd(28)} ${ms.toFixed(2).padStart(8)} ms (median of ${RUNS})`);
    const byName = new Map(rows);
    const ratio = (slow: string, fast: string) =>
      ((byName.get(slow) ?? 0) / (byName.get(fast) || 1)).toFixed(1);
    console.info(
      `  scan / index, hit:   ${ratio('search "topaz" (scan)', 'search "topaz" (index)')}x`,
    );
    console.info(`  scan / index, miss:  ${ratio('scan miss "tiara"', 'search miss "tiara"')}x`);
  } finally {
    await database.close();
    await target.drop();
  }
}

/** What the first visit downloads: the files index.html names, as the server sends them. */
function pageWeight() {
  const assets = path.resolve('dist/web/assets');
  if (!existsSync(assets)) {
    console.info('\npage weight: build first (npm run build)');
    return;
  }
  const html = readFileSync(path.resolve('dist/web/index.html'), 'utf8');
  const firstLoad = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+)"/g)].map(
    (match) => match[1] ?? '',
  );
  console.info('\nfirst page load:              raw      gzip    brotli');
  const totals = [0, 0, 0];
  for (const name of readdirSync(assets).filter((file) => firstLoad.includes(file))) {
    const content = readFileSync(path.join(assets, name));
    const sizes = [content.length, gzipSync(content).length, brotliCompressSync(content).length];
    sizes.forEach((size, index) => (totals[index] = (totals[index] ?? 0) + size));
    console.info(
      `  ${name.padEnd(24)} ${sizes.map((size) => `${(size / 1024).toFixed(1)} KiB`.padStart(10)).join('')}`,
    );
  }
  console.info(
    `  ${'total'.padEnd(24)} ${totals.map((size) => `${(size / 1024).toFixed(1)} KiB`.padStart(10)).join('')}`,
  );
}

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (postgresUrl) process.env.TEST_DATABASE_URL = postgresUrl;
await benchDatabase('sqlite');
if (postgresUrl) await benchDatabase('postgres');
pageWeight();
await signInTiming();
