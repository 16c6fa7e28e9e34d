import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { CacheDependencies } from '../catalog/catalogue-invalidation';

/** The ways a kept answer may be sent, best first; `identity` is the bytes as they are. */
export type Encoding = 'br' | 'gzip' | 'identity';

/** A response header's value, as Fastify holds it. */
type HeaderValue = string | number | string[];

/** A public answer as kept in memory: everything a hit sends, worked out once. */
export interface CachedAnswer {
  /** The catalogue watch's moment, taken before the answer was made. */
  moment: number;
  /** What of the catalogue it shows: a change to any of it after `moment` makes it stale. */
  dependencies: CacheDependencies;
  status: number;
  contentType: string;
  /** The headers the answer was first sent with (security headers among them), sent again. */
  headers: Readonly<Record<string, HeaderValue>>;
  bodies: Partial<Record<Encoding, Buffer>> & { identity: Buffer };
  /** A strong hash of the bytes as they are; each encoding's ETag is this with a suffix. */
  hash: string;
  /** The header lines a hit sends, made the first time for each way of sending it. */
  lines: (string[] | undefined)[];
}

const ETAG_SUFFIX: Record<Encoding, string> = { identity: '', br: '-br', gzip: '-gz' };

/** Smaller answers gain too little from compression to be worth keeping twice. */
const COMPRESS_FROM_BYTES = 1024;

/** Headers that belong to one sending, or that each hit works out for itself. */
const HEADERS_NOT_KEPT = new Set([
  'cache-control',
  'connection',
  'content-encoding',
  'content-length',
  'date',
  'etag',
  'keep-alive',
  'transfer-encoding',
  'vary',
  'x-cache',
]);

/** The answer as first sent; undefined when it sets a cookie, which no other caller may get. */
export function cachedAnswer(
  made: { moment: number; dependencies: CacheDependencies },
  status: number,
  sentHeaders: Record<string, HeaderValue | undefined>,
  body: string | Buffer,
): CachedAnswer | undefined {
  if (sentHeaders['set-cookie'] !== undefined) return undefined;
  const headers: Record<string, HeaderValue> = {};
  for (const [name, value] of Object.entries(sentHeaders)) {
    if (value !== undefined && !HEADERS_NOT_KEPT.has(name)) headers[name] = value;
  }
  const contentType = String(headers['content-type'] ?? 'application/octet-stream');
  headers['content-type'] = contentType;
  const identity = typeof body === 'string' ? Buffer.from(body) : body;
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  return {
    moment: made.moment,
    dependencies: made.dependencies,
    status,
    contentType,
    headers,
    bodies: { identity },
    hash,
    lines: [],
  };
}

/** The bytes an answer holds in memory, in all its encodings, with room for its key and headers. */
export function answerSize(answer: CachedAnswer, key: string): number {
  const { identity, br, gzip: gzipped } = answer.bodies;
  return identity.length + (br?.length ?? 0) + (gzipped?.length ?? 0) + key.length + 1024;
}

export const etagOf = (answer: CachedAnswer, encoding: Encoding) =>
  `"${answer.hash}${ETAG_SUFFIX[encoding]}"`;

/**
 * Whether `If-None-Match` names this answer in any of its encodings: the comparison is weak, as
 * HTTP asks for this header, so a client holding the gzipped bytes is told its copy is current.
 */
export function isNotModified(ifNoneMatch: string | undefined, answer: CachedAnswer): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch.trim() === '*') return true;
  for (const tag of ifNoneMatch.split(',')) {
    const opaque = tag.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
    if (opaque === answer.hash || opaque.replace(/-(br|gz)$/, '') === answer.hash) return true;
  }
  return false;
}

/** The codings a client lists with a weight above zero. */
function acceptedCodings(acceptEncoding: string): Set<string> {
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    const weight = parameters.find((parameter) => parameter.startsWith('q='));
    if (weight === undefined || Number(weight.slice(2)) > 0) accepted.add(name.toLowerCase());
  }
  return accepted;
}

// Browsers send one of a handful of headers; each is read once.
const codingsByHeader = new Map<string, Set<string>>();
const MAX_HEADERS_REMEMBERED = 64;

/** The content codings a client's `Accept-Encoding` takes. */
export function codingsTaken(acceptEncoding: string | undefined): ReadonlySet<string> {
  if (acceptEncoding === undefined || acceptEncoding === '') return new Set();
  let accepted = codingsByHeader.get(acceptEncoding);
  if (accepted === undefined) {
    accepted = acceptedCodings(acceptEncoding);
    if (codingsByHeader.size >= MAX_HEADERS_REMEMBERED) codingsByHeader.clear();
    codingsByHeader.set(acceptEncoding, accepted);
  }
  return accepted;
}

/** The best encoding of this answer that the client takes. */
export function encodingFor(acceptEncoding: string | undefined, answer: CachedAnswer): Encoding {
  const accepted = codingsTaken(acceptEncoding);
  if (answer.bodies.br && accepted.has('br')) return 'br';
  if (answer.bodies.gzip && accepted.has('gzip')) return 'gzip';
  return 'identity';
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The answer with brotli and gzip bodies beside its own, made off the main thread once, so that
 * no hit compresses; undefined when compressing would not pay.
 */
export async function compressed(answer: CachedAnswer): Promise<CachedAnswer | undefined> {
  const { identity } = answer.bodies;
  if (identity.length < COMPRESS_FROM_BYTES) return undefined;
  const [br, gzipped] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 6,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipAsync(identity, { level: 6 }),
  ]);
  return { ...answer, bodies: { identity, br, gzip: gzipped }, lines: [] };
}
