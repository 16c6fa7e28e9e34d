import fc from 'fast-check';
import { SignJWT, type JWTPayload } from 'jose';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS, errorBodySchema } from '../../../src/shared/errors';
import { addUser, bearer, type TestUser } from '../../support/account-fixtures';
import { addProduct, addProductWithVariants } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { addVoucher, openPayment, placeOrder } from '../../support/order-fixtures';
import { startTestShop, type TestShop } from '../../support/test-shop';

/*
 * Malformed, hostile and half-right requests to every route the shop serves, as a guest, a
 * customer and an admin: the shop answers each below 500, in its own `{ message, code }` shape
 * for a refusal, and never with a stack, a file path or the database's own words. A refused call
 * leaves no row behind. FUZZ_SEED and FUZZ_RUNS replay or widen a run; FUZZ_REPORT=1 prints how
 * each route answered.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_501);
const REPORT = process.env.FUZZ_REPORT === '1';
const RUN_TIMEOUT_MS = Math.max(240_000, RUNS * 60);

/** Text that only a failure inside the shop would put in an answer. */
const LEAKS: [RegExp, string][] = [
  [/ {4}at /, 'a stack trace'],
  [/\/src\//, 'a source file path'],
  [/node_modules/, 'a dependency path'],
  [/SQLITE_/, 'an SQLite error'],
  [/syntax error/i, 'an SQL syntax error'],
  [/violates/, 'a PostgreSQL constraint error'],
  [/\b(?:TypeError|RangeError|ReferenceError)\b/, 'a JavaScript error'],
  [/Cannot read properties/, 'a JavaScript error'],
];

/** The tables a request writes to as it is answered (mail is sent later, by itself). */
const WATCHED_TABLES = [
  'users',
  'password_resets',
  'saved_addresses',
  'wishlist_entries',
  'products',
  'product_variants',
  'stock_alerts',
  'reviews',
  'review_reports',
  'subscribers',
  'vouchers',
  'payments',
  'orders',
  'order_items',
  'order_events',
  'refunds',
  'voucher_redemptions',
] as const;

// ---------------------------------------------------------------------------------------------
// The routes, as the running shop lists them

interface RouteInfo {
  method: string;
  /** Fastify's form: `/api/products/:id`, `/api/docs/*`. */
  path: string;
  /** From the OpenAPI document, when the route has one there. */
  body?: JsonSchema;
  query: string[];
}

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

interface OpenApiOperation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: { in: string; name: string }[];
}

/** Every method and path of `printRoutes`, read back from its tree. */
function printedRoutes(app: FastifyInstance): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const trail: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    trail.length = depth;
    const path = `${trail[depth - 1] ?? ''}${match[2] ?? ''}`;
    trail[depth] = path;
    for (const method of match[3]?.split(', ') ?? []) {
      routes.push({ method, path: path.startsWith('/') ? path : `/${path}` });
    }
  }
  return routes;
}

/**
 * A schema of the document with each `$ref` to a component, and each `allOf` around one, replaced
 * by what it points to, so that bodies can be made from it.
 */
function inlined(schema: unknown, components: Readonly<Record<string, unknown>>): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inlined(item, components));
  if (typeof schema !== 'object' || schema === null) return schema;
  const { $ref, allOf, ...own } = schema as Record<string, unknown>;
  const parts: unknown[] = Array.isArray(allOf) ? allOf : [];
  if (typeof $ref === 'string') parts.push(components[$ref.replace('#/components/schemas/', '')]);
  return Object.assign(
    {},
    ...parts.map((part) => inlined(part, components)),
    Object.fromEntries(
      Object.entries(own).map(([key, value]) => [key, inlined(value, components)]),
    ),
  ) as unknown;
}

/** The storefront's catch-all route, which the document writes with a named parameter. */
const ANY_PAGE = { documented: '/{path}', route: '/*' };

