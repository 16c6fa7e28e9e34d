import { existsSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from '../../src/server/accounts/first-admin';
import { verifyPassword } from '../../src/server/accounts/passwords';
import { DEMO_VOUCHER_CODE, seedDemoCatalogue } from '../../src/server/db/seed/demo-seed';
import { inStartupLock } from '../../src/server/db/startup-lock';
import { CATEGORIES, productPageSchema, type Product } from '../../src/shared/catalog';
import { addUser, bearer } from '../support/account-fixtures';
import { testDialects } from '../support/databases';
import { startTestShop, type TestShop } from '../support/test-shop';

const quietLog = { info: () => undefined, warn: () => undefined };
// One folder of drawn pictures for every database, so they are drawn once.
const uploadsDir = await mkdtemp(path.join(tmpdir(), 'shop-seed-'));

describe.each(testDialects())('a new shop on %s', (dialect) => {
  let shop: TestShop;
  let products: Product[];

  beforeAll(async () => {
    shop = await startTestShop(dialect);
    // Two instances starting at once: only one of them may fill the catalogue or make the admin.
    const admin = { email: 'owner@example.com', password: 'owner-password' };
    const added = await Promise.all(
      [1, 2].map(() =>
        inStartupLock(shop.database, async (trx) => {
          const count = await seedDemoCatalogue(trx, uploadsDir);
          await ensureFirstAdmin(trx, admin, quietLog);
          return count;
        }),
      ),
    );
    expect(added.sort()).toEqual([0, 42]);
    products = [];
    for (let page = 1; page <= 4; page += 1) {
      const response = await shop.request(`/api/products?pageNumber=${page}`);
      products.push(...productPageSchema.parse(await response.json()).products);
    }
  }, 120_000);
  afterAll(() => shop.close());

  it('has a demo catalogue across all six categories, once', () => {
    expect(products).toHaveLength(42);
    for (const category of CATEGORIES) {
      expect(
        products.filter((product) => product.category === category).length,
      ).toBeGreaterThanOrEqual(6);
    }
    expect(new Set(products.map((product) => product.name)).size).toBe(42);
  });

  it('prices everything between £8 and £180, with some sold out and some reviewed', () => {
    const prices = products.map((product) => product.price);
    expect(Math.min(...prices)).toBeGreaterThanOrEqual(8);
    expect(Math.max(...prices)).toBeLessThanOrEqual(180);
    expect(products.filter((product) => product.countInStock === 0).length).toBeGreaterThanOrEqual(
      3,
    );
    expect(products.filter((product) => product.numReviews > 0).length).toBeGreaterThanOrEqual(5);
  });

  it('gives each product its own picture, stored as WebP in two sizes', async () => {
    expect(new Set(products.map((product) => product.image)).size).toBe(42);
    const first = products[0]?.image ?? '';
    const file = path.join(uploadsDir, path.basename(first));
    const small = file.replace(/\.webp$/, '.sm.webp');
    expect(existsSync(small)).toBe(true);
    const [large, grid] = await Promise.all([
      sharp(await readFile(file)).metadata(),
      sharp(await readFile(small)).metadata(),
    ]);
    expect(large).toMatchObject({ format: 'webp', width: 1200, height: 1200 });
    expect(grid).toMatchObject({ format: 'webp', width: 480, height: 480 });
  });

  it('makes exactly one first admin, with an argon2id password', async () => {
    const admins = await shop.database.db
      .selectFrom('users')
      .selectAll()
      .where('role', '=', 'admin')
      .execute();
    expect(admins).toHaveLength(1);
    expect(admins[0]?.email).toBe('owner@example.com');
    expect(admins[0]?.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(admins[0]?.password_hash ?? '', 'owner-password')).toBe(true);
  });

  it('offers one demo voucher, once, that a signed-in shopper can look up', async () => {
    const customer = await addUser(shop);
    const response = await shop.app.inject({
      method: 'GET',
      url: `/api/vouchers/code/${DEMO_VOUCHER_CODE.toLowerCase()}`,
      headers: bearer(customer.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      expect.objectContaining({
        name: 'Welcome',
        code: 'WELCOME5',
        discount: 5,
        minSpend: 20,
        oncePerCustomer: true,
      }),
    ]);
    const vouchers = await shop.database.db.selectFrom('vouchers').select('id').execute();
    expect(vouchers).toHaveLength(1);
  });
});
