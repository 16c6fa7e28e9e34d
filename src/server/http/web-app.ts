import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Stored images: only ever answered as WebP images, whatever a file might hold. */
export async function registerUploads(app: FastifyInstance, uploadsDir: string) {
  mkdirSync(uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    // Upload names are random and never reused, so a copy can be kept for a long time.
    maxAge: '7d',
    setHeaders(response) {
      response.header('Content-Type', 'image/webp');
      response.header('X-Content-Type-Options', 'nosniff');
      response.header('Content-Security-Policy', "default-src 'none'");
    },
  });
}

/**
 * The built browser app: files as they are, hashed assets cached for a year, and index.html for
 * every other page address so the app can route it. Unknown /api addresses answer JSON.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string) {
  const hasApp = existsSync(path.join(webRoot, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
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
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/(api|uploads|assets)(\/|$)/.test(pathname) &&
      // A missing file (a stale asset, a favicon) is not a page of the app.
      !/\.[a-z0-9]+$/i.test(pathname);
    if (hasApp && isPage) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ message: `Nothing here: ${request.method} ${pathname}`, code: 'NOT_FOUND' });
  });
}
