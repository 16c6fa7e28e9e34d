import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import {
  GatheredDependencies,
  ON_ANYTHING,
  onProduct,
  surrogateKeys,
  type CacheDependencies,
} from '../catalog/catalogue-invalidation';
import type { CatalogueWatch } from '../catalog/catalogue-watch';
import { answerFlights, type Flight } from './answer-flights';
import {
  answerSize,
  cachedAnswer,
  compressed,
  encodingFor,
  etagOf,
  isNotModified,
  type CachedAnswer,
  type Encoding,
} from './cached-answer';

/**
 * What of the catalogue a public answer shows, which decides which changes drop it: `listings`
 * (lists, searches, similar products: any product's name, price, picture, rating, or its going in
 * or out of stock), `product` (the product its `:id` names: also its stock moving; every change,
 * on a route without one), or `calls` (a page made from the shop's own public calls: whatever
 * they show).
 */
type ShownOfCatalogue = 'listings' | 'product' | 'calls';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The answer is the same for every caller and changes only with the catalogue: it is kept
     * in memory until what it shows changes, carries an ETag and may be kept by browsers and
     * CDNs for a short while.
     */
    publicCache?: ShownOfCatalogue;
  }
  interface FastifyRequest {
    publicAnswer: PublicAnswerState | null;
  }
  interface FastifyInstance {
    responseCache: ResponseCacheStats;
  }
}

/** What the cache holds and has done, for operators and tests. */
interface ResponseCacheStats {
  stats(): { entries: number; bytes: number; maxBytes: number; hits: number; misses: number };
}

type PublicAnswerState =
  | { kind: 'answered' }
  | {
      kind: 'miss';
      key: string;
      moment: number;
      dependencies: CacheDependencies;
      flight?: Flight;
    }
  | { kind: 'unkept' };

/**
 * A CDN may keep a public answer a minute, and use it five more while it asks again. A browser
 * asks each time (an ETag makes that a 304): a shopper who buys the last one, or an admin who
 * deletes a product, and goes back to its page must not be shown the copy their browser kept.
 */
export const PUBLIC_CACHING = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';
/** A signed-in caller's copy is kept nowhere, so it is never shown to them after they change it. */
const SIGNED_IN_CACHING = 'no-store';
// A signed-in caller must not be shown the copy their browser kept while they were a guest.
const VARY = 'Accept-Encoding, Authorization';
/** Anything not seen changing (a table without the triggers) is still dropped in the end. */
const LONGEST_KEPT_MS = 10 * 60 * 1000;
const LONGEST_KEY = 2048;
/** How long a request waits for another making the same answer before making it itself. */
const LONGEST_WAIT_MS = 5000;
const ANSWERED: PublicAnswerState = { kind: 'answered' };
const UNKEPT: PublicAnswerState = { kind: 'unkept' };
/** How an operator (and a test) sees whether an answer came from memory: `X-Cache: hit|miss`. */
const X_CACHE = 'x-cache';
/** What of the catalogue an answer shows (see `surrogateKeys`), for pages made from it and CDNs. */
const SURROGATE_KEY = 'surrogate-key';