async function routesOf(shop: TestShop): Promise<RouteInfo[]> {
  const response = await shop.app.inject({ method: 'GET', url: '/api/docs/json' });
  const document = response.json<{
    paths: Record<string, Record<string, OpenApiOperation>>;
    components?: { schemas?: Record<string, unknown> };
  }>();
  const components = document.components?.schemas ?? {};
  const documented = new Map<string, OpenApiOperation>();
  for (const [path, operations] of Object.entries(document.paths)) {
    const fastifyPath =
      path === ANY_PAGE.documented ? ANY_PAGE.route : path.replace(/\{(\w+)\}/g, ':$1');
    for (const [method, operation] of Object.entries(operations)) {
      documented.set(`${method.toUpperCase()} ${fastifyPath}`, operation);
    }
  }
  const routes = printedRoutes(shop.app).map(({ method, path }) => {
    const operation =
      documented.get(`${method} ${path}`) ??
      (method === 'HEAD' ? documented.get(`GET ${path}`) : undefined);
    return {
      method,
      path,
      body: inlined(operation?.requestBody?.content?.['application/json']?.schema, components) as
        JsonSchema | undefined,
      query: (operation?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
    };
  });
  const listed = new Set(routes.map(({ method, path }) => `${method} ${path}`));
  const unlisted = [...documented.keys()].filter((route) => !listed.has(route));
  if (unlisted.length > 0)
    throw new Error(`routes missing from printRoutes: ${unlisted.join(', ')}`);
  return routes;
}

// ---------------------------------------------------------------------------------------------
// What a request carries, before it is written out

/** JSON text sent as it is, where a JavaScript value cannot say it (`1e999`, `-0`, deep nests). */
class Raw {
  constructor(readonly text: string) {}
}

/** An object as a list of members: a key may repeat, and `__proto__` is a plain key. */
class Members {
  constructor(readonly entries: [string, unknown][]) {}
}

type RealKind =
  | 'product'
  | 'liveProduct'
  | 'variant'
  | 'user'
  | 'voucher'
  | 'voucherCode'
  | 'order'
  | 'payment'
  | 'refund'
  | 'email';

/** The id of a row the shop holds, chosen when the request is sent (rows come and go). */
class Real {
  constructor(
    readonly kind: RealKind,
    readonly pick: number,
  ) {}
}

interface World {
  ids: Record<RealKind, string[]>;
}

function realId(world: World, ref: Real): string {
  const ids = world.ids[ref.kind];
  return ids.length === 0 ? 'none' : (ids[ref.pick % ids.length] ?? 'none');
}

/** JSON text for a generated value; anything JSON cannot hold is written the way a client might. */
function jsonText(value: unknown, world: World): string {
  if (value instanceof Raw) return value.text;
  if (value instanceof Real) return JSON.stringify(realId(world, value));
  if (value instanceof Members) {
    return `{${value.entries.map(([key, item]) => `${JSON.stringify(key)}:${jsonText(item, world)}`).join(',')}}`;
  }
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') {
    return 'null';
  }
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') {
    if (Object.is(value, -0)) return '-0';
    return Number.isFinite(value) ? JSON.stringify(value) : String(value);
  }
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? '"Invalid Date"' : JSON.stringify(value.toISOString());
  }
  if (Array.isArray(value)) return `[${value.map((item) => jsonText(item, world)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${jsonText(item, world)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A path or query value as text. */
function plainText(value: unknown, world: World): string {
  if (value instanceof Real) return realId(world, value);
  if (typeof value === 'string') return value;
  return jsonText(value, world);
}

// ---------------------------------------------------------------------------------------------
// Arbitraries

const controlCharacter = fc
  .integer({ min: 0, max: 0x9f })
  .filter((code) => code < 0x20 || code >= 0x7f)
  .map((code) => String.fromCharCode(code));

const awkwardText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\r\n',
    '\t',
    '\u2028\u2029',
    '\uFEFF',
    '\uD800',
    '\uDFFF',
    '\u202Eevil',
    'e\u0301\u0301\u0301',
    '１２３',
    '٣',
    '🦄💍👕',
    'NaN',
    'Infinity',
    '-Infinity',
    '-1',
    '0',
    '-0',
    '1e309',
    '0x10',
    '1_000',
    ' 12 ',
    'null',
    'undefined',
    'true',
    '[]',
    '{}',
    "' OR 1=1 --",
    '"; drop table users; --',
    '%',
    '_',
    '\\',
    '%00',
    '%zz',
    '../../../../etc/passwd',
    '..%2F..%2Fpackage.json',
    '<script>alert(1)</script>',
    '${7*7}',
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    '2026-02-30',
    '2026-13-45T25:61:61Z',
    '+275760-09-13T00:00:00.000Z',
    '+275760-09-13T00:00:00.001Z',
    '-271821-04-19T00:00:00.000Z',
    '0000-00-00T00:00:00.000Z',
    '9999-12-31T23:59:59.999Z',
    '1970-01-01T00:00:00.000Z',
    'a.b.c',
    'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
    'x@y',
    'a@b.c',
    '@example.com',
    'ADMIN@EXAMPLE.COM ',
  ),
  fc.constantFrom('\u0000', 'id\u0000', '\u0000\u0000\u0000'),
  fc.string({ unit: controlCharacter, minLength: 1, maxLength: 8 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ maxLength: 30 }),
  fc.constantFrom(2_100, 10_000, 100_000).map((length) => 'x'.repeat(length)),
);

const awkwardNumber = fc.oneof(
  fc.constantFrom(
    -1,
    -0,
    0,
    0.001,
    0.005,
    1.005,
    0.1 + 0.2,
    -1e308,
    1e308,
    5e-324,
    2 ** 31,
    2 ** 53 + 2,
    2 ** 63,
    -(2 ** 63),
    1_000_000.01,
    999.999,
  ),
  fc.double(),
  fc.integer(),
  fc
    .constantFrom('NaN', 'Infinity', '-Infinity', '1e999', '-1e999', '1E400', '1.0e-400')
    .map((text) => new Raw(text)),
  fc.constant(new Raw('123456789012345678901234567890123456789')),
);

const realRef = fc
  .tuple(
    fc.constantFrom<RealKind>(
      'product',
      'liveProduct',
      'variant',
      'user',
      'voucher',
      'voucherCode',
      'order',
      'payment',
      'refund',
      'email',
    ),
    fc.nat(),
  )
  .map(([kind, pick]) => new Real(kind, pick));

const deepNest = fc
  .tuple(fc.constantFrom(50, 1_000, 20_000), fc.constantFrom('[', '{"a":'))
  .map(([depth, open]) => {
    const close = open === '[' ? ']' : '}';
    return new Raw(`${open.repeat(depth)}1${close.repeat(depth)}`);
  });

const pollutingKey = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  '__defineGetter__',
  'isAdmin',
  'role',
  'id',
  '_id',
);

/** Any value at all in a JSON slot: the wrong type, too big, too odd. */
const awkwardValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { weight: 4, arbitrary: awkwardText },
    { weight: 3, arbitrary: awkwardNumber },
    { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
    { weight: 2, arbitrary: realRef },
    { weight: 1, arbitrary: deepNest },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
    {
      weight: 1,
      arbitrary: fc.array(tie('value'), { maxLength: 3, depthIdentifier: 'awkward' }),
    },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(fc.oneof(pollutingKey, fc.string({ maxLength: 8 })), tie('value')), {
          maxLength: 3,
          depthIdentifier: 'awkward',
        })
        .map((entries) => new Members(entries)),
    },
  ),
})).value;

const realOf = (kind: RealKind) => fc.nat().map((pick) => new Real(kind, pick));

/** An address the shop's email rule takes, or one of a real account. */
const emailAddress = fc.oneof(
  fc
    .tuple(
      fc.stringMatching(/^[a-z0-9][a-z0-9.+-]{0,12}$/),
      fc.constantFrom('example.com', 'shop.test'),
    )
    .map(([local, domain]) => `${local}@${domain}`),
  realOf('email'),
);

/** Text a field takes beyond its length, as a client that follows the rules would send it. */
const LIKELY_TEXT: Record<string, fc.Arbitrary<string | Real>> = {
  trackingNumber: fc.stringMatching(/^[A-Z0-9]{6,12}$/),
  postalCode: fc.constantFrom('SW1A 1AA', 'hx78ab', 'BS1 4DJ', 'EC1A1BB'),
  country: fc.constantFrom('United Kingdom', 'UK', 'GB'),
  phone: fc.stringMatching(/^\+?[0-9 ]{6,15}$/),
  image: fc.constantFrom('/uploads/ring.webp', 'https://images.example.com/ring.png'),
  code: fc.stringMatching(/^[A-Z0-9_-]{1,12}$/),
  name: fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,20}$/),
  email: emailAddress,
  password: fc.string({ minLength: 8, maxLength: 20 }),
  currentPassword: fc.string({ minLength: 8, maxLength: 20 }),
  expires: fc
    .date({ noInvalidDate: true, min: new Date(0), max: new Date(Date.UTC(2100, 0)) })
    .map((date) => date.toISOString()),
};

const ID_KEYS: Record<string, RealKind> = {
  product: 'liveProduct',
  variant: 'variant',
  _id: 'variant',
  id: 'payment',
  voucher: 'voucherCode',
};

/** A value that meets a route's request schema: the shapes a client that follows the rules sends. */
function fitting(schema: JsonSchema | undefined, key: string): fc.Arbitrary<unknown> {
  if (!schema) return awkwardValue;
  const base = fittingBase(schema, key);
  return schema.nullable ? fc.oneof({ weight: 5, arbitrary: base }, fc.constant(null)) : base;
}

function fittingBase(schema: JsonSchema, key: string): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string': {
      const likely = LIKELY_TEXT[key];
      if (likely) return likely;
      const kind = ID_KEYS[key];
      if (kind) return realOf(kind);
      const maxLength = Math.min(schema.maxLength ?? 40, 40);
      // Plain words, as long as the field takes: awkward text comes in by `misshapen`.
      return fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ,.'-]{0,38}[A-Za-z0-9]$/).map((text) =>
        text
          .slice(0, maxLength)
          .padEnd(schema.minLength ?? 0, 'x')
          .trim(),
      );
    }
    case 'integer':
      if (key === 'qty') return fc.integer({ min: 1, max: 3 });
      return fc.integer({
        min: schema.minimum ?? -1000,
        max: Math.min(schema.maximum ?? 1000, 1000),
      });
    case 'number':
      return fc
        .integer({ min: 1, max: Math.min((schema.maximum ?? 1000) * 100, 100_000) })
        .map((pence) => pence / 100);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(fitting(schema.items, key), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record = fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([name, sub]) => [name, fitting(sub, name)]),
        ),
        { requiredKeys: Object.keys(properties).filter((name) => required.has(name)) },
      );
      const extra = schema.additionalProperties;
      if (typeof extra !== 'object') return record;
      return fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), fitting(extra, key), {
        maxKeys: 3,
      });
    }
    default:
      return awkwardValue;
  }
}

/** Every place in a value where another value could go, as a path of keys and indices. */
function slotsOf(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  const slots: (string | number)[][] = [path];
  if (Array.isArray(value)) {
    value.forEach((item, index) => slots.push(...slotsOf(item, [...path, index])));
  } else if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) slots.push(...slotsOf(item, [...path, key]));
  }
  return slots;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !(value instanceof Raw) &&
    !(value instanceof Real) &&
    !(value instanceof Members) &&
    !Array.isArray(value)
  );
}

/** The value with one slot given another value (or, for an object, a new or dropped member). */
function mutated(
  value: unknown,
  [pick, replacement, addKey, drop]: [number, unknown, string | undefined, boolean],
): unknown {
  const slots = slotsOf(value);
  const path = slots[pick % slots.length] ?? [];
  const replace = (current: unknown, depth: number): unknown => {
    if (depth === path.length) {
      if (isPlainObject(current) && addKey !== undefined) {
        return new Members([...Object.entries(current), [addKey, replacement]]);
      }
      return replacement;
    }
    const step = path[depth];
    if (Array.isArray(current) && typeof step === 'number') {
      const items: unknown[] = current;
      if (drop && depth === path.length - 1) return items.filter((_, index) => index !== step);
      return items.map((item, index) => (index === step ? replace(item, depth + 1) : item));
    }
    if (isPlainObject(current) && typeof step === 'string') {
      if (drop && depth === path.length - 1) {
        return Object.fromEntries(Object.entries(current).filter(([key]) => key !== step));
      }
      return { ...current, [step]: replace(current[step], depth + 1) };
    }
    return current;
  };
  return replace(value, 0);
}

/** A body shaped like the route's request schema, with a few slots given wrong values. */
function misshapen(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      fitting(schema, ''),
      fc.array(
        fc.tuple(
          fc.nat(),
          awkwardValue,
          fc.option(fc.oneof(pollutingKey, fc.string({ maxLength: 8 })), { freq: 2 }),
          fc.nat(3).map((draw) => draw === 0),
        ),
        {
          minLength: 1,
          maxLength: 3,
        },
      ),
    )
    .map(([value, changes]) =>
      changes.reduce<unknown>(
        (current, [pick, replacement, addKey, drop]) =>
          mutated(current, [pick, replacement, addKey ?? undefined, drop]),
        value,
      ),
    );
}

// ---------------------------------------------------------------------------------------------
// A whole request

/** `forged`: a token in no shape the shop makes; `signed`: one signed with its key, odd inside. */
type Who = 'guest' | 'customer' | 'admin' | 'forged' | 'signed';

interface SignedClaims {
  sub: unknown;
  ver: unknown;
  /** Seconds from now. */
  issued: number;
  lasts: number;
}

type Body =
  | { kind: 'none'; contentType?: string }
  | { kind: 'json'; value: unknown; contentType: string }
  | { kind: 'raw'; text: string | Uint8Array; contentType: string }
  | { kind: 'multipart'; parts: Part[]; boundary: string; contentType: string; finished: boolean };

interface Part {
  name: string;
  filename?: string;
  type?: string;
  bytes: Uint8Array | 'image';
}

interface FuzzRequest {
  route: RouteInfo;
  method: string;
  params: { value: unknown; raw: boolean }[];
  query: [string, unknown][];
  rawQuery?: string;
  body: Body;
  who: Who;
  forgedToken: string;
  claims: SignedClaims;
  /** Headers a client or a proxy might add, some of them odd. */
  headers: [string, string][];
  address: [number, number, number];
}

const ODD_HEADERS: [string, string[]][] = [
  [
    'accept-encoding',
    ['gzip', 'br', 'zstd', '*', 'identity;q=0', 'gzip;q=abc', 'br, gzip;q=0.5', ''],
  ],
  ['if-none-match', ['*', '"x"', 'W/"x"', 'W/', '""', 'garbage']],
  ['if-modified-since', ['Thu, 01 Jan 1970 00:00:00 GMT', 'not a date', '']],
  ['range', ['bytes=0-0', 'bytes=-1', 'bytes=999999999-', 'bytes=abc', 'bytes=1-0']],
  ['accept', ['application/json', 'text/html', '*/*', '', 'image/webp']],
  ['x-forwarded-for', ['1.2.3.4', 'garbage', '::1, 10.0.0.1', '']],
  ['cookie', ['token=abc', '__proto__=1', '=']],
];

const oddHeaders = fc
  .subarray(ODD_HEADERS, { maxLength: 3 })
  .chain((names) =>
    fc.tuple(
      ...names.map(([name, values]) =>
        fc.constantFrom(...values).map((value): [string, string] => [name, value]),
      ),
    ),
  );

const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'Application/JSON',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/json;;',
  'application/merge-patch+json',
];
const OTHER_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/octet-stream',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  '*/*',
  '',
  ';',
  'json',
];

const jsonType = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  { weight: 2, arbitrary: fc.constantFrom(...JSON_TYPES) },
);

const rawJsonLike = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '{',
    '}',
    '[',
    '{"a":1,}',
    "{'a':1}",
    '{"a":01}',
    '{"a":.5}',
    '{"a":+1}',
    '{"a":1}{"b":2}',
    '{"a":"\\u00"}',
    '{"a":"\\ud800"}',
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
    '\uFEFF{}',
    'null',
    'true',
    '0',
    '-0',
    '"text"',
    '[]',
    '{}',
    'NaN',
    'undefined',
    '<xml/>',
    'a=1&b=2',
  ),
  fc.string({ maxLength: 60 }),
  fc.jsonValue({ maxDepth: 3 }).map((value) => {
    const text = JSON.stringify(value);
    return text.slice(0, Math.max(0, text.length - 1));
  }),
  fc.uint8Array({ maxLength: 60 }),
  fc.constant(Uint8Array.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d])),
  fc.constant(Uint8Array.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])),
);

function bodyFor(route: RouteInfo): fc.Arbitrary<Body> {
  const shaped = route.body;
  const choices: fc.WeightedArbitrary<Body>[] = [
    {
      weight: shaped ? 1 : 6,
      arbitrary: fc
        .option(fc.constantFrom(...JSON_TYPES, ...OTHER_TYPES), { freq: 4 })
        .map((contentType) => ({ kind: 'none' as const, contentType: contentType ?? undefined })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.jsonValue({ maxDepth: 3 }), jsonType)
        .map(([value, contentType]) => ({ kind: 'json' as const, value, contentType })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.anything({
            key: fc.oneof(pollutingKey, fc.string({ maxLength: 8 })),
            maxDepth: 3,
            withBigInt: true,
            withDate: true,
            withNullPrototype: true,
            withObjectString: true,
          }),
          jsonType,
        )
        .map(([value, contentType]) => ({ kind: 'json' as const, value, contentType })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(awkwardValue, jsonType)
        .map(([value, contentType]) => ({ kind: 'json' as const, value, contentType })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(rawJsonLike, jsonType)
        .map(([text, contentType]) => ({ kind: 'raw' as const, text, contentType })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(...OTHER_TYPES))
        .map(([value, contentType]) => ({
          kind: 'raw' as const,
          text: JSON.stringify(value),
          contentType,
        })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(1_048_000, 1_048_577, 2_000_000).map((size) => ({
        kind: 'raw' as const,
        text: `{"a":"${'x'.repeat(size)}"}`,
        contentType: 'application/json',
      })),
    },
  ];
  if (shaped) {
    choices.push(
      {
        weight: 8,
        arbitrary: fc
          .tuple(fitting(shaped, ''), jsonType)
          .map(([value, contentType]) => ({ kind: 'json' as const, value, contentType })),
      },
      {
        weight: 10,
        arbitrary: fc
          .tuple(misshapen(shaped), jsonType)
          .map(([value, contentType]) => ({ kind: 'json' as const, value, contentType })),
      },
    );
  }
  choices.push({ weight: route.path === '/api/upload' ? 12 : 1, arbitrary: multipartBody });
  return fc.oneof(...choices);
}

const multipartBody: fc.Arbitrary<Body> = fc
  .tuple(
    fc.array(
      fc.record(
        {
          name: fc.oneof(
            { weight: 8, arbitrary: fc.constant('image') },
            fc.constantFrom('file', '', '__proto__', 'image"; filename="x.png'),
          ),
          filename: fc.oneof(
            fc.constantFrom('ring.png', 'a.jpg', '../../../etc/passwd', '', 'x'.repeat(300)),
            fc.string({ maxLength: 20 }),
          ),
          type: fc.constantFrom(
            'image/png',
            'image/jpeg',
            'image/webp',
            'image/svg+xml',
            'text/html',
            'application/octet-stream',
          ),
          bytes: fc.oneof(
            { weight: 3, arbitrary: fc.constant('image' as const) },
            fc.uint8Array({ maxLength: 200 }),
            fc
              .uint8Array({ maxLength: 200 })
              .map((tail) =>
                Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...tail]),
              ),
            fc
              .uint8Array({ maxLength: 200 })
              .map((tail) => Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, ...tail])),
            fc.constant(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')),
          ),
        },
        { requiredKeys: ['name', 'bytes'] },
      ),
      { maxLength: 3 },
    ),
    fc.nat(4).map((draw) => draw > 0),
    fc.oneof(
      { weight: 6, arbitrary: fc.constant('multipart/form-data; boundary=fuzz') },
      fc.constantFrom('multipart/form-data; boundary=other', 'multipart/form-data'),
    ),
  )
  .map(([parts, finished, contentType]) => ({
    kind: 'multipart' as const,
    parts,
    boundary: 'fuzz',
    contentType,
    finished,
  }));

/** The kind of row a route's path parameter names. */
const PARAM_KINDS: [RegExp, RealKind][] = [
  [/^\/api\/(admin\/)?products\/:id/, 'product'],
  [/^\/api\/users\/:id/, 'user'],
  [/^\/api\/vouchers\/:id/, 'voucher'],
  [/^\/api\/vouchers\/code\/:code/, 'voucherCode'],
  [/^\/api\/orders\/:id/, 'order'],
  [/^\/api\/refunds\/:id/, 'refund'],
];

function requestFor(route: RouteInfo): fc.Arbitrary<FuzzRequest> {
  const paramCount = (route.path.match(/:\w+|\*/g) ?? []).length;
  const kind = PARAM_KINDS.find(([pattern]) => pattern.test(route.path))?.[1];
  const queryName = fc.oneof(
    ...(route.query.length > 0 ? [{ weight: 4, arbitrary: fc.constantFrom(...route.query) }] : []),
    { weight: 1, arbitrary: pollutingKey },
    { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
    { weight: 1, arbitrary: fc.constantFrom('pageNumber[]', 'keyword[a]', 'a[__proto__]', '') },
  );
  return fc.record({
    route: fc.constant(route),
    method: fc.oneof(
      { weight: 20, arbitrary: fc.constant(route.method) },
      fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
    ),
    params: fc.array(
      fc.record({
        value: fc.oneof(
          ...(kind ? [{ weight: 6, arbitrary: realOf(kind) }] : []),
          { weight: 1, arbitrary: realRef },
          { weight: 4, arbitrary: awkwardText },
          { weight: 1, arbitrary: fc.constant('x'.repeat(2_049)) },
        ),
        raw: fc.nat(3).map((draw) => draw === 0),
      }),
      { minLength: paramCount, maxLength: paramCount },
    ),
    query: fc.oneof(
      { weight: 2, arbitrary: fc.constant<[string, unknown][]>([]) },
      fc.array(
        fc.tuple(
          queryName,
          fc.oneof(
            awkwardText,
            awkwardNumber.map((n) => (n instanceof Raw ? n.text : String(n))),
            realRef,
          ),
        ),
        { minLength: 1, maxLength: 4 },
      ),
    ),
    rawQuery: fc.option(fc.constantFrom('%', '%%', '=&=&', '&&&', 'a=%E0%A4%A', '?', '#', ';a=1'), {
      freq: 8,
      nil: undefined,
    }),
    body: bodyFor(route),
    who: fc.constantFrom<Who>(
      'guest',
      'customer',
      'customer',
      'admin',
      'admin',
      'admin',
      'forged',
      'signed',
      'signed',
    ),
    forgedToken: fc.stringMatching(/^[\x21-\x7e]{0,200}$/),
    claims: fc.record({
      sub: fc.oneof(
        { weight: 2, arbitrary: realOf('user') },
        { weight: 3, arbitrary: awkwardText },
        { weight: 1, arbitrary: awkwardNumber },
        { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
      ),
      ver: fc.oneof(
        fc.constantFrom(0, 1),
        awkwardNumber,
        awkwardText,
        fc.jsonValue({ maxDepth: 2 }),
      ),
      issued: fc.constantFrom(0, -60, 3600, -40 * 86_400),
      lasts: fc.constantFrom(3600, 30 * 86_400, 31 * 86_400, -10),
    }),
    headers: fc.oneof({ weight: 3, arbitrary: fc.constant<[string, string][]>([]) }, oddHeaders),
    address: fc.tuple(fc.nat(255), fc.nat(255), fc.integer({ min: 1, max: 254 })),
  });
}

// ---------------------------------------------------------------------------------------------
// Sending it

/** Percent-encoding that writes a lone surrogate as the (invalid) UTF-8 a careless client sends. */
function percentEncoded(text: string): string {
  let encoded = '';
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      encoded += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      encoded += encodeURIComponent(character);
    }
  }
  return encoded;
}

/** Whether `app.inject` can carry an address at all (it reads it with `new URL` first). */
function injectable(url: string): boolean {
  try {
    return Boolean(
      new URL(url.startsWith('//') ? `http://localhost${url}` : url, 'http://localhost'),
    );
  } catch {
    return false;
  }
}

