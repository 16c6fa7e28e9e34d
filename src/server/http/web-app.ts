import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * What a missing file's name ends with (a stale asset, a favicon, a manifest). Only these: a
 * page's address may end in a dot and letters too, as a mail link's token or a search for "v1.2".
 */
const FILE_ENDINGS =
  /\.(js|mjs|css|map|json|txt|xml|html?|ico|png|jpe?g|gif|webp|avif|svg|webmanifest|woff2?|ttf|br|gz)$/i;

/** An address the browser app may show: not the API, an upload, an asset or another file. */
export function isPageAddress(pathname: string): boolean {
  return !/^\/(api|uploads|assets)(\/|$)/.test(pathname) && !FILE_ENDINGS.test(pathname);
}

/**
 * The built browser app's files as they are, hashed assets cached for a year; answers whether
 * the app is there. Pages are the storefront's (see storefront/storefront.routes.ts); anything
 * else that is not here answers JSON.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string): Promise<boolean> {
  const hasApp = existsSync(path.join(webRoot, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Never a source map, whatever a build left beside the scripts.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders(response, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        response.header(
          'Cache-Control',
          hashed ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    return reply
      .status(404)
      .send({ message: `Nothing here: ${request.method} ${pathname}`, code: 'NOT_FOUND' });
  });
  return hasApp;
}
