// Requests a second the shop answers for each catalogue call and storefront page, beside a bare
// Fastify server answering the same bytes: the ratio is the part of the yardstick's speed the
// shop keeps. Both servers run in their own processes; autocannon runs here, loading one at a time.
import autocannon from 'autocannon';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BenchOptions } from './options';
import { heading, median, mb, table, type SummaryLine } from './report';
import { fetchAsAutocannon, startBareServer } from './same-bytes';
import { residentMemory, type RunningShop } from './shop-process';

const WARM_UP_SECONDS = 1;
const MEMORY_LIMIT_BYTES = 200 * 1000 * 1000;
/** The contract's floor for the calls and pages it names. */
const TARGET_RATIO = 0.5;

interface Address {
  label: string;
  path: string;
  /** Whether the contract sets the 0.5 floor for it. */
  targeted: boolean;
}

interface Load {
  requestsPerSecond: number;
  latencyP50: number;
  latencyP99: number;
  /** Answers other than 2xx, and connection errors: any of these spoils the figure. */
  faults: number;
}

async function load(url: string, connections: number, duration: number): Promise<Load> {
  const result = await autocannon({ url, connections, duration });
  return {
    requestsPerSecond: result['2xx'] / result.duration,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    faults: result.non2xx + result.errors,
  };
}

/** Samples the shop's resident memory until stopped; keeps the largest. */
function watchMemory(pid: number) {
  let largest = residentMemory(pid) ?? 0;
  const timer = setInterval(() => {
    largest = Math.max(largest, residentMemory(pid) ?? 0);
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      return largest;
    },
  };
}

async function firstProductId(baseUrl: string): Promise<string> {
  const answer = await fetchAsAutocannon(`${baseUrl}/api/products`);
  const page: unknown = JSON.parse(answer.body.toString('utf8'));
  if (
    page &&
    typeof page === 'object' &&
    'products' in page &&
    Array.isArray(page.products) &&
    page.products.length > 0
  ) {
    const first: unknown = page.products[0];
    if (first && typeof first === 'object' && '_id' in first && typeof first._id === 'string')
      return first._id;
  }
  throw new Error('GET /api/products answered no products: is the demo catalogue there?');
}

interface Measured {
  address: Address;
  shop: Load[];
  bare: Load[];
  bytes: number;
  shopHeaderBytes: number;
  bareHeaderBytes: number;
  sameEachTime: boolean;
}

async function measureAddress(
  shop: RunningShop,
  address: Address,
  scratch: string,
  options: BenchOptions,
): Promise<Measured> {
  const answer = await fetchAsAutocannon(`${shop.baseUrl}${address.path}`);
  const again = await fetchAsAutocannon(`${shop.baseUrl}${address.path}`);
  const bodyFile = path.join(scratch, `${address.label.replaceAll(/\W+/g, '-')}.body`);
  await writeFile(bodyFile, answer.body);
  const bare = await startBareServer(bodyFile, answer.contentType);
  try {
    const bareAnswer = await fetchAsAutocannon(`${bare.baseUrl}${address.path}`);
    if (!bareAnswer.body.equals(answer.body))
      throw new Error(`The bare server did not answer the shop's bytes for ${address.path}`);
    const shopUrl = `${shop.baseUrl}${address.path}`;
    const bareUrl = `${bare.baseUrl}${address.path}`;
    await load(shopUrl, options.connections, WARM_UP_SECONDS);
    await load(bareUrl, options.connections, WARM_UP_SECONDS);
    const shopLoads: Load[] = [];
    const bareLoads: Load[] = [];
    for (let round = 0; round < options.rounds; round += 1) {
      shopLoads.push(await load(shopUrl, options.connections, options.duration));
      bareLoads.push(await load(bareUrl, options.connections, options.duration));
    }
    return {
      address,
      shop: shopLoads,
      bare: bareLoads,
      bytes: answer.body.length,
      shopHeaderBytes: answer.headerBytes,
      bareHeaderBytes: bareAnswer.headerBytes,
      sameEachTime: again.body.equals(answer.body),
    };
  } finally {
    await bare.stop();
  }
}