function urlOf(request: FuzzRequest, world: World, { encodeAll = false } = {}): string {
  let next = 0;
  const path = request.route.path.replace(/:\w+|\*/g, () => {
    const param = request.params[next++];
    if (!param) return '';
    const text = plainText(param.value, world);
    return param.raw && !encodeAll ? text : percentEncoded(text);
  });
  const query = request.query
    .map(([name, value]) => `${percentEncoded(name)}=${percentEncoded(plainText(value, world))}`)
    .concat(request.rawQuery === undefined ? [] : [request.rawQuery])
    .join('&');
  return query === '' ? path : `${path}?${query}`;
}

function multipartPayload(body: Extract<Body, { kind: 'multipart' }>, image: Buffer): Buffer {
  const chunks: Buffer[] = [];
  for (const part of body.parts) {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.type === undefined ? '' : `\r\nContent-Type: ${part.type}`;
    chunks.push(
      Buffer.from(
        `--${body.boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}${type}\r\n\r\n`,
      ),
      part.bytes === 'image' ? image : Buffer.from(part.bytes),
      Buffer.from('\r\n'),
    );
  }
  if (body.finished) chunks.push(Buffer.from(`--${body.boundary}--\r\n`));
  return Buffer.concat(chunks);
}

interface Principals {
  customer: TestUser;
  admin: TestUser;
}

