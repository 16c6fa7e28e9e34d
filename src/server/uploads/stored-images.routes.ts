import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import * as z from 'zod';
import type { ShopDatabase } from '../db/database';
import { ShopError } from '../http/errors';
import { findOrMakeStoredImage, isStoredImageName } from './stored-images';
import { takeInUploadsFolder } from './uploads-folder';

const YEAR_SECONDS = 365 * 24 * 60 * 60;
/** Recently served pictures are kept in memory, up to this many bytes of them. */
const KEPT_BYTES = 32 * 1024 * 1024;
const LARGEST_KEPT_BYTES = 4 * 1024 * 1024;

interface KeptImage {
  contentType: string;
  bytes: Buffer;
  etag: string;
}

/** Whether an `If-None-Match` header names this ETag (or any, with `*`). */
function isNotModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((given) => {
    const tag = given.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

/**
 * `/uploads/<name>`: the pictures stored in the database, so that every instance sharing it
 * serves every upload. Names are random and never reused, so a picture is kept in memory without
 * ever being looked at again, and browsers and CDNs may keep it for a year. Whatever it holds, it
 * is answered as an image that must not be sniffed and may run nothing.
 *
 * Before serving, the pictures of `uploadsFolder` that the database lacks (kept there before
 * pictures were kept in the database) are taken into it.
 */
export const storedImageRoutes: FastifyPluginAsyncZod<{
  database: ShopDatabase;
  uploadsFolder: string;
}> = async (app, { database, uploadsFolder }) => {
  await takeInUploadsFolder(database.db, uploadsFolder, app.log);

  // A name looked up by many at once is read from the database once; an unknown one is not kept,
  // as it may be stored in a moment by another instance.
  const kept = new LRUCache<string, KeptImage>({
    maxSize: KEPT_BYTES,
    maxEntrySize: LARGEST_KEPT_BYTES,
    sizeCalculation: (image, name) => image.bytes.length + name.length,
    fetchMethod: async (name) => {
      const image = await findOrMakeStoredImage(database.db, name);
      if (!image) return undefined;
      const digest = createHash('sha256').update(image.bytes).digest('base64url').slice(0, 27);
      return { contentType: image.contentType, bytes: image.bytes, etag: `"${digest}"` };
    },
  });

  app.get(
    '/uploads/:name',
    { schema: { hide: true, params: z.object({ name: z.string() }) } },
    async (request, reply) => {
      const { name } = request.params;
      const image = isStoredImageName(name) ? await kept.fetch(name) : undefined;
      if (!image) throw new ShopError('NOT_FOUND', 'There is no such image');
      void reply
        .header('content-type', image.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`)
        .header('etag', image.etag);
      if (isNotModified(request.headers['if-none-match'], image.etag)) {
        return reply.code(304).send();
      }
      return reply.send(image.bytes);
    },
  );
};
