import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import type { ShopDatabase } from '../db/database';
import { OUTAGE_RETRY_AFTER_SECONDS } from '../http/error-handler';
import { madeFromCalls, PUBLIC_CACHING } from '../http/response-cache';
import { isPageAddress } from '../http/web-app';
import { sitemapXml, robotsTxt } from './search-engines';
import type { StorefrontRenderer } from './storefront-renderer';

interface StorefrontOptions {
  database: ShopDatabase;
  publicUrl: string;
  /** Undefined without a server build of the app: every page is then the browser's to render. */
  renderer: StorefrontRenderer | undefined;
  /** Whether the built browser app is there at all (API-only test shops have none). */
  hasApp: boolean;
}

const searchFormSchema = z.object({ q: z.string().max(200).default('') });

/** What the API document says of each storefront address: these answer pages and files, not JSON. */
const page = (summary: string) => ({ tags: ['storefront'], summary });
const ROBOTS = page('Which addresses search engines may visit');
const SITEMAP = page('Every page search engines may list, with when each product last changed');
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
  { database, publicUrl, renderer, hasApp },
) => {
  // Calls a page makes while it renders are answered by the shop's own routes, in-process.
  const transport = async (url: string): Promise<Response> => {
    const answer = await app.inject({
      method: 'GET',
      url,
      headers: { accept: 'application/json' },
    });
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

  app.get('/sitemap.xml', { schema: SITEMAP }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', PUBLIC_CACHING)
      .send(await sitemapXml(database, publicUrl)),
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
    const page = await madeFromCalls(request, async () => renderer?.render(url, transport));
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