/** A value as it would be in a token's claims, once a JSON parser has read it. */
function claimValue(value: unknown, world: World): unknown {
  if (value instanceof Real) return realId(world, value);
  try {
    return JSON.parse(jsonText(value, world)) as unknown;
  } catch {
    return null;
  }
}

/** A token signed with the shop's own key, whose claims may be anything at all. */
async function signedToken(claims: SignedClaims, world: World, secret: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const iat = now + claims.issued;
  return new SignJWT({
    sub: claimValue(claims.sub, world),
    ver: claimValue(claims.ver, world),
  } as JWTPayload)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + claims.lasts)
    .sign(new TextEncoder().encode(secret));
}

async function injectOptions(
  request: FuzzRequest,
  world: World,
  principals: Principals,
  image: Buffer,
  secret: string,
): Promise<InjectOptions & { url: string }> {
  const headers: Record<string, string> = Object.fromEntries(request.headers);
  if (request.who === 'customer') Object.assign(headers, bearer(principals.customer.token));
  if (request.who === 'admin') Object.assign(headers, bearer(principals.admin.token));
  if (request.who === 'forged') headers.authorization = `Bearer ${request.forgedToken}`;
  if (request.who === 'signed') {
    headers.authorization = `Bearer ${await signedToken(request.claims, world, secret)}`;
  }
  const { body } = request;
  if (body.contentType !== undefined) headers['content-type'] = body.contentType;
  let payload: string | Buffer | undefined;
  if (body.kind === 'json') payload = jsonText(body.value, world);
  if (body.kind === 'raw')
    payload = typeof body.text === 'string' ? body.text : Buffer.from(body.text);
  if (body.kind === 'multipart') payload = multipartPayload(body, image);
  return {
    method: request.method as InjectOptions['method'],
    url: injectable(urlOf(request, world))
      ? urlOf(request, world)
      : urlOf(request, world, { encodeAll: true }),
    headers,
    remoteAddress: `10.${request.address.join('.')}`,
    ...(payload === undefined ? {} : { payload }),
  };
}

