// Lighthouse's mobile scores (its default: a mid-range phone on a slow 4G line, simulated) for the
// home page and a product page with a gallery of pictures, run in Debian's Chromium headless.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { productPageSchema } from '../../src/shared/catalog/catalog';
import { CHROMIUM_PATH } from '../../tests/e2e/browser';
import { heading, median, table, type SummaryLine } from './report';
import type { RunningShop } from './shop-process';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGET_SCORE = 98;
const WEAK_AUDITS_SHOWN = 10;

interface Chromium {
  port: number;
  stop(): Promise<void>;
}

/**
 * Chromium with its DevTools port open for Lighthouse. Started here rather than through
 * chrome-launcher, which the shop does not depend on directly; Chromium writes the port it chose
 * into its profile folder.
 */
async function startChromium(): Promise<Chromium> {
  const profile = await mkdtemp(path.join(tmpdir(), 'shop-bench-chromium-'));
  const child: ChildProcess = spawn(
    CHROMIUM_PATH,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      'about:blank',
    ],
    { stdio: 'ignore', detached: true },
  );
  const stop = async () => {
    if (child.exitCode === null && child.pid !== undefined) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // Debian's chromium is a shell script: end its whole process group, which this started.
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
    await rm(profile, { recursive: true, force: true });
  };
  const portFile = path.join(profile, 'DevToolsActivePort');
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    if (existsSync(portFile)) {
      const port = Number(readFileSync(portFile, 'utf8').split('\n')[0]);
      if (port > 0) return { port, stop };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`Chromium at ${CHROMIUM_PATH} did not open its DevTools port`);
}

interface Run {
  scores: Record<string, number>;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  speedIndex: number;
  /** Lighthouse's measure of this machine's CPU at the time (a typical desktop is 1000+). */
  benchmarkIndex: number;
  /** Audits that scored under 0.9, worst first, with what Lighthouse says of them. */
  weakAudits: string[];
}

async function audit(url: string, port: number, retried = false): Promise<Run> {
  const { default: lighthouse } = await import('lighthouse');
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  // The first load after Chromium opens sometimes leaves no trace of its start: measured again.
  if (lhr.runtimeError?.code === 'NO_NAVSTART' && !retried) return audit(url, port, true);
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((category) => [
        category,
        Math.round((lhr.categories[category]?.score ?? 0) * 100),
      ]),
    ),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    fcp: value('first-contentful-paint'),
    speedIndex: value('speed-index'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    weakAudits: Object.values(lhr.audits)
      .filter((entry) => entry.score !== null && entry.score < 0.9)
      .sort((a, b) => (a.score ?? 0) - (b.score ?? 0))
      .map((entry) => (entry.displayValue ? `${entry.id} (${entry.displayValue})` : entry.id)),
  };
}

/** The newest product with several pictures: the page a gallery makes heaviest. */
async function galleryProductPath(baseUrl: string): Promise<string> {
  for (let pageNumber = 1; pageNumber <= 10; pageNumber += 1) {
    const answer = await fetch(`${baseUrl}/api/products?pageNumber=${pageNumber}`);
    const page = productPageSchema.parse(await answer.json());
    const product = page.products.find((candidate) => candidate.images.length > 1);
    if (product) return `/product/${product._id}`;
    if (pageNumber >= page.pages) break;
  }
  throw new Error('GET /api/products answered no product with a gallery');
}

export async function measureLighthouse(shop: RunningShop, runs: number): Promise<SummaryLine[]> {
  heading(`Lighthouse (mobile, simulated throttling; median of ${runs} runs by performance score)`);
  const pages = [
    { label: 'home', path: '/' },
    { label: 'product page', path: await galleryProductPath(shop.baseUrl) },
  ];
  const rows: string[][] = [];
  const weak: string[] = [];
  const lines: SummaryLine[] = [];
  const chromium = await startChromium();
  try {
    for (const page of pages) {
      const all: Run[] = [];
      for (let run = 0; run < runs; run += 1)
        all.push(await audit(`${shop.baseUrl}${page.path}`, chromium.port));
      // The run whose performance score is the median, so its figures belong together.
      const performance = median(all.map((run) => run.scores.performance ?? 0));
      const chosen =
        [...all].sort(
          (a, b) =>
            Math.abs((a.scores.performance ?? 0) - performance) -
            Math.abs((b.scores.performance ?? 0) - performance),
        )[0] ?? all[0];
      if (!chosen) continue;
      rows.push([
        `${page.label} ${page.path}`,
        all.map((run) => String(run.scores.performance)).join(' '),
        ...CATEGORIES.map((category) => String(chosen.scores[category])),
        chosen.fcp.toFixed(0),
        chosen.lcp.toFixed(0),
        chosen.tbt.toFixed(0),
        chosen.cls.toFixed(3),
        chosen.speedIndex.toFixed(0),
        chosen.benchmarkIndex.toFixed(0),
      ]);
      if (chosen.weakAudits.length > 0)
        weak.push(`  ${page.label}: ${chosen.weakAudits.slice(0, WEAK_AUDITS_SHOWN).join(', ')}`);
      const score = chosen.scores.performance ?? 0;
      lines.push(
        {
          measure: `Lighthouse mobile performance, ${page.label}`,
          figure: String(score),
          target: `>= ${TARGET_SCORE}`,
          met: score >= TARGET_SCORE,
        },
        {
          measure: `Lighthouse CLS, ${page.label}`,
          figure: chosen.cls.toFixed(3),
          target: '0',
          met: chosen.cls === 0,
        },
      );
    }
  } finally {
    await chromium.stop();
  }
  console.info(
    table(
      [
        'page',
        'perf runs',
        'perf',
        'a11y',
        'best pr.',
        'seo',
        'FCP ms',
        'LCP ms',
        'TBT ms',
        'CLS',
        'SI ms',
        'CPU index',
      ],
      rows,
    ),
  );
  if (weak.length > 0) console.info(`Audits under 0.9 (of the median run):\n${weak.join('\n')}`);
  return lines;
}