function dependenciesOf(request: FastifyRequest, shown: ShownOfCatalogue): CacheDependencies {
  if (shown === 'listings') return GatheredDependencies.listings();
  if (shown === 'calls') return new GatheredDependencies();
  const id: unknown = (request.params as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' ? onProduct(id) : ON_ANYTHING;
}

/**
 * For a `calls` answer (a page rendered from the shop's own public calls, in-process): notes what
 * one call's answer shows, from its `Surrogate-Key`, as something the page shows too.
 */
export function noteCallShown(request: FastifyRequest, keys: unknown): void {
  const state = request.publicAnswer;
  if (state?.kind !== 'miss' || !(state.dependencies instanceof GatheredDependencies)) return;
  if (typeof keys === 'string') state.dependencies.addKeys(keys);
}

/**
 * For a `listings` answer: notes the products it shows. Listings show each product's stock count,
 * so a product's stock moving drops the listings showing it, and leaves the others kept.
 */
export function noteProductsShown(request: FastifyRequest, productIds: readonly string[]): void {
  const state = request.publicAnswer;
  if (state?.kind !== 'miss' || !(state.dependencies instanceof GatheredDependencies)) return;
  for (const id of productIds) state.dependencies.products.add(id);
}

const isCompressible = (contentType: string) => /^text\/|json|xml/.test(contentType);

/** The caching headers every public answer carries, kept or not. */
function markPublic(request: FastifyRequest, reply: FastifyReply) {
  const signedIn = request.headers.authorization !== undefined;
  void reply
    .header('cache-control', signedIn ? SIGNED_IN_CACHING : PUBLIC_CACHING)
    .header('vary', VARY);
}

/** Where each way of sending a hit keeps its header lines in `CachedAnswer.lines`. */
const LINES_SLOT: Record<Encoding, number> = { identity: 0, br: 2, gzip: 4 };
const NOT_MODIFIED_SLOTS = 6;

/** A hit's header lines (name, value, name, value...): made once for each way it is sent. */
function hitLines(answer: CachedAnswer, status: number, encoding: Encoding, signedIn: boolean) {
  const slot =
    (status === 304 ? NOT_MODIFIED_SLOTS : 0) + LINES_SLOT[encoding] + (signedIn ? 1 : 0);
  const made = answer.lines[slot];
  if (made) return made;
  const lines: string[] = [];
  for (const [name, value] of Object.entries(answer.headers)) {
    if (status === 304 && name === 'content-type') continue;
    for (const each of Array.isArray(value) ? value : [value]) lines.push(name, String(each));
  }
  lines.push('cache-control', signedIn ? SIGNED_IN_CACHING : PUBLIC_CACHING, 'vary', VARY);
  lines.push(X_CACHE, 'hit');
  if (answer.status === 200) lines.push('etag', etagOf(answer, encoding));
  if (status !== 304) {
    if (encoding !== 'identity') lines.push('content-encoding', encoding);
    lines.push('content-length', String(answer.bodies[encoding]?.length ?? 0));
  }
  answer.lines[slot] = lines;
  return lines;
}

/**
 * Sends a kept answer straight to the socket, as it was first sent: Fastify's sending (its
 * onSend hooks, its header bookkeeping) has nothing left to do for it. Its onResponse hooks (the
 * metrics) and its request log still see it.
 */
function sendKept(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  const signedIn = request.headers.authorization !== undefined;
  const response = reply.hijack().raw;
  const encoding =
    answer.status === 200 ? encodingFor(request.headers['accept-encoding'], answer) : 'identity';
  if (answer.status === 200 && isNotModified(request.headers['if-none-match'], answer)) {
    response.writeHead(304, hitLines(answer, 304, encoding, signedIn));
    response.end();
    return;
  }
  response.writeHead(answer.status, hitLines(answer, answer.status, encoding, signedIn));
  if (request.method === 'HEAD') response.end();
  else response.end(answer.bodies[encoding]);
}

/**
 * Answers from memory: GETs of routes with `config: { publicCache }` are kept by address, made
 * again only after something they show changes (on any instance: an order drops its products'
 * own answers, not the listings), and answered with their ETag, a 304 when the client's copy is
 * current, and precompressed bodies when the client takes them. Bounded in bytes, least recently
 * used first out. A hit is answered as the request arrives, with the headers the answer was first
 * sent with, before any hook registered after this one runs (register it first). See
 * docs/decisions/010-answers-from-memory.md and 030-cache-invalidation-by-product.md.
 */
export function registerResponseCache(
  app: FastifyInstance,
  { watch, maxBytes }: { watch: CatalogueWatch; maxBytes: number },
): void {
  const cache =
    maxBytes > 0
      ? new LRUCache<string, CachedAnswer>({
          maxSize: maxBytes,
          sizeCalculation: answerSize,
          ttl: LONGEST_KEPT_MS,
        })
      : undefined;
  const flights = answerFlights(LONGEST_WAIT_MS);
  let hits = 0;
  let misses = 0;

  /** The answer with its compressed bodies, when it is one that compressing pays for. */
  async function withCodings(answer: CachedAnswer): Promise<CachedAnswer> {
    if (answer.status !== 200 || !isCompressible(answer.contentType)) return answer;
    try {
      return (await compressed(answer)) ?? answer;
    } catch (error) {
      app.log.warn({ err: error }, 'could not compress an answer');
      return answer;
    }
  }

  /**
   * Keeps a miss's answer, and sends it as a hit would be sent: compressed for a client that
   * takes it (the first visitor's page is no heavier than the next one's), with its ETag, or a
   * 304 when the client's copy is current.
   */
  async function finish(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
  ): Promise<unknown> {
    const state = request.publicAnswer;
    if (!state || state.kind === 'answered') return payload;
    void reply.header(X_CACHE, 'miss');
    // Kept with the answer, and sent with each hit: a page made from it learns what it shows.
    if (state.kind === 'miss') void reply.header(SURROGATE_KEY, surrogateKeys(state.dependencies));
    const status = reply.statusCode;
    const given = reply.getHeader('cache-control');
    if (
      (status !== 200 && status !== 404) ||
      !(typeof payload === 'string' || Buffer.isBuffer(payload)) ||
      (given !== undefined && !String(given).startsWith('public'))
    ) {
      // A stream (the app's shell for a page the browser draws) or an answer the route keeps
      // private goes as it is.
      return payload;
    }
    const made = cachedAnswer(
      state.kind === 'miss' ? state : { moment: 0, dependencies: ON_ANYTHING },
      status,
      reply.getHeaders(),
      payload,
    );
    if (!made) return payload;
    const answer = await withCodings(made);
    if (state.kind === 'miss') cache?.set(state.key, answer);
    markPublic(request, reply);
    if (status !== 200) return payload;
    const encoding = encodingFor(request.headers['accept-encoding'], answer);
    void reply.header('etag', etagOf(answer, encoding));
    if (isNotModified(request.headers['if-none-match'], answer)) {
      void reply.code(304).removeHeader('content-type');
      // No body. Fastify's own handler of a HEAD cannot take null for one: it gets an empty one.
      return request.method === 'HEAD' ? '' : null;
    }
    if (encoding === 'identity') return payload;
    void reply.header('content-encoding', encoding).removeHeader('content-length');
    return answer.bodies[encoding];
  }

  app.decorateRequest('publicAnswer', null);
  app.decorate('responseCache', {
    stats: () => ({
      entries: cache?.size ?? 0,
      bytes: cache?.calculatedSize ?? 0,
      maxBytes,
      hits,
      misses,
    }),
  });

  /** The answer kept for `key`, if nothing it shows has changed since it was made. */
  function current(key: string): CachedAnswer | undefined {
    const answer = cache?.get(key);
    if (answer === undefined) return undefined;
    if (!watch.changedSince(answer.dependencies, answer.moment)) return answer;
    cache?.delete(key);
    return undefined;
  }

  function answerKept(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
    hits += 1;
    request.publicAnswer = ANSWERED;
    sendKept(request, reply, answer);
  }

  /**
   * A request for an address another is making: answered with what that one keeps, unless what
   * it shows changed meanwhile; then it waits once more for whoever makes it next, or makes it.
   */
  function waitFor(
    flight: Flight,
    request: FastifyRequest,
    reply: FastifyReply,
    miss: { key: string; moment: number; shown: ShownOfCatalogue },
    done: () => void,
    waitsLeft: number,
  ) {
    void flight.landed.then(() => {
      const made = current(miss.key);
      if (made) return answerKept(request, reply, made);
      const boarding = waitsLeft > 0 ? flights.board(miss.key) : undefined;
      if (boarding && 'waitsFor' in boarding) {
        return waitFor(boarding.waitsFor, request, reply, miss, done, waitsLeft - 1);
      }
      misses += 1;
      request.publicAnswer = {
        kind: 'miss',
        key: miss.key,
        moment: miss.moment,
        dependencies: dependenciesOf(request, miss.shown),
        flight: boarding?.leads,
      };
      done();
    });
  }

  app.addHook('onRequest', (request, reply, done) => {
    const { method } = request;
    const shown = request.routeOptions.config.publicCache;
    if ((method !== 'GET' && method !== 'HEAD') || shown === undefined) return done();
    const moment = watch.moment();
    const key = request.url;
    if (moment === undefined || key.length > LONGEST_KEY) {
      // With the database away, what was kept before is the freshest answer there is.
      const kept = moment === undefined && watch.keptAnswersStand() ? current(key) : undefined;
      if (kept) return answerKept(request, reply, kept);
      request.publicAnswer = UNKEPT;
      return done();
    }
    const answer = current(key);
    if (answer) return answerKept(request, reply, answer);
    const boarding = cache ? flights.board(key) : undefined;
    if (boarding && 'waitsFor' in boarding) {
      return waitFor(boarding.waitsFor, request, reply, { key, moment, shown }, done, 1);
    }
    misses += 1;
    request.publicAnswer = {
      kind: 'miss',
      key,
      moment,
      dependencies: dependenciesOf(request, shown),
      flight: boarding?.leads,
    };
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    // Routes of plugins registered before this one see no decoration: undefined, not null.
    const state = request.publicAnswer;
    // Most answers are none of the cache's business: they go on without waiting a turn.
    if (!state || state.kind === 'answered') return done(null, payload);
    // Kept by then, if it was one to keep: whoever waited for it is answered from memory.
    const land = () => (state.kind === 'miss' ? state.flight?.land() : undefined);
    finish(request, reply, payload).then(
      (sent) => {
        land();
        done(null, sent);
      },
      (error: unknown) => {
        land();
        done(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });

  app.addHook('onClose', async () => {
    cache?.clear();
    await watch.close();
  });
}