/** Who a request was sent as, in words for a failure's report. */
function whoSent(request: FuzzRequest, world: World): string {
  if (request.who === 'forged') return `a forged token ${JSON.stringify(request.forgedToken)}`;
  if (request.who !== 'signed') return request.who;
  const { sub, ver, issued, lasts } = request.claims;
  const claims = { sub: claimValue(sub, world), ver: claimValue(ver, world), issued, lasts };
  return `a token signed with the shop's key, ${excerpt(JSON.stringify(claims), 200)}`;
}

const excerpt = (text: string, length = 300) =>
  text.length > length ? `${text.slice(0, length)}… (${text.length} characters)` : text;

/**
 * An answer's body as a client reads it: decoded when it came compressed, as a fuzzed
 * `accept-encoding` may ask; none for an empty answer.
 */
function bodyOf(response: LightMyRequestResponse): string {
  // A HEAD's answer names the encoding its GET would have, and carries no body to decode.
  if (response.rawPayload.length === 0) return '';
  const encoding = response.headers['content-encoding'];
  const decode =
    encoding === 'gzip'
      ? gunzipSync
      : encoding === 'br'
        ? brotliDecompressSync
        : encoding === 'deflate'
          ? inflateSync
          : undefined;
  return decode ? decode(response.rawPayload).toString('utf8') : response.body;
}