export async function measureThroughput(
  shop: RunningShop,
  options: BenchOptions,
): Promise<SummaryLine[]> {
  heading(
    `Throughput: shop / bare Fastify with the same bytes (autocannon, ${options.connections} connections, ` +
      `${options.duration} s a run, alternating, median of ${options.rounds})`,
  );
  const idle = residentMemory(shop.pid) ?? 0;
  const id = await firstProductId(shop.baseUrl);
  const addresses: Address[] = [
    { label: 'GET /api/products (page 1)', path: '/api/products', targeted: true },
    {
      label: 'GET /api/products?keyword=pendant',
      path: '/api/products?keyword=pendant',
      targeted: true,
    },
    { label: 'GET /api/products/:id', path: `/api/products/${id}`, targeted: true },
    { label: 'GET /product/:id (HTML)', path: `/product/${id}`, targeted: true },
    { label: 'GET / (HTML)', path: '/', targeted: false },
    { label: 'GET /category/jewellery (HTML)', path: '/category/jewellery', targeted: false },
  ];
  const scratch = await mkdtemp(path.join(tmpdir(), 'shop-bench-bodies-'));
  const memory = watchMemory(shop.pid);
  const measured: Measured[] = [];
  try {
    for (const address of addresses) {
      const result = await measureAddress(shop, address, scratch, options);
      measured.push(result);
      const rate = (loads: Load[]) => median(loads.map((run) => run.requestsPerSecond));
      console.info(`  ${address.label}: ${(rate(result.shop) / rate(result.bare)).toFixed(2)}`);
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  const largest = memory.stop();
  const afterwards = residentMemory(shop.pid) ?? 0;

  const rows = measured.map((entry) => {
    const shopRate = median(entry.shop.map((run) => run.requestsPerSecond));
    const bareRate = median(entry.bare.map((run) => run.requestsPerSecond));
    const faults = [...entry.shop, ...entry.bare].reduce((sum, run) => sum + run.faults, 0);
    return {
      entry,
      shopRate,
      bareRate,
      ratio: shopRate / bareRate,
      cells: [
        entry.address.label,
        `${entry.bytes}${entry.sameEachTime ? '' : '*'}`,
        entry.shop.map((run) => run.requestsPerSecond.toFixed(0)).join(' '),
        entry.bare.map((run) => run.requestsPerSecond.toFixed(0)).join(' '),
        shopRate.toFixed(0),
        bareRate.toFixed(0),
        (shopRate / bareRate).toFixed(2),
        `${median(entry.shop.map((run) => run.latencyP50))}/${median(entry.shop.map((run) => run.latencyP99))}`,
        String(faults),
      ],
    };
  });
  console.info(
    table(
      [
        'address',
        'bytes',
        'shop runs',
        'bare runs',
        'shop r/s',
        'bare r/s',
        'ratio',
        'shop p50/p99 ms',
        'faults',
      ],
      rows.map((row) => row.cells),
    ),
  );
  if (measured.some((entry) => !entry.sameEachTime))
    console.info('  * the shop answered different bytes on a second request; the first were used');
  const headers = measured[0];
  if (headers)
    console.info(
      `  headers: the shop sends ${headers.shopHeaderBytes} bytes of headers, the bare server ` +
        `${headers.bareHeaderBytes} (${headers.address.label}); bodies are the same`,
    );
  console.info(
    `  shop resident memory: ${mb(idle)} idle after start, ${mb(largest)} at most under load, ` +
      `${mb(afterwards)} afterwards (limit 200 MB); the first start, which added the demo ` +
      `catalogue, held ${mb(shop.seedingMemory)} just after`,
  );

  return [
    ...rows.map((row) => ({
      measure: `${row.entry.address.label} / bare`,
      figure: `${row.ratio.toFixed(2)} (${row.shopRate.toFixed(0)} / ${row.bareRate.toFixed(0)} r/s)`,
      ...(row.entry.address.targeted
        ? { target: `>= ${TARGET_RATIO}`, met: row.ratio >= TARGET_RATIO }
        : {}),
    })),
    { measure: 'shop RSS idle', figure: mb(idle) },
    {
      measure: 'shop RSS under load (max)',
      figure: mb(largest),
      target: '< 200 MB',
      met: largest < MEMORY_LIMIT_BYTES,
    },
  ];
}
