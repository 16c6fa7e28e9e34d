import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import { PAYMENT_PROVIDERS } from '../shared/payments/payments';
import { CONTACT_EMAIL, SHOP_NAME } from '../shared/settings/shop';
import type { ShopIdentity } from '../shared/api';
import { poundsToPence, type Pence } from '../shared/money';
import { UK_VAT_NUMBER } from '../shared/settings/settings';
import {
  FLAT_RATE_HIGHEST,
  FLAT_RATE_LOWEST,
  VAT_SCHEMES,
  type VatSettings,
  type VatStagger,
} from '../shared/reports/vat';
import { ConfigError } from './config-error';
import { parseTrustProxy } from './http/trusted-proxies';

const MIN_SECRET_BYTES = 32;

/**
 * How dear a password hash is to make: `standard` is argon2id at its recommended cost; `test` is
 * a cheap one for test shops, which make hundreds of accounts, and is refused in production.
 */
export const PASSWORD_HASH_COSTS = ['standard', 'test'] as const;

export type PasswordHashCost = (typeof PASSWORD_HASH_COSTS)[number];

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'PORT must be a number' })
    .int()
    .min(0)
    .max(65535, 'PORT must be between 0 and 65535')
    .default(5000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().optional(),
  JWT_SECRET: z.string().optional(),
  PUBLIC_URL: z
    .url({ error: 'PUBLIC_URL must be a full URL such as https://shop.example.com' })
    .optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  PAYMENT_PROVIDER: z
    .enum(PAYMENT_PROVIDERS, { error: 'PAYMENT_PROVIDER must be paypal or test' })
    .optional(),
  PAYPAL_API_BASE: z.url().default('https://api-m.sandbox.paypal.com'),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  /** Where the checkout loads PayPal's JS SDK from; a stand-in's address in the journeys. */
  PAYPAL_SDK_URL: z
    .url({ error: 'PAYPAL_SDK_URL must be a full URL' })
    .default('https://www.paypal.com/sdk/js'),
  /** Where the checkout loads Google's Pay API script from, for Google Pay. */
  GOOGLE_PAY_SDK_URL: z
    .url({ error: 'GOOGLE_PAY_SDK_URL must be a full URL' })
    .default('https://pay.google.com/gp/p/js/pay.js'),
  ADMIN_EMAIL: z
    .email({ error: 'ADMIN_EMAIL must be an email address' })
    .default('admin@example.com'),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
  SEED: z.enum(['demo', 'none'], { error: 'SEED must be demo or none' }).default('demo'),
  PASSWORD_HASH_COST: z
    .enum(PASSWORD_HASH_COSTS, { error: 'PASSWORD_HASH_COST must be standard or test' })
    .default('standard'),
  REDIS_URL: z.string().optional(),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  TRUST_PROXY: z.string().optional(),
  CACHE_MAX_MB: z.coerce
    .number({ error: 'CACHE_MAX_MB must be a number of megabytes' })
    .min(0, 'CACHE_MAX_MB must be 0 (keep nothing) or more')
    .max(4096, 'CACHE_MAX_MB must be at most 4096')
    .default(32),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DRAIN_SECONDS: z.coerce
    .number({ error: 'DRAIN_SECONDS must be a whole number of seconds' })
    .int('DRAIN_SECONDS must be a whole number of seconds')
    .min(0, 'DRAIN_SECONDS must be 0 (stop at once) or more')
    .max(300, 'DRAIN_SECONDS must be at most 300')
    .default(5),
  LOW_STOCK: z.coerce
    .number({ error: 'LOW_STOCK must be a whole number of items' })
    .int('LOW_STOCK must be a whole number of items')
    .min(0, 'LOW_STOCK must be 0 (list only what is sold out and waited for) or more')
    .max(10_000, 'LOW_STOCK must be at most 10000')
    .default(3),
  SITEMAP_URLS_PER_FILE: z.coerce
    .number({ error: 'SITEMAP_URLS_PER_FILE must be a whole number of addresses' })
    .int('SITEMAP_URLS_PER_FILE must be a whole number of addresses')
    .min(1, 'SITEMAP_URLS_PER_FILE must be 1 or more')
    .max(50_000, 'SITEMAP_URLS_PER_FILE must be at most 50000, the most a sitemap file may list')
    .default(1000),
  VAT_STAGGER: z
    .enum(['1', '2', '3'], {
      error:
        'VAT_STAGGER must be 1 (VAT quarters end March, June, September and December), ' +
        '2 (April, July, October and January) or 3 (May, August, November and February)',
    })
    .default('1'),
  VAT_SCHEME: z
    .enum(VAT_SCHEMES, { error: 'VAT_SCHEME must be standard or flat-rate' })
    .default('standard'),
  VAT_FLAT_RATE: z.string().optional(),
  GIFT_WRAP_PRICE: z
    .string()
    .regex(/^\d{1,2}(\.\d{1,2})?$/, {
      error: 'GIFT_WRAP_PRICE must be an amount in pounds such as 3.50 (0 offers no gift wrap)',
    })
    .default('3.50'),
  // Who sells. The defaults are plainly fictitious, for trying the shop.
  SHOP_NAME: z.string().max(100).default(SHOP_NAME),
  SHOP_LEGAL_NAME: z
    .string()
    .max(200)
    .default('Larkspur Demo Trading Ltd (a fictitious company for the demo shop)'),
  SHOP_ADDRESS: z.string().max(300).default('1 Example Street, Bristol BS1 4DJ, United Kingdom'),
  SHOP_EMAIL: z.email({ error: 'SHOP_EMAIL must be an email address' }).default(CONTACT_EMAIL),
  SHOP_PHONE: z.string().max(40).default('0117 496 0000'),
  SHOP_VAT_NUMBER: z
    .string()
    .regex(UK_VAT_NUMBER, {
      error: 'SHOP_VAT_NUMBER must be a UK VAT number such as GB 123 4567 89',
    })
    .default('GB 000 0000 00'),
  SHOP_COMPANY_NUMBER: z.string().max(20).default('00000000'),
});

