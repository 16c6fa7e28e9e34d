import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type {
  ApiTransport,
  RenderedPage,
  StorefrontApp,
} from '../../shared/storefront/rendered-page';

/** A page to send: its status and the whole document. */
interface StorefrontPage {
  status: RenderedPage['status'];
  html: string;
}

export interface StorefrontRenderer {
  /** Undefined for an address the browser renders itself (account, checkout, admin). */
  render(url: URL, transport: ApiTransport): Promise<StorefrontPage | undefined>;
}

const DEFAULT_TITLE = /<title>[^<]*<\/title>/;
/** The two typefaces' files, which every page's text is set in. */
const PAGE_FONTS = /^(inter|fraunces)-shop-[\w-]+\.woff2$/;

/**
 * Asks for the typefaces with the page rather than once the stylesheet is read, so text is set in
 * them from the first paint and does not move when they arrive.
 */
function fontPreloads(webRoot: string): string {
  const assets = path.join(webRoot, 'assets');
  if (!existsSync(assets)) return '';
  return readdirSync(assets)
    .filter((name) => PAGE_FONTS.test(name))
    .map(
      (name) =>
        `<link rel="preload" href="/assets/${name}" as="font" type="font/woff2" crossorigin>`,
    )
    .join('');
}
const DEFAULT_DESCRIPTION = /<meta name="description"[^>]*>/;
const EMPTY_ROOT = '<div id="root"></div>';

/**
 * Loads the server build of the browser app (`dist/ssr`, beside `dist/web`) and fills the built
 * index.html with each page. Undefined when there is no server build (the development server),
 * and the browser renders every page from the shell then.
 */
export async function loadStorefrontRenderer(
  webRoot: string,
  origin: string,
): Promise<StorefrontRenderer | undefined> {
  const entry = path.join(webRoot, '..', 'ssr', 'entry-server.js');
  const shellFile = path.join(webRoot, 'index.html');
  if (!existsSync(entry) || !existsSync(shellFile)) return undefined;
  const app = (await import(pathToFileURL(entry).href)) as StorefrontApp;
  const preloads = fontPreloads(webRoot);
  const shell = readFileSync(shellFile, 'utf8').replace('</head>', () => `${preloads}</head>`);
  if (!shell.includes(EMPTY_ROOT)) throw new Error(`${shellFile} has no empty root element`);

  return {
    async render(url, transport) {
      const page = await app.renderPage(url, { origin }, transport);
      if (!page) return undefined;
      // Replaced through functions, so that nothing a page says is read as a pattern.
      const frame = page.head.includes('<title>')
        ? shell.replace(DEFAULT_TITLE, () => '').replace(DEFAULT_DESCRIPTION, () => '')
        : shell;
      const html = frame
        .replace('</head>', () => `${page.head}</head>`)
        .replace(
          EMPTY_ROOT,
          () =>
            `<div id="root">${page.body}</div>` +
            (page.state
              ? `<script type="application/json" id="${app.PAGE_STATE_ID}">${page.state}</script>`
              : ''),
        );
      return { status: page.status, html };
    },
  };
}
