import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addManyProducts, madeUpProduct } from '../../../scripts/bench/large-catalogue';
import { IMPORT_MAX_BYTES } from '../../../src/shared/exports/exports';
import { addUser, bearer, type TestUser } from '../../support/account-fixtures';
import { testDialects } from '../../support/databases';
import { startTestShop, type TestShop } from '../../support/test-shop';

const PRODUCTS = 10_000;

describe.each(testDialects())('a price list of 5 MB on %s', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;

  beforeAll(async () => {
    shop = await startTestShop(dialect);
    admin = await addUser(shop, { role: 'admin' });
    await addManyProducts(shop.database, 0, PRODUCTS);
  }, 180_000);
  afterAll(() => shop.close());

  /**
   * The products export with every price a pound up, and a note to self in each name (a cell the
   * import leaves alone) long enough to make the file as large as an import may be.
   */
  async function priceListOfFiveMegabytes(): Promise<string> {
    const exported = await shop.request('/api/exports/products.csv', {
      headers: bearer(admin.token),
    });
    const [header = '', ...rows] = (await exported.text()).split('\r\n').filter(Boolean);
    // The last cells are price, was price (empty: none), stock, the stock as exported, the four
    // facets (metal, stone, colour, material; empty: none) and the personalisation (none).
    const changed = rows.map((row) =>
      row.replace(
        /,(\d+\.\d\d),((?:\d+\.\d\d)?),(\d+),(\d+)((?:,[^,]*){5})$/,
        (_all, price: string, was: string, stock: string, then: string, facets: string) => {
          return `,${(Number(price) + 1).toFixed(2)},${was},${stock},${then}${facets}`;
        },
      ),
    );
    const bare = [header, ...changed].join('\r\n').length;
    const note = 'x'.repeat(Math.floor((IMPORT_MAX_BYTES - 1024 - bare) / changed.length) - 3);
    // The name is the second cell, and the note has no comma or quote to quote it for.
    const padded = changed.map((row) => row.replace(/^([^,]+),([^,]*),/, `$1,$2 ${note},`));
    return `${[header, ...padded].join('\r\n')}\r\n`;
  }

  it('is applied while the health check goes on answering', async () => {
    const file = await priceListOfFiveMegabytes();
    expect(Buffer.byteLength(file)).toBeGreaterThan(IMPORT_MAX_BYTES - 64 * 1024);
    expect(Buffer.byteLength(file)).toBeLessThanOrEqual(IMPORT_MAX_BYTES);

    // The import is under way once its whole body has arrived: the shop reads it from then on.
    const bodyArrived = new Promise<void>((resolve) => {
      shop.app.server.once('request', (request: IncomingMessage) => request.once('end', resolve));
    });
    let imported = false;
    const importDone = () => imported;
    const importing = shop
      .request('/api/imports/products?dryRun=false', {
        method: 'POST',
        headers: { ...bearer(admin.token), 'content-type': 'text/csv' },
        body: file,
      })
      .then(async (response) => {
        const answer = { status: response.status, body: (await response.json()) as unknown };
        imported = true;
        return answer;
      });
    await bodyArrived;
    const healthDuringImport: number[] = [];
    while (!importDone()) {
      const health = await shop.request('/api/health');
      await health.arrayBuffer();
      if (!importDone()) healthDuringImport.push(health.status);
    }

    const { status, body } = await importing;
    expect(status).toBe(200);
    expect(body).toMatchObject({ applied: true, refusals: [] });
    // A price changed on every row: each product sold one way, and each size of those in sizes.
    const rows = file.split('\r\n').filter(Boolean).length - 1;
    expect(rows).toBeGreaterThan(PRODUCTS);
    expect((body as { changes: unknown[] }).changes).toHaveLength(rows);
    // Health was asked, and answered, again and again before the import was done.
    expect(healthDuringImport.length).toBeGreaterThanOrEqual(3);
    expect(new Set(healthDuringImport)).toEqual(new Set([200]));

    const first = madeUpProduct(0);
    const stored = await shop.database.db
      .selectFrom('products')
      .select(['name', 'price_pence'])
      .where('name', '=', first.name)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ name: first.name, price_pence: first.pricePence + 100 });
  }, 120_000);
});
