import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import type { ShopDatabase } from '../db/database';
import type { SitemapFiles } from '../catalog/sitemap.service';
import { OUTAGE_RETRY_AFTER_SECONDS } from '../http/error-handler';
import { streamOfPieces } from '../http/paged-text';
import { noteCallShown, PUBLIC_CACHING } from '../http/response-cache';
import { isPageAddress } from '../http/web-app';
import {
  PAGES_SITEMAP,
  pagesSitemapXml,
  productSitemapXml,
  robotsTxt,
  sitemapIndexXml,
} from './search-engines';
import type { StorefrontRenderer } from './storefront-renderer';

interface StorefrontOptions {
  database: ShopDatabase;
  publicUrl: string;
  /** Undefined without a server build of the app: every page is then the browser's to render. */
  renderer: StorefrontRenderer | undefined;
  /** Whether the built browser app is there at all (API-only test shops have none). */
  hasApp: boolean;
  /** How many products each sitemap file lists, and reads from the database at once. */
  sitemap: SitemapFiles;
}

const searchFormSchema = z.object({ q: z.string().max(200).default('') });

/** What the API document says of each storefront address: these answer pages and files, not JSON. */
const page = (summary: string) => ({ tags: ['storefront'], summary });
const ROBOTS = page('Which addresses search engines may visit');
const SITEMAP_INDEX = page(
  "The sitemap index: the sitemap of the shop's pages, and one for every so many live products",
);
const PAGES_SITEMAP_FILE = page(
  'The sitemap of the home page, every shelf and the information pages',
);
const PRODUCTS_SITEMAP_FILE = {
  ...page(
    'A sitemap file of live products, oldest first, each with when it last changed; ' +
      'a file beyond the last is not found',
  ),
  operationId: 'getSitemapsProductsByNumberxml',
  params: z.object({ number: z.string() }),
};
/** A product file's number as its address writes it: from 1, and never `01`. */
const FILE_NUMBER = /^[1-9]\d{0,8}$/;
const XML = 'application/xml; charset=utf-8';
const FAVICON = page("The shop's icon");
const SEARCH_FORM = {
  ...page("The header's search form, sent without JavaScript: redirects to its results page"),
  querystring: searchFormSchema,
};
const ANY_PAGE = page("A storefront page as HTML, or the shop's not-found answer");

/**
 * The storefront as HTML: every page address is rendered on the server with what it shows when
 * it is a storefront page, or answered with the app's shell for the browser to render. Also the
 * files search engines ask for.
 */
export const storefrontRoutes: FastifyPluginAsyncZod<StorefrontOptions> = async (
  app,
  { database, publicUrl, renderer, hasApp, sitemap },
) => {
  // Calls a page makes while it renders are answered by the shop's own routes, in-process; the
  // page shows what they show, and is kept until that changes.
  const transportFor =
    (page: FastifyRequest) =>
    async (url: string): Promise<Response> => {
      const answer = await app.inject({
        method: 'GET',
        url,
        headers: { accept: 'application/json' },
      });
      noteCallShown(page, answer.headers['surrogate-key']);
      return new Response(answer.body, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
      });
    };

  app.get('/robots.txt', { schema: ROBOTS }, (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', PUBLIC_CACHING)
      .send(robotsTxt(publicUrl)),
  );

  // The index is a few hundred bytes, made from the kept number of live products: it is kept in
  // memory until a listing changes.
  app.get(
    '/sitemap.xml',
    { schema: SITEMAP_INDEX, config: { publicCache: 'listings' } },
    async (_request, reply) =>
      reply
        .type(XML)
        .header('Cache-Control', PUBLIC_CACHING)
        .send(await sitemapIndexXml(database, publicUrl, sitemap)),
  );

  app.get(PAGES_SITEMAP, { schema: PAGES_SITEMAP_FILE }, (_request, reply) =>
    reply.type(XML).header('Cache-Control', PUBLIC_CACHING).send(pagesSitemapXml(publicUrl)),
  );

  // A file of products is written as it is read, and kept by shared caches only: set to 50,000
  // addresses it is 6 MB, a fifth of the memory for answers, which shoppers' pages would lose
  // for a search engine's daily visit.
  app.get(
    '/sitemaps/products-:number.xml',
    { schema: PRODUCTS_SITEMAP_FILE },
    async (request, reply) => {
      const { number } = request.params;
      const pieces = FILE_NUMBER.test(number)
        ? await productSitemapXml(database, publicUrl, Number(number), sitemap)
        : undefined;
      if (pieces === undefined) return reply.callNotFound();
      const file = streamOfPieces(pieces);
      file.on('error', (error) => {
        reply.log.error({ err: error }, 'A sitemap file ended short');
      });
      return reply.type(XML).header('Cache-Control', PUBLIC_CACHING).send(file);
    },
  );

  app.get('/favicon.ico', { schema: FAVICON }, (_request, reply) =>
    hasApp
      ? reply
          .header('Cache-Control', 'public, max-age=86400')
          .type('image/svg+xml')
          .sendFile('favicon.svg')
      : reply.callNotFound(),
  );

  // The header's search form, sent without JavaScript.
  app.get('/search', { schema: SEARCH_FORM }, (request, reply) => {
    const keyword = request.query.q.trim();
    return reply.redirect(keyword ? `/search/${encodeURIComponent(keyword)}` : '/', 303);
  });

  const origin = new URL(publicUrl).origin;
  // A page shows what the calls it is rendered from show: a product's page is made again when
  // that product's stock moves, the home page only when a listing changes.
  app.get('/*', { schema: ANY_PAGE, config: { publicCache: 'calls' } }, async (request, reply) => {
    // Joined, not resolved: an address that starts `//` is a path here, never another host.
    const url = new URL(`${origin}${request.url}`);
    if (!hasApp || !isPageAddress(url.pathname)) {
      // Not a page: the shop's own not-found answer, in JSON.
      return reply.callNotFound();
    }
    const page = await renderer?.render(url, transportFor(request));
    if (!page) return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    if (page.status === 503) {
      // What the page shows could not be had: said now, kept by nobody, never a "not found".
      return reply
        .status(503)
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .header('Retry-After', OUTAGE_RETRY_AFTER_SECONDS)
        .send(page.html);
    }
    return reply
      .status(page.status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', PUBLIC_CACHING)
      .send(page.html);
  });
};