export type DatabaseConfig =
  { dialect: 'sqlite'; filename: string } | { dialect: 'postgres'; connectionString: string };

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  jwtSecret: string;
  publicUrl: string;
  mail: { smtpUrl: string | undefined; from: string };
  payment: {
    provider: 'paypal' | 'test';
    apiBase: string;
    clientId: string;
    clientSecret: string;
    /** PayPal's JS SDK, and Google's Pay API script, as the browser loads them. */
    sdkUrl: string;
    googlePaySdkUrl: string;
  };
  admin: { email: string; password: string | undefined };
  /** The cost of the password hashes the shop makes; checking reads each hash's own. */
  passwordHashCost: PasswordHashCost;
  /**
   * Who sells. This, `lowStock`, `vat` and `giftWrapPence` write a new shop's settings on its
   * first start (settings/environment-defaults.ts); after that the settings are read instead.
   */
  trader: ShopIdentity;
  seed: 'demo' | 'none';
  redisUrl: string | undefined;
  /** Unset: no /metrics. Set: /metrics answers callers bearing it. */
  metricsToken: string | undefined;
  /**
   * Whose `X-Forwarded-For` is believed: nobody (false), the nearest `n` proxies, or the proxies
   * at these addresses and subnets (comma-separated, as Fastify's `trustProxy` takes them).
   */
  trustProxy: false | number | string;
  logLevel: string;
  /**
   * How long an instance told to stop (SIGTERM) goes on serving while its health check answers
   * 503, so that the balancer stops sending it requests before it stops accepting them.
   */
  drainSeconds: number;
  /** How many bytes of public answers each instance keeps in memory. */
  cacheMaxBytes: number;
  /** A new shop's low stock: with this many left or fewer (but some), a variant runs low. */
  lowStock: number;
  /** The most product addresses one sitemap file lists. */
  sitemapUrlsPerFile: number;
  /** A new shop's VAT return: the quarters HMRC gave the business, and its scheme. */
  vat: VatSettings;
  /** What gift wrap costs on a new shop, VAT included; 0: no gift wrap is offered. */
  giftWrapPence: Pence;
}

export function parseDatabaseUrl(url: string, dataDir: string): DatabaseConfig {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    try {
      new URL(url);
    } catch {
      throw new ConfigError(`DATABASE_URL is not a valid postgres URL: ${redactUrl(url)}`);
    }
    return { dialect: 'postgres', connectionString: url };
  }
  if (url.startsWith('sqlite:')) {
    const target = url.slice('sqlite:'.length);
    if (target === ':memory:') return { dialect: 'sqlite', filename: ':memory:' };
    if (target.length === 0) throw new ConfigError('DATABASE_URL sqlite: needs a file path');
    return { dialect: 'sqlite', filename: path.resolve(target) };
  }
  throw new ConfigError(
    `DATABASE_URL must start with sqlite: or postgres:// (got ${redactUrl(url)}); ` +
      `leave it unset to use ${path.join(dataDir, 'shop.db')}`,
  );
}

function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]+):([^@/]+)@/, '//$1:***@');
}

const STAGGERS: Record<'1' | '2' | '3', VatStagger> = { '1': 1, '2': 2, '3': 3 };

/**
 * The VAT return's settings. A flat rate is the percentage HMRC gave the business's trade, two
 * decimals at most; one given on the standard scheme is refused rather than left unread, since the
 * owner who set it believes the return is worked out with it.
 */
