import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pipeline, type Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import * as z from 'zod';
import type { ShopDatabase } from '../db/database';
import { codingsTaken } from '../http/cached-answer';
import { streamOfPieces } from '../http/paged-text';
import { PUBLIC_CACHING } from '../http/response-cache';
import type { ShopSettings } from '../settings/shop-settings';
import type { FeedContext } from './feed-items';
import { feedItemReads } from './feeds.service';
import { googleFeedPieces } from './google-feed';
import { metaFeedCsv } from './meta-feed';

interface FeedsOptions {
  database: ShopDatabase;
  settings: ShopSettings;
  publicUrl: string;
  /** Products read from the database at once while a feed is written. */
  perRead: number;
}

/** A feed's answer: a file, streamed, described by its type. */
const feed = (summary: string, type: string, description: string) => ({
  tags: ['feeds'],
  summary,
  security: [],
  response: { 200: { description, content: { [type]: { schema: z.string() } } } },
});
const GOOGLE_FEED = feed(
  'The Google Merchant Center feed (RSS 2.0): an item for each variant of every live product, ' +
    'gift cards left out, with its price, stock, pictures and delivery charges',
  'application/xml',
  'RSS 2.0 with Google’s g: namespace, UTF-8',
);
const META_FEED = feed(
  "The same items as Meta's catalogue CSV (Facebook and Instagram), in Meta's columns",
  'text/csv',
  'CSV with a header row of Meta’s field names, UTF-8',
);

/**
 * A feed as it is written, gzipped as it goes for a client that takes gzip (a feed of 100,000
 * products is some 150 MB of text, and a tenth of that gzipped). The answer's schema describes
 * the file for the API document.
 */
function sendFeed(request: FastifyRequest, reply: FastifyReply, type: string, file: Readable) {
  void reply.type(type).header('Cache-Control', PUBLIC_CACHING).header('Vary', 'Accept-Encoding');
  if (!codingsTaken(request.headers['accept-encoding']).has('gzip')) return reply.send(file);
  const gzipped = createGzip();
  // A feed that ends short ends its gzip short too, and the client sees a broken file.
  pipeline(file, gzipped, () => undefined);
  return reply.header('Content-Encoding', 'gzip').send(gzipped);
}

/**
 * The product feeds shopping sites fetch, for everyone: written as the catalogue is read, a few
 * hundred products at a time, so that 100,000 products are never held at once. Like the
 * sitemap's files, they are kept by shared caches only: one may be hundreds of megabytes, read
 * once a day.
 */
export const feedsRoutes: FastifyPluginAsyncZod<FeedsOptions> = async (
  app,
  { database, settings, publicUrl, perRead },
) => {
  /** Read once a feed: a feed is priced and delivered by the settings it began with. */
  const contextNow = (): FeedContext => {
    const now = settings.current();
    return { publicUrl, shopName: now.shop.name, terms: now };
  };

  app.get('/feeds/google.xml', { schema: GOOGLE_FEED }, async (request, reply) => {
    const context = contextNow();
    const reads = await feedItemReads(database.db, context, perRead);
    const file = streamOfPieces(googleFeedPieces(reads, context));
    file.on('error', (error) => {
      request.log.error({ err: error }, 'The Google feed ended short');
    });
    return sendFeed(request, reply, 'application/xml; charset=utf-8', file);
  });

  app.get('/feeds/meta.csv', { schema: META_FEED }, async (request, reply) => {
    const reads = await feedItemReads(database.db, contextNow(), perRead);
    const file = metaFeedCsv(reads, (error) => {
      request.log.error({ err: error }, 'The Meta feed ended short');
    });
    return sendFeed(request, reply, 'text/csv; charset=utf-8', file);
  });
};