/** What is wrong with an answer, if anything. */
function problemsWith(
  request: FuzzRequest,
  url: string,
  response: LightMyRequestResponse,
): string[] {
  const problems: string[] = [];
  const status = response.statusCode;
  const text = bodyOf(response);
  const type = String(response.headers['content-type'] ?? '');
  if (status >= 500) problems.push(`answered ${status}`);
  // A file route serves its own folder only.
  const isFileRoute = /^\/(api\/docs|uploads)\//.test(request.route.path);
  const path = url.split('?')[0] ?? '';
  if (isFileRoute && status < 300 && /\.\.|%2e%2e/i.test(path)) {
    problems.push('served a path that climbs out of its folder');
  }
  // The documentation page's own scripts and styles are someone else's files, served as they are.
  const isDocsFile = request.route.path.startsWith('/api/docs') && status < 400;
  if (!isDocsFile) {
    for (const [pattern, what] of LEAKS) if (pattern.test(text)) problems.push(`shows ${what}`);
  }
  if (request.method === 'HEAD' || status === 204 || status === 304) return problems;
  if (status >= 400) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      problems.push('refused in words that are not JSON');
      return problems;
    }
    const error = errorBodySchema.safeParse(parsed);
    if (!error.success) problems.push('refused in a body other than { message, code }');
    else if (!(error.data.code in ERROR_STATUS))
      problems.push(`answered unknown code ${error.data.code}`);
    else if (ERROR_STATUS[error.data.code] !== status) {
      problems.push(`answered ${error.data.code} with status ${status}`);
    }
  } else if (type.includes('json')) {
    try {
      JSON.parse(text);
    } catch {
      problems.push('answered a JSON content type with a body that is not JSON');
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// The shop's rows

async function rowCounts(shop: TestShop): Promise<Record<string, number>> {
  const { db } = shop.database;
  const counts = await Promise.all(
    WATCHED_TABLES.map(async (table) => {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return [table, Number(row.n)] as const;
    }),
  );
  return Object.fromEntries(counts);
}

async function idsIn(shop: TestShop): Promise<World['ids']> {
  const { db } = shop.database;
  const ids = async (
    table:
      'products' | 'product_variants' | 'users' | 'vouchers' | 'orders' | 'payments' | 'refunds',
  ) =>
    (await db.selectFrom(table).select('id').orderBy('id').limit(20).execute()).map(
      (row) => row.id,
    );
  const codes = (
    await db.selectFrom('vouchers').select('code').orderBy('id').limit(20).execute()
  ).map((row) => row.code);
  return {
    product: await ids('products'),
    liveProduct: (
      await db
        .selectFrom('products')
        .select('id')
        .where('status', '=', 'live')
        .orderBy('id')
        .limit(20)
        .execute()
    ).map((row) => row.id),
    variant: await ids('product_variants'),
    user: await ids('users'),
    voucher: await ids('vouchers'),
    voucherCode: codes,
    order: await ids('orders'),
    payment: await ids('payments'),
    refund: await ids('refunds'),
    email: (await db.selectFrom('users').select('email').orderBy('id').limit(20).execute()).map(
      (row) => row.email,
    ),
  };
}

/** A shop with a little of everything: products (one sold in sizes), a voucher, a paid order. */
async function furnish(shop: TestShop): Promise<Principals> {
  const principals = {
    customer: await addUser(shop, { name: 'Fuzz Customer' }),
    admin: await addUser(shop, { role: 'admin', name: 'Fuzz Admin' }),
  };
  await addUser(shop, { name: 'Another Customer' });
  const plain = await addProduct(shop.database, { pricePence: 2450, countInStock: 50 });
  await addProduct(shop.database, { status: 'draft' });
  await addProductWithVariants(
    shop.database,
    [{ name: 'Size', values: ['S', 'M', 'L'] }],
    [
      { options: { Size: 'S' }, countInStock: 3 },
      { options: { Size: 'M' }, countInStock: 0 },
      { options: { Size: 'L' }, countInStock: 9 },
    ],
  );
  await addVoucher(shop.database, { code: 'FUZZ10', discountPence: 1000 });
  const lines = [{ product: plain.id, qty: 1 }];
  const payment = await openPayment(shop, principals.customer.token, lines);
  const placed = await placeOrder(shop, principals.customer.token, payment.id, lines);
  if (placed.statusCode !== 201) throw new Error(`the first order was refused: ${placed.body}`);
  return principals;
}

/** Calls that may take an account's rights or its sign-in away. */
const touchesAccounts = (request: FuzzRequest) =>
  request.method !== 'GET' &&
  request.method !== 'HEAD' &&
  request.route.path.startsWith('/api/users');

// ---------------------------------------------------------------------------------------------

describe.each(testDialects())('the API under malformed requests on %s', (dialect) => {
  let shop: TestShop;
  let routes: RouteInfo[];
  let principals: Principals;
  let image: Buffer;
  const world: World = {
    ids: {
      product: [],
      liveProduct: [],
      variant: [],
      user: [],
      voucher: [],
      voucherCode: [],
      order: [],
      payment: [],
      refund: [],
      email: [],
    },
  };
  let counts: Record<string, number>;
  /** Answers seen, by status: the run's own account of what it reached. */
  const statuses = new Map<number, number>();
  /** Answers seen, by route, status and code, for FUZZ_REPORT. */
  const answers = new Map<string, number>();

  beforeAll(async () => {
    shop = await startTestShop(dialect, { PUBLIC_URL: 'https://shop.example.test' });
    routes = await routesOf(shop);
    principals = await furnish(shop);
    world.ids = await idsIn(shop);
    counts = await rowCounts(shop);
    image = await sharp({
      create: { width: 4, height: 4, channels: 3, background: { r: 200, g: 160, b: 40 } },
    })
      .png()
      .toBuffer();
  });
  afterAll(() => shop.close());

  it('fuzzes every route the shop serves, /api and the rest', () => {
    const paths = new Set(routes.map((route) => route.path));
    for (const path of ['/api/products/:id', '/api/upload', '/api/users/login', '/api/docs/*']) {
      expect(paths).toContain(path);
    }
    expect(routes.filter((route) => route.body).length).toBeGreaterThanOrEqual(15);
  });

  it(
    'answers every request below 500, in its own words, and keeps no row from a refusal',
    async () => {
      // Routes that read a body or change something are where the shop has most to get wrong.
      const request = fc
        .oneof(
          ...routes.map((route) => ({
            weight: route.body ? 4 : ['GET', 'HEAD'].includes(route.method) ? 1 : 2,
            arbitrary: fc.constant(route),
          })),
        )
        .chain(requestFor);
      await fc.assert(
        fc.asyncProperty(request, async (fuzzed) => {
          const options = await injectOptions(
            fuzzed,
            world,
            principals,
            image,
            shop.config.jwtSecret,
          );
          const response = await shop.app.inject(options);
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          if (REPORT) {
            const code = /"code":"(\w+)"/.exec(bodyOf(response))?.[1] ?? '';
            const key = `${fuzzed.route.method} ${fuzzed.route.path} ${response.statusCode} ${code}`;
            answers.set(key, (answers.get(key) ?? 0) + 1);
          }
          const problems = problemsWith(fuzzed, options.url, response);
          const after = await rowCounts(shop);
          const succeeded = response.statusCode >= 200 && response.statusCode < 300;
          if (!succeeded) {
            for (const table of WATCHED_TABLES) {
              if (after[table] !== counts[table]) {
                problems.push(
                  `refused, yet ${table} went from ${counts[table]} to ${after[table]}`,
                );
              }
            }
          }
          counts = after;
          if (succeeded && fuzzed.method !== 'GET' && fuzzed.method !== 'HEAD') {
            if (touchesAccounts(fuzzed)) {
              principals = {
                customer: await addUser(shop, { name: 'Fuzz Customer' }),
                admin: await addUser(shop, { role: 'admin', name: 'Fuzz Admin' }),
              };
              counts = await rowCounts(shop);
            }
            world.ids = await idsIn(shop);
          }
          if (problems.length > 0) {
            const sent =
              typeof options.payload === 'string' || Buffer.isBuffer(options.payload)
                ? excerpt(options.payload.toString())
                : '(none)';
            throw new Error(
              [
                `${options.method} ${excerpt(options.url, 200)} as ${whoSent(fuzzed, world)}`,
                `headers: ${JSON.stringify(Object.fromEntries(fuzzed.headers))}`,
                `content-type: ${fuzzed.body.contentType ?? '(none)'}; body: ${sent}`,
                `answer ${response.statusCode}: ${excerpt(bodyOf(response))}`,
                ...problems.map((problem) => `- ${problem}`),
              ].join('\n'),
            );
          }
        }),
        { numRuns: RUNS, seed: SEED },
      );
    },
    RUN_TIMEOUT_MS,
  );

  it('still answers afterwards', async () => {
    if (REPORT) {
      const lines = [...answers].sort(([a], [b]) => a.localeCompare(b));
      console.log(lines.map(([key, count]) => `${String(count).padStart(5)}  ${key}`).join('\n'));
    }
    const health = await shop.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const products = await shop.app.inject({ method: 'GET', url: '/api/products' });
    expect(products.statusCode).toBe(200);
    // Every kind of answer is one the run meant to reach: successes and refusals both.
    expect([...statuses.keys()].some((status) => status < 300)).toBe(true);
    expect([...statuses.keys()].some((status) => status >= 400)).toBe(true);
  });
});