function parseVat(
  stagger: '1' | '2' | '3',
  scheme: VatSettings['scheme'],
  flatRate: string | undefined,
): VatSettings {
  const settings = { stagger: STAGGERS[stagger], scheme };
  if (scheme === 'standard') {
    if (flatRate !== undefined) {
      throw new ConfigError(
        'VAT_FLAT_RATE is read only with VAT_SCHEME=flat-rate: set VAT_SCHEME=flat-rate too, ' +
          'or leave VAT_FLAT_RATE unset for the standard scheme',
      );
    }
    return { ...settings, flatRate: null };
  }
  if (flatRate === undefined) {
    throw new ConfigError(
      'VAT_SCHEME=flat-rate needs VAT_FLAT_RATE, the percentage HMRC gave the business (such as 7.5)',
    );
  }
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(flatRate)) {
    throw new ConfigError(
      `VAT_FLAT_RATE must be a percentage such as 7.5, with two decimals at most (got ${flatRate})`,
    );
  }
  const percent = Number(flatRate);
  if (percent < FLAT_RATE_LOWEST || percent > FLAT_RATE_HIGHEST) {
    throw new ConfigError(
      `VAT_FLAT_RATE must be between ${FLAT_RATE_LOWEST} and ${FLAT_RATE_HIGHEST}: HMRC's flat ` +
        `rates run from 4% to 16.5%, a point lower in a business's first year (got ${flatRate})`,
    );
  }
  return { ...settings, flatRate: percent };
}

/** Reads the secret from the environment, or makes one once and keeps it in the data folder. */
function resolveJwtSecret(given: string | undefined, env: Config['env'], dataDir: string): string {
  if (given !== undefined) {
    if (env === 'production' && Buffer.byteLength(given) < MIN_SECRET_BYTES) {
      throw new ConfigError(`JWT_SECRET must be at least ${MIN_SECRET_BYTES} bytes in production`);
    }
    return given;
  }
  if (env === 'production')
    throw new ConfigError('JWT_SECRET is required when NODE_ENV=production');
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function formatIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `- ${issue.path.join('.')}: ${issue.message}`).join('\n');
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== '')),
  );
  if (!parsed.success) {
    throw new ConfigError(`The shop's configuration is not valid:\n${formatIssues(parsed.error)}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const database = parseDatabaseUrl(
    env.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'shop.db')}`,
    dataDir,
  );
  const hasPayPalCredentials = Boolean(env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET);
  const provider = env.PAYMENT_PROVIDER ?? (hasPayPalCredentials ? 'paypal' : 'test');
  if (provider === 'paypal' && !hasPayPalCredentials) {
    throw new ConfigError(
      'PAYMENT_PROVIDER=paypal needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET',
    );
  }
  if (provider === 'test' && env.NODE_ENV === 'production') {
    throw new ConfigError(
      'PAYMENT_PROVIDER=test takes no money and is refused when NODE_ENV=production',
    );
  }
  if (env.PASSWORD_HASH_COST === 'test' && env.NODE_ENV === 'production') {
    throw new ConfigError(
      'PASSWORD_HASH_COST=test makes stolen password hashes quick to crack and is refused when ' +
        'NODE_ENV=production',
    );
  }
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    database,
    jwtSecret: resolveJwtSecret(env.JWT_SECRET, env.NODE_ENV, dataDir),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? 'no-reply@localhost' },
    payment: {
      provider,
      apiBase: env.PAYPAL_API_BASE.replace(/\/$/, ''),
      clientId: env.PAYPAL_CLIENT_ID ?? '',
      clientSecret: env.PAYPAL_CLIENT_SECRET ?? '',
      sdkUrl: env.PAYPAL_SDK_URL,
      googlePaySdkUrl: env.GOOGLE_PAY_SDK_URL,
    },
    admin: { email: env.ADMIN_EMAIL.toLowerCase(), password: env.ADMIN_PASSWORD },
    passwordHashCost: env.PASSWORD_HASH_COST,
    trader: {
      name: env.SHOP_NAME,
      legalName: env.SHOP_LEGAL_NAME,
      address: env.SHOP_ADDRESS,
      email: env.SHOP_EMAIL,
      phone: env.SHOP_PHONE,
      vatNumber: env.SHOP_VAT_NUMBER,
      companyNumber: env.SHOP_COMPANY_NUMBER,
    },
    seed: env.SEED,
    redisUrl: env.REDIS_URL,
    metricsToken: env.METRICS_TOKEN || undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL,
    drainSeconds: env.DRAIN_SECONDS,
    cacheMaxBytes: Math.round(env.CACHE_MAX_MB * 1024 * 1024),
    lowStock: env.LOW_STOCK,
    sitemapUrlsPerFile: env.SITEMAP_URLS_PER_FILE,
    vat: parseVat(env.VAT_STAGGER, env.VAT_SCHEME, env.VAT_FLAT_RATE),
    giftWrapPence: poundsToPence(Number(env.GIFT_WRAP_PRICE)),
  };
}
