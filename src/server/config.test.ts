import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { ConfigError } from './config-error';

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-config-'));
const paypal = { PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' };
const load = (environment: Record<string, string>) =>
  loadConfig({ DATA_DIR: dataDir, ...environment });

describe('configuration', () => {
  it('needs nothing to run: SQLite in the data folder, port 5000, test payments', () => {
    const config = load({});
    expect(config.port).toBe(5000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.database).toEqual({ dialect: 'sqlite', filename: path.join(dataDir, 'shop.db') });
    expect(config.payment.provider).toBe('test');
    expect(config.publicUrl).toBe('http://localhost:5000');
    expect(config.seed).toBe('demo');
    expect(config.passwordHashCost).toBe('standard');
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(43);
    expect(load({}).jwtSecret).toBe(config.jwtSecret);
  });

  it('reads PostgreSQL and SQLite URLs', () => {
    expect(load({ DATABASE_URL: 'postgres://u:p@db:5432/shop' }).database).toEqual({
      dialect: 'postgres',
      connectionString: 'postgres://u:p@db:5432/shop',
    });
    expect(load({ DATABASE_URL: 'sqlite::memory:' }).database).toEqual({
      dialect: 'sqlite',
      filename: ':memory:',
    });
  });

  it.each([
    [
      { DATABASE_URL: 'mysql://localhost/shop' },
      /DATABASE_URL must start with sqlite: or postgres/,
    ],
    [{ DATABASE_URL: 'postgres://user:secret@' }, /DATABASE_URL is not a valid postgres URL/],
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ SEED: 'lots' }, /SEED must be demo or none/],
    [{ PAYMENT_PROVIDER: 'paypal' }, /needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET/],
    [{ NODE_ENV: 'production', ...paypal }, /JWT_SECRET is required/],
    [{ NODE_ENV: 'production', JWT_SECRET: 'short', ...paypal }, /at least 32 bytes/],
    [{ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) }, /PAYMENT_PROVIDER=test .* refused/],
    [{ ADMIN_EMAIL: 'not-an-email' }, /ADMIN_EMAIL/],
    [{ CACHE_MAX_MB: 'lots' }, /CACHE_MAX_MB must be a number of megabytes/],
    [{ CACHE_MAX_MB: '-1' }, /CACHE_MAX_MB must be 0/],
    [{ SITEMAP_URLS_PER_FILE: '0' }, /SITEMAP_URLS_PER_FILE must be 1 or more/],
    [{ SITEMAP_URLS_PER_FILE: '50001' }, /SITEMAP_URLS_PER_FILE must be at most 50000/],
    [{ SITEMAP_URLS_PER_FILE: '10.5' }, /SITEMAP_URLS_PER_FILE must be a whole number/],
    [{ SITEMAP_URLS_PER_FILE: 'many' }, /SITEMAP_URLS_PER_FILE must be a whole number/],
    [{ PASSWORD_HASH_COST: 'cheap' }, /PASSWORD_HASH_COST must be standard or test/],
    [{ VAT_STAGGER: '4' }, /VAT_STAGGER must be 1 .* 2 .* or 3/],
    [{ VAT_STAGGER: 'March' }, /VAT_STAGGER must be 1/],
    [{ VAT_SCHEME: 'cash' }, /VAT_SCHEME must be standard or flat-rate/],
    [{ VAT_SCHEME: 'flat-rate' }, /VAT_SCHEME=flat-rate needs VAT_FLAT_RATE/],
    [{ VAT_SCHEME: 'flat-rate', VAT_FLAT_RATE: 'seven' }, /VAT_FLAT_RATE must be a percentage/],
    [{ VAT_SCHEME: 'flat-rate', VAT_FLAT_RATE: '7.5%' }, /VAT_FLAT_RATE must be a percentage/],
    [{ VAT_SCHEME: 'flat-rate', VAT_FLAT_RATE: '7.125' }, /two decimals at most/],
    [
      { VAT_SCHEME: 'flat-rate', VAT_FLAT_RATE: '0.75' },
      /VAT_FLAT_RATE must be between 3 and 16.5/,
    ],
    [{ VAT_SCHEME: 'flat-rate', VAT_FLAT_RATE: '20' }, /VAT_FLAT_RATE must be between 3 and 16.5/],
    [{ VAT_FLAT_RATE: '7.5' }, /VAT_FLAT_RATE is read only with VAT_SCHEME=flat-rate/],
    [{ GIFT_WRAP_PRICE: '-1' }, /GIFT_WRAP_PRICE must be an amount in pounds/],
    [{ GIFT_WRAP_PRICE: '3.505' }, /GIFT_WRAP_PRICE must be an amount in pounds/],
    [{ GIFT_WRAP_PRICE: '£3' }, /GIFT_WRAP_PRICE must be an amount in pounds/],
    [
      { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), PASSWORD_HASH_COST: 'test', ...paypal },
      /PASSWORD_HASH_COST=test .* refused when NODE_ENV=production/,
    ],
  ] as [Record<string, string>, RegExp][])(
    'refuses %j with a clear message',
    (environment, message) => {
      expect(() => load(environment)).toThrow(ConfigError);
      expect(() => load(environment)).toThrow(message);
    },
  );

  it('never prints a database password in its message', () => {
    expect(() => load({ DATABASE_URL: 'mongodb://admin:hunter2@db/shop' })).toThrow(
      /admin:\*\*\*@/,
    );
  });

  it('keeps 32 MB of public answers unless told otherwise; 0 keeps none', () => {
    expect(load({}).cacheMaxBytes).toBe(32 * 1024 * 1024);
    expect(load({ CACHE_MAX_MB: '0.5' }).cacheMaxBytes).toBe(512 * 1024);
    expect(load({ CACHE_MAX_MB: '0' }).cacheMaxBytes).toBe(0);
  });

  it('lists 1,000 addresses in a sitemap file unless told otherwise, up to the 50,000 the protocol allows', () => {
    expect(load({}).sitemapUrlsPerFile).toBe(1000);
    expect(load({ SITEMAP_URLS_PER_FILE: '50000' }).sitemapUrlsPerFile).toBe(50_000);
    expect(load({ SITEMAP_URLS_PER_FILE: '10' }).sitemapUrlsPerFile).toBe(10);
  });

  it('works out VAT on the standard scheme, quarters ending March, June, September and December, unless told', () => {
    expect(load({}).vat).toEqual({ stagger: 1, scheme: 'standard', flatRate: null });
    expect(load({ VAT_STAGGER: '3' }).vat.stagger).toBe(3);
    expect(load({ VAT_SCHEME: 'flat-rate', VAT_FLAT_RATE: '7.5', VAT_STAGGER: '2' }).vat).toEqual({
      stagger: 2,
      scheme: 'flat-rate',
      flatRate: 7.5,
    });
    expect(load({ VAT_SCHEME: 'flat-rate', VAT_FLAT_RATE: '16.5' }).vat.flatRate).toBe(16.5);
    expect(load({ VAT_SCHEME: 'flat-rate', VAT_FLAT_RATE: '3' }).vat.flatRate).toBe(3);
  });

  it('charges £3.50 for gift wrap unless told; 0 offers none', () => {
    expect(load({}).giftWrapPence).toBe(350);
    expect(load({ GIFT_WRAP_PRICE: '2.5' }).giftWrapPence).toBe(250);
    expect(load({ GIFT_WRAP_PRICE: '0' }).giftWrapPence).toBe(0);
  });

  it('chooses PayPal when its credentials are given', () => {
    const config = load(paypal);
    expect(config.payment).toMatchObject({ provider: 'paypal', clientId: 'id' });
  });

  it('believes forwarded addresses only from proxies it is told of, never from anyone', () => {
    expect(load({}).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(load({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,loopback,::1' }).trustProxy).toBe(
      '10.0.0.5,10.1.0.0/16,loopback,::1',
    );
    expect(() => load({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => load({ TRUST_PROXY: 'true' })).toThrow(/any client choose the address/);
    expect(() => load({ TRUST_PROXY: '10.0.0.5,proxy.internal' })).toThrow(
      /"proxy.internal" is not an address or subnet/,
    );
    expect(() => load({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(ConfigError);
  });

  it('drains for 5 seconds on SIGTERM unless DRAIN_SECONDS says otherwise', () => {
    expect(load({}).drainSeconds).toBe(5);
    expect(load({ DRAIN_SECONDS: '0' }).drainSeconds).toBe(0);
    expect(load({ DRAIN_SECONDS: '30' }).drainSeconds).toBe(30);
    expect(() => load({ DRAIN_SECONDS: 'soon' })).toThrow(
      new ConfigError(
        "The shop's configuration is not valid:\n- DRAIN_SECONDS: DRAIN_SECONDS must be a whole number of seconds",
      ),
    );
    expect(() => load({ DRAIN_SECONDS: '301' })).toThrow(/DRAIN_SECONDS must be at most 300/);
  });

  it('takes subnets up to a /8 of IPv4 or a /32 of IPv6, and up to 5 proxies by count', () => {
    expect(load({ TRUST_PROXY: '5' }).trustProxy).toBe(5);
    expect(load({ TRUST_PROXY: '10.0.0.0/8,2001:db8::/32,::ffff:10.0.0.0/104' }).trustProxy).toBe(
      '10.0.0.0/8,2001:db8::/32,::ffff:10.0.0.0/104',
    );
  });

  const TRUST_PROXY_WORDS =
    'TRUST_PROXY must name the proxies in front of the shop, by address or subnet ' +
    '(TRUST_PROXY=10.0.0.5 or 10.0.0.0/8,loopback) or by how many there are ' +
    '(TRUST_PROXY=1, at most 5); ';
  const tooWide = (entry: string, version: 4 | 6, prefix: number) =>
    `"${entry}" is wider than a /${prefix} of IPv${version}, so it takes in clients on the ` +
    'internet, who could then choose the address they are counted by';

  it.each([
    [
      '100',
      '100 proxies is more than any shop stands behind, and would believe whatever addresses ' +
        'a client put in X-Forwarded-For',
    ],
    [
      '6',
      '6 proxies is more than any shop stands behind, and would believe whatever addresses ' +
        'a client put in X-Forwarded-For',
    ],
    ['0.0.0.0/0', tooWide('0.0.0.0/0', 4, 8)],
    ['0.0.0.0/1,128.0.0.0/1', tooWide('0.0.0.0/1', 4, 8)],
    ['10.0.0.5, 8.0.0.0/7', tooWide('8.0.0.0/7', 4, 8)],
    ['::/0', tooWide('::/0', 6, 32)],
    ['2001:db8::/31', tooWide('2001:db8::/31', 6, 32)],
    // IPv4 written as IPv6: ::ffff:0:0/96 is every IPv4 address.
    ['::ffff:0.0.0.0/96', tooWide('::ffff:0.0.0.0/96', 4, 8)],
    ['::ffff:10.0.0.0/103', tooWide('::ffff:10.0.0.0/103', 4, 8)],
    ['10.0.0.0/x', '"10.0.0.0/x" is not an address or subnet'],
    ['::1/129', '"::1/129" is not an address or subnet'],
  ])('refuses TRUST_PROXY=%s with a sentence saying why', (value, why) => {
    expect(() => load({ TRUST_PROXY: value })).toThrow(new ConfigError(TRUST_PROXY_WORDS + why));
  });
});
