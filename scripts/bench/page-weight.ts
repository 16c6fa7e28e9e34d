// What the home page makes a phone download: the scripts and styles its HTML names (what it needs
// before it is interactive), gzipped at level 9 as the server's .gz copies are; and what Chromium
// actually fetches once the page has settled, lazy chunks included.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser, VIEWPORTS } from '../../tests/e2e/browser';
import { heading, kb, table, type SummaryLine } from './report';
import type { RunningShop } from './shop-process';

const ASSETS = path.resolve(import.meta.dirname, '../../dist/web');
/** The contract's ceiling for the home page's JavaScript, gzipped. */
const JS_LIMIT_BYTES = 110 * 1000;

const gzipped = (content: Buffer | string) => gzipSync(content, { level: 9 }).length;

interface File {
  name: string;
  raw: number;
  gzip: number;
}

/** Scripts, module preloads and style sheets the HTML names, as files of the built app. */
function filesNamedBy(html: string): File[] {
  const names = new Set(
    [
      ...html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g),
    ].map((match) => match[1] ?? ''),
  );
  return [...names].map((name) => {
    const content = readFileSync(path.join(ASSETS, name));
    return { name: name.replace('/assets/', ''), raw: content.length, gzip: gzipped(content) };
  });
}

const sum = (files: readonly File[], key: 'raw' | 'gzip') =>
  files.reduce((total, file) => total + file[key], 0);

function printFiles(files: readonly File[], extra: readonly string[][] = []) {
  const js = files.filter((file) => file.name.endsWith('.js'));
  const css = files.filter((file) => file.name.endsWith('.css'));
  console.info(
    table(
      ['file', 'raw', 'gzip -9'],
      [
        ...files.map((file) => [file.name, kb(file.raw), kb(file.gzip)]),
        ['JavaScript', kb(sum(js, 'raw')), kb(sum(js, 'gzip'))],
        ['CSS', kb(sum(css, 'raw')), kb(sum(css, 'gzip'))],
        ...extra,
      ],
    ),
  );
}

interface Downloaded extends File {
  /** Bytes of body as the server sent them (Brotli or gzip, as Chromium asked). */
  sent: number;
}

/** Every script and style sheet a phone-sized Chromium fetches for the home page until it settles. */
async function downloadedByChromium(baseUrl: string): Promise<Downloaded[]> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: VIEWPORTS.phone });
    const pending: Promise<Downloaded | undefined>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      pending.push(
        (async () => {
          const body = await response.body();
          const sizes = await response.request().sizes();
          return {
            name: new URL(response.url()).pathname.replace('/assets/', ''),
            raw: body.length,
            gzip: gzipped(body),
            sent: sizes.responseBodySize,
          };
        })().catch(() => undefined),
      );
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    const files = await Promise.all(pending);
    return files.filter((file) => file !== undefined);
  } finally {
    await browser.close();
  }
}

export async function measurePageWeight(shop: RunningShop): Promise<SummaryLine[]> {
  heading('Home page weight');
  const html = await (await fetch(`${shop.baseUrl}/`)).text();
  const named = filesNamedBy(html);
  console.info('Named by the home page HTML (loaded before it is interactive):');
  printFiles(named, [['the HTML itself', kb(Buffer.byteLength(html)), kb(gzipped(html))]]);
  const namedJs = sum(
    named.filter((file) => file.name.endsWith('.js')),
    'gzip',
  );
  const namedCss = sum(
    named.filter((file) => file.name.endsWith('.css')),
    'gzip',
  );
  const lines: SummaryLine[] = [
    {
      measure: 'home JS before interactive (gzip -9)',
      figure: kb(namedJs),
      target: `<= ${kb(JS_LIMIT_BYTES)}`,
      met: namedJs <= JS_LIMIT_BYTES,
    },
    { measure: 'home CSS (gzip -9)', figure: kb(namedCss) },
  ];

  let downloaded: Downloaded[];
  try {
    downloaded = await downloadedByChromium(shop.baseUrl);
  } catch (error) {
    console.info(`Chromium could not load the home page: ${String(error)}`);
    return lines;
  }
  console.info('\nDownloaded by Chromium (phone viewport) until the network was idle:');
  console.info(
    table(
      ['file', 'raw', 'gzip -9', 'as sent'],
      downloaded.map((file) => [file.name, kb(file.raw), kb(file.gzip), kb(file.sent)]),
    ),
  );
  const js = downloaded.filter((file) => file.name.endsWith('.js'));
  const jsGzip = sum(js, 'gzip');
  const jsSent = js.reduce((total, file) => total + file.sent, 0);
  console.info(`  JavaScript: ${js.length} files, ${kb(jsGzip)} gzip -9, ${kb(jsSent)} as sent`);
  lines.push({
    measure: 'home JS downloaded by Chromium (gzip -9)',
    figure: `${kb(jsGzip)} (${js.length} files)`,
    target: `<= ${kb(JS_LIMIT_BYTES)}`,
    met: jsGzip <= JS_LIMIT_BYTES,
  });
  return lines;
}
