import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productExportRows } from '../../../src/server/catalog/export-products';
import { newId } from '../../../src/server/sql/ids';
import { orderExportRows } from '../../../src/server/orders/export-orders';
import { auditPageSchema } from '../../../src/shared/audit/audit';
import { productDetailSchema } from '../../../src/shared/catalog/catalog';
import { ORDER_EXPORT_COLUMNS, PRODUCT_EXPORT_COLUMNS } from '../../../src/shared/exports/exports';
import { addUser, bearer, type TestUser } from '../../support/account-fixtures';
import { addProduct, addProductWithVariants } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { waitForMail } from '../../support/mail-messages';
import { ADDRESS, addRefundRow, addStoredOrder } from '../../support/order-fixtures';
import { startTestShop, type TestShop } from '../../support/test-shop';

/** Every row a generator makes, as an array. */
/** Every row of a file's pages, in order. */
async function allOf<T>(pages: AsyncIterable<T[]>): Promise<T[]> {
  const all: T[] = [];
  for await (const page of pages) all.push(...page);
  return all;
}

type Row = Record<string, string>;

/** The rows of a CSV download, read back by the CSV library, after checking how it was sent. */
function rowsOf(response: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.body.startsWith('\uFEFF')).toBe(true);
  expect(response.body).toContain('\r\n');
  return parse<Row>(response.body, { bom: true, columns: true });
}

const headerOf = (body: string) => parse(body, { bom: true, to_line: 1 })[0] ?? ['no header'];

/**
 * The products export's columns before it carried the was price and the facets: such a file still
 * loads, each was price staying while it is above the price and each product keeping its facets
 * (tests/api/catalog/sale-prices.test.ts loads the was price's column itself).
 */
const COLUMNS_WITHOUT_WAS_PRICE = [
  'product',
  'name',
  'brand',
  'category',
  'sku',
  'options',
  'price',
  'stock',
  'exported_stock',
] as const;

/** A price list as a spreadsheet would save it: the products export's header, then the rows. */
const priceList = (
  rows: (string | number)[][],
  header: readonly string[] = COLUMNS_WITHOUT_WAS_PRICE,
) => stringify([[...header], ...rows], { record_delimiter: 'windows' });

describe.each(testDialects())('the exports and the price list import on %s', (dialect) => {
  let shop: TestShop;
  let customer: TestUser;
  let staff: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    shop = await startTestShop(dialect, { PUBLIC_URL: 'https://shop.example.test' });
    customer = await addUser(shop, { name: 'Cara Customer' });
    staff = await addUser(shop, { role: 'staff', name: 'Sid Staff' });
    admin = await addUser(shop, { role: 'admin', name: 'Ada Admin' });
  });
  afterAll(() => shop.close());

  const get = (url: string, token?: string) =>
    shop.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const sendPriceList = (text: string, dryRun: boolean, token = admin.token) =>
    shop.app.inject({
      method: 'POST',
      url: `/api/imports/products?dryRun=${dryRun}`,
      headers: { ...bearer(token), 'content-type': 'text/csv' },
      payload: text,
    });

  /** A tee in three sizes, L sold out, each size with its SKU, as the owner keeps it. */
  async function aTee(name = 'Breton Stripe Tee') {
    const tag = newId().slice(0, 6).toUpperCase();
    const { product, variantIds } = await addProductWithVariants(
      shop.database,
      [{ name: 'Size', values: ['S', 'M', 'L'] }],
      [
        { options: { Size: 'S' }, sku: `TEE-${tag}-S`, pricePence: 3200, countInStock: 3 },
        { options: { Size: 'M' }, sku: `TEE-${tag}-M`, pricePence: 3400, countInStock: 2 },
        { options: { Size: 'L' }, sku: `TEE-${tag}-L`, pricePence: 3400, countInStock: 0 },
      ],
      { name, brand: 'Tidewell & Co.', category: 't-shirts', pricePence: 3200 },
    );
    const [small = '', medium = '', large = ''] = variantIds;
    return { product, small, medium, large, sku: (size: string) => `TEE-${tag}-${size}` };
  }

  const variantsOf = (productId: string) =>
    shop.database.db
      .selectFrom('product_variants')
      .select(['sku', 'price_pence', 'count_in_stock'])
      .where('product_id', '=', productId)
      .orderBy('position')
      .execute();

  const productRow = (id: string) =>
    shop.database.db
      .selectFrom('products')
      .select(['price_pence', 'count_in_stock'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  describe('who may use them', () => {
    it('lets only admins download or import: guests 401, customers and staff 403', async () => {
      const header = priceList([]);
      const asking = (token?: string) => [
        get('/api/exports/orders.csv?from=2026-01-01&to=2026-01-31', token),
        get('/api/exports/products.csv', token),
        token === undefined
          ? shop.app.inject({
              method: 'POST',
              url: '/api/imports/products?dryRun=true',
              headers: { 'content-type': 'text/csv' },
              payload: header,
            })
          : sendPriceList(header, true, token),
        token === undefined
          ? shop.app.inject({
              method: 'POST',
              url: '/api/imports/products?dryRun=false',
              headers: { 'content-type': 'text/csv' },
              payload: header,
            })
          : sendPriceList(header, false, token),
      ];
      for (const [token, status, code] of [
        [undefined, 401, 'UNAUTHENTICATED'],
        [customer.token, 403, 'FORBIDDEN'],
        [staff.token, 403, 'FORBIDDEN'],
      ] as const) {
        for (const response of await Promise.all(asking(token))) {
          expect(response.statusCode, response.body).toBe(status);
          expect(response.json()).toMatchObject({ code });
        }
      }
      for (const response of await Promise.all(asking(admin.token))) {
        expect(response.statusCode, response.body).toBe(200);
      }
    });
  });

  describe('the orders for the accountant', () => {
    /** An order as checkout stores it, paid at `paidAt`, with lines of a tee and a pendant. */
    async function anOrder(paidAt: string, lines: { sku: string | null; qty: number }[]) {
      const { id, orderNumber } = await addStoredOrder(shop.database.db, customer, {
        paidAt,
        itemsPence: 10600,
        shippingPence: 399,
        taxPence: 1733,
        voucher: { name: 'Spring', code: 'SPRING5', discountPence: 500 },
        totalPence: 10499,
        items: lines.map(({ sku, qty }) => ({
          productId: null,
          variantId: null,
          variantLabel: sku === null ? null : 'Size: M',
          sku,
          name: sku === null ? '=HYPERLINK("http://evil.example","Pendant")' : 'Breton Stripe Tee',
          brand: 'Larkspur',
          image: '/uploads/tee.webp',
          pricePence: sku === null ? 4000 : 3300,
          qty,
        })),
      });
      return { id, orderNumber };
    }

    const refund = (orderId: string, amountPence: number, status: 'succeeded' | 'failed') =>
      addRefundRow(shop.database.db, {
        orderId,
        amountPence,
        status,
        reason: 'Returned',
        settledAt: '2026-04-05T10:00:00.000Z',
      });

    it('has a row per order line of the orders paid on the UK days asked, with SKUs, VAT and refunds', async () => {
      // UK days in summer time: 1 April began at 23:00 UTC on 31 March.
      const before = await anOrder('2026-03-31T22:59:59.000Z', [{ sku: null, qty: 1 }]);
      const first = await anOrder('2026-03-31T23:00:00.000Z', [
        { sku: 'BRT-M', qty: 2 },
        { sku: null, qty: 1 },
      ]);
      const second = await anOrder('2026-04-02T22:59:00.000Z', [{ sku: 'BRT-M', qty: 1 }]);
      const after = await anOrder('2026-04-02T23:00:00.000Z', [{ sku: null, qty: 1 }]);
      await refund(first.id, 1250, 'succeeded');
      await refund(first.id, 500, 'succeeded');
      await refund(first.id, 999, 'failed');

      const response = await get(
        '/api/exports/orders.csv?from=2026-04-01&to=2026-04-02',
        admin.token,
      );
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="orders-2026-04-01-to-2026-04-02.csv"',
      );
      expect(headerOf(response.body)).toEqual([...ORDER_EXPORT_COLUMNS]);
      const rows = rowsOf(response);
      const numbers = rows.map((row) => row.order);
      expect(numbers).not.toContain(before.orderNumber);
      expect(numbers).not.toContain(after.orderNumber);
      expect(rows).toEqual([
        {
          order: first.orderNumber,
          paid_date: '2026-04-01',
          status: 'paid',
          email: customer.email,
          recipient: ADDRESS.name,
          postcode: ADDRESS.postalCode,
          product: 'Breton Stripe Tee',
          sku: 'BRT-M',
          variant: 'Size: M',
          quantity: '2',
          unit_price: '33.00',
          line_total: '66.00',
          shipping: '3.99',
          discount: '5.00',
          gift_wrap: '0.00',
          total: '104.99',
          vat: '17.33',
          refunded: '17.50',
        },
        expect.objectContaining({
          order: first.orderNumber,
          product: `'=HYPERLINK("http://evil.example","Pendant")`,
          sku: '',
          variant: '',
          quantity: '1',
          unit_price: '40.00',
          line_total: '40.00',
          total: '104.99',
          refunded: '17.50',
        }),
        expect.objectContaining({
          order: second.orderNumber,
          paid_date: '2026-04-02',
          sku: 'BRT-M',
          refunded: '0.00',
        }),
      ]);

      const all = rowsOf(await get('/api/exports/orders.csv', admin.token));
      expect(all.map((row) => row.order)).toEqual([
        before.orderNumber,
        first.orderNumber,
        first.orderNumber,
        second.orderNumber,
        after.orderNumber,
      ]);
    });

    it('reads the orders a batch at a time, each once, those paid at the same moment too', async () => {
      const sameMoment = '2026-06-10T09:00:00.000Z';
      const orders = [
        await anOrder('2026-06-10T08:00:00.000Z', [{ sku: 'A', qty: 1 }]),
        await anOrder(sameMoment, [{ sku: 'B', qty: 1 }]),
        await anOrder(sameMoment, [
          { sku: 'C', qty: 1 },
          { sku: 'D', qty: 1 },
        ]),
        await anOrder(sameMoment, [{ sku: 'E', qty: 1 }]),
        await anOrder('2026-06-10T10:00:00.000Z', [{ sku: 'F', qty: 1 }]),
      ];
      const june = { from: '2026-06-10', to: '2026-06-10' };
      const inTwos = await allOf(orderExportRows(shop.database.db, june, { batch: 2 }));
      const whole = await allOf(orderExportRows(shop.database.db, june));
      expect(inTwos).toEqual(whole);
      expect(new Set(inTwos.map((row) => row[0]))).toEqual(
        new Set(orders.map((order) => order.orderNumber)),
      );
      expect(inTwos.map((row) => row[7]).sort()).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
      expect(inTwos[0]?.[7]).toBe('A');
      expect(inTwos.at(-1)?.[7]).toBe('F');
    });

    it('answers a range it cannot read with 400, as the order search does', async () => {
      for (const query of [
        'from=2026-04-03&to=2026-04-01',
        'from=2026-02-30',
        'to=yesterday',
        'from=2026-4-1',
      ]) {
        const response = await get(`/api/exports/orders.csv?${query}`, admin.token);
        expect(response.statusCode, query).toBe(400);
        expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      }
      const open = await get('/api/exports/orders.csv?from=2030-01-01', admin.token);
      expect(rowsOf(open)).toEqual([]);
      expect(headerOf(open.body)).toEqual([...ORDER_EXPORT_COLUMNS]);
      expect(open.headers['content-disposition']).toBe(
        'attachment; filename="orders-from-2030-01-01.csv"',
      );
    });
  });

  describe('the products for a stock-take', () => {
    it('has a row per variant, and one per product sold one way, with a formula defused', async () => {
      const { product, sku } = await aTee();
      await shop.database.db
        .updateTable('products')
        .set({ colour: 'navy', material: 'organic cotton' })
        .where('id', '=', product.id)
        .execute();
      const plain = await addProduct(shop.database, {
        name: 'Harbour Light Pendant',
        brand: 'Larkspur',
        category: 'pendants',
        pricePence: 4550,
        countInStock: 7,
        facets: { metal: 'sterling silver', stone: 'moonstone', colour: 'silver', material: null },
        personalisation: {
          label: 'Engraving',
          maxLength: 12,
          lines: 2,
          characters: 'letters',
          pricePence: 800,
          pricePerCharacterPence: 100,
          required: false,
        },
      });
      const sly = await addProduct(shop.database, {
        name: '=HYPERLINK("http://evil.example","Click")',
        brand: '@Brand',
        pricePence: 1000,
      });
      const response = await get('/api/exports/products.csv', admin.token);
      expect(response.headers['content-disposition']).toBe('attachment; filename="products.csv"');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(headerOf(response.body)).toEqual([...PRODUCT_EXPORT_COLUMNS]);
      const rows = rowsOf(response);
      expect(rows.filter((row) => row.product === product.id)).toEqual(
        ['S', 'M', 'L'].map((size, index) => ({
          product: product.id,
          name: 'Breton Stripe Tee',
          brand: 'Tidewell & Co.',
          category: 't-shirts',
          sku: sku(size),
          options: `Size: ${size}`,
          price: index === 0 ? '32.00' : '34.00',
          compare_at_price: '',
          stock: ['3', '2', '0'][index],
          exported_stock: ['3', '2', '0'][index],
          metal: '',
          stone: '',
          colour: 'navy',
          material: 'organic cotton',
          personalisation: '',
        })),
      );
      expect(rows.filter((row) => row.product === plain.id)).toEqual([
        {
          product: plain.id,
          name: 'Harbour Light Pendant',
          brand: 'Larkspur',
          category: 'pendants',
          sku: '',
          options: '',
          price: '45.50',
          compare_at_price: '',
          stock: '7',
          exported_stock: '7',
          metal: 'sterling silver',
          stone: 'moonstone',
          colour: 'silver',
          material: '',
          personalisation:
            'Engraving: 2 lines of 12 characters (letters), 8.00 plus 1.00 a character, optional',
        },
      ]);
      expect(rows.find((row) => row.product === sly.id)).toMatchObject({
        name: `'=HYPERLINK("http://evil.example","Click")`,
        brand: "'@Brand",
      });
      // Newest first, as the back office lists them.
      const order = rows.map((row) => row.product);
      expect(order.indexOf(sly.id)).toBeLessThan(order.indexOf(plain.id));
    });
  });

  it('reads the products a batch at a time, each once, those made at the same moment too', async () => {
    const createdAt = '2026-05-01T12:00:00.000Z';
    for (let count = 0; count < 5; count += 1) await addProduct(shop.database, { createdAt });
    await aTee();
    const inTwos = await allOf(productExportRows(shop.database.db, { batch: 2 }));
    const whole = await allOf(productExportRows(shop.database.db));
    expect(inTwos).toEqual(whole);
    const ids = await shop.database.db.selectFrom('products').select('id').execute();
    expect(new Set(inTwos.map((row) => row[0]))).toEqual(new Set(ids.map((row) => row.id)));
  });

  describe('the price list', () => {
    it('checks a file changed in a spreadsheet: every change listed, nothing written', async () => {
      const { product, sku } = await aTee();
      const plain = await addProduct(shop.database, { name: 'Moss Scarf', pricePence: 2500 });
      const exported = rowsOf(await get('/api/exports/products.csv', admin.token));
      const changed = exported.map((row) => {
        if (row.sku === sku('M')) return { ...row, price: '36.50', stock: '9' };
        if (row.sku === sku('L')) return { ...row, stock: '4' };
        if (row.product === plain.id) return { ...row, price: '£27' };
        return row;
      });
      const file = stringify(changed, { header: true, bom: true, record_delimiter: 'windows' });
      const rowOf = (match: (row: Row) => boolean) => exported.findIndex(match) + 2;

      const checked = await sendPriceList(file, true);
      expect(checked.statusCode, checked.body).toBe(200);
      expect(checked.json()).toEqual({
        applied: false,
        refusals: [],
        changes: [
          {
            row: rowOf((row) => row.sku === sku('M')),
            sku: sku('M'),
            product: product.id,
            name: 'Breton Stripe Tee (Size: M)',
            field: 'price',
            from: 34,
            to: 36.5,
          },
          {
            row: rowOf((row) => row.sku === sku('M')),
            sku: sku('M'),
            product: product.id,
            name: 'Breton Stripe Tee (Size: M)',
            field: 'stock',
            from: 2,
            to: 9,
          },
          {
            row: rowOf((row) => row.sku === sku('L')),
            sku: sku('L'),
            product: product.id,
            name: 'Breton Stripe Tee (Size: L)',
            field: 'stock',
            from: 0,
            to: 4,
          },
          {
            row: rowOf((row) => row.product === plain.id),
            sku: null,
            product: plain.id,
            name: 'Moss Scarf',
            field: 'price',
            from: 25,
            to: 27,
          },
        ].sort((a, b) => a.row - b.row),
      });
      expect((await variantsOf(product.id)).map((variant) => variant.price_pence)).toEqual([
        3200, 3400, 3400,
      ]);
      expect(await productRow(plain.id)).toEqual({ price_pence: 2500, count_in_stock: 5 });
    });

    it('refuses a file with any bad row, writing nothing, and lists every refusal', async () => {
      const { product, large, sku } = await aTee();
      const plain = await addProduct(shop.database, { name: 'Cloud Beanie', pricePence: 1800 });
      const waiting = 'waiting-for-l@example.com';
      const alert = await shop.app.inject({
        method: 'POST',
        url: `/api/products/${product.id}/alerts`,
        payload: { email: waiting, variant: large },
      });
      expect(alert.statusCode, alert.body).toBe(201);
      const good = [
        [product.id, 'Tee', 'Tidewell', 't-shirts', sku('S'), 'Size: S', '30.00', 3, 3],
        [product.id, 'Tee', 'Tidewell', 't-shirts', sku('L'), 'Size: L', '34.00', 6, 0],
        [plain.id, 'Cloud Beanie', 'Larkspur', 'hats', '', '', '19.00', 5, 5],
      ];
      const cases: [string, (string | number)[], RegExp][] = [
        ['an unknown SKU', ['', 'X', '', '', 'NO-SUCH-SKU', '', '10.00', 1, 1], /NO-SUCH-SKU/],
        [
          'an unknown product',
          ['nothing-here', 'X', '', '', '', '', '10.00', 1, 1],
          /nothing-here/,
        ],
        [
          'a price of nothing',
          [product.id, '', '', '', sku('M'), '', '0.00', 2, 2],
          /more than £0\.00/,
        ],
        [
          'a price in words',
          [product.id, '', '', '', sku('M'), '', 'ten', 2, 2],
          /must be a number/,
        ],
        ['three decimals', [product.id, '', '', '', sku('M'), '', '1.999', 2, 2], /two decimals/],
        [
          'a negative stock',
          [product.id, '', '', '', sku('M'), '', '34.00', -2, 2],
          /cannot be negative/,
        ],
        [
          'a fractional stock',
          [product.id, '', '', '', sku('M'), '', '34.00', 1.5, 2],
          /whole number/,
        ],
        [
          'an exported stock in words',
          [product.id, '', '', '', sku('M'), '', '34.00', 2, 'two'],
          /^The exported stock of .* must be a number$/,
        ],
        ['a short row', [product.id, 'Tee', sku('M'), '34.00'], /4 cells where the header has 9/],
        ['a SKU twice', [product.id, '', '', '', sku('S'), '', '31.00', 3, 3], /on row 2 already/],
        ['a product with options by id', [product.id, '', '', '', '', '', '10.00', 1, 1], /SKU/],
      ];
      for (const [what, bad, words] of cases) {
        const file = priceList([...good, bad]);
        const checked = await sendPriceList(file, true);
        expect(checked.statusCode, what).toBe(200);
        const refused = await sendPriceList(file, false);
        expect(refused.statusCode, `${what}: ${refused.body}`).toBe(400);
        const body = refused.json<{
          code: string;
          applied: boolean;
          refusals: { row: number }[];
        }>();
        expect(body).toMatchObject({ code: 'IMPORT_REFUSED', applied: false });
        expect(body.refusals, what).toEqual([
          { row: 5, message: expect.stringMatching(words) as unknown },
        ]);
        // The same findings as the check: the changes of the good rows, and the refusal.
        const { refusals, changes } = checked.json<{ refusals: unknown[]; changes: unknown[] }>();
        expect(body).toMatchObject({ refusals, changes });
        expect(changes.length, what).toBe(3);
      }

      const broken = [
        'product,name,brand,category,sku,options,price,stock,exported_stock',
        `${product.id},Tee,Tidewell,t-shirts,${sku('S')},Size: S,30.00,3,3`,
        `${product.id},"Tee,Tidewell,t-shirts,${sku('M')},Size: M,30.00,2,2`,
        `${product.id},Tee,Tidewell,t-shirts,${sku('L')},Size: L,30.00,0,0`,
      ].join('\r\n');
      const stray = await sendPriceList(broken, false);
      expect(stray.statusCode).toBe(400);
      expect(stray.json()).toMatchObject({
        code: 'IMPORT_REFUSED',
        refusals: [{ row: 3, message: expect.stringMatching(/never closed/) as unknown }],
      });

      for (const header of [
        ['product', 'name', 'sku', 'price'],
        ['Breton Tee', 'Size S', '32', '3'],
      ]) {
        const missing = await sendPriceList(priceList([good[0] ?? []], header), false);
        expect(missing.statusCode).toBe(400);
        expect(missing.json()).toMatchObject({
          code: 'IMPORT_REFUSED',
          changes: [],
          refusals: [
            {
              row: 1,
              message: expect.stringMatching(/^The file has no .*stock column/) as unknown,
            },
          ],
        });
      }
      const empty = await sendPriceList('', false);
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({
        refusals: [{ row: 1, message: expect.stringMatching(/^The file is empty/) as unknown }],
      });

      expect(await variantsOf(product.id)).toEqual([
        { sku: sku('S'), price_pence: 3200, count_in_stock: 3 },
        { sku: sku('M'), price_pence: 3400, count_in_stock: 2 },
        { sku: sku('L'), price_pence: 3400, count_in_stock: 0 },
      ]);
      expect(await productRow(plain.id)).toEqual({ price_pence: 1800, count_in_stock: 5 });
      const alerts = await shop.database.db
        .selectFrom('stock_alerts')
        .select('email')
        .where('product_id', '=', product.id)
        .execute();
      expect(alerts).toEqual([{ email: waiting }]);
      const audited = auditPageSchema.parse(
        (await get(`/api/audit?q=${product.id}`, admin.token)).json(),
      );
      expect(audited.entries).toEqual([]);
    });

    it('applies a clean file in one go: new prices shown, audited, and a back-in-stock alert mailed', async () => {
      const { product, large, sku } = await aTee('Harbour Stripe Tee');
      const plain = await addProduct(shop.database, { name: 'Tidal Scarf', pricePence: 2500 });
      const waiting = 'waiting-for-large@example.com';
      const alert = await shop.app.inject({
        method: 'POST',
        url: `/api/products/${product.id}/alerts`,
        payload: { email: waiting, variant: large },
      });
      expect(alert.statusCode, alert.body).toBe(201);
      const tee = [product.id, 'Harbour Stripe Tee', 'Tidewell', 't-shirts'];
      const file = priceList([
        [...tee, sku('S'), 'Size: S', '29.00', 3, 3],
        [...tee, sku('M'), 'Size: M', '34.00', 2, 2],
        [...tee, sku('L'), 'Size: L', '34.00', 5, 0],
        [plain.id, 'Tidal Scarf', 'Larkspur', 'accessories', '', '', '1,250.00', 12, 5],
      ]);
      const applied = await sendPriceList(file, false);
      expect(applied.statusCode, applied.body).toBe(200);
      expect(applied.json()).toMatchObject({
        applied: true,
        refusals: [],
        changes: [
          { row: 2, sku: sku('S'), field: 'price', from: 32, to: 29 },
          { row: 4, sku: sku('L'), field: 'stock', from: 0, to: 5 },
          { row: 5, sku: null, product: plain.id, field: 'price', from: 25, to: 1250 },
          { row: 5, sku: null, product: plain.id, field: 'stock', from: 5, to: 12 },
        ],
      });

      const page = productDetailSchema.parse((await get(`/api/products/${product.id}`)).json());
      expect(page.price).toBe(29);
      expect(page.countInStock).toBe(10);
      expect(
        page.variants.map((variant) => [variant.sku, variant.price, variant.countInStock]),
      ).toEqual([
        [sku('S'), 29, 3],
        [sku('M'), 34, 2],
        [sku('L'), 34, 5],
      ]);
      const scarf = productDetailSchema.parse((await get(`/api/products/${plain.id}`)).json());
      expect([scarf.price, scarf.countInStock]).toEqual([1250, 12]);

      const byName = auditPageSchema.parse(
        (await get('/api/audit?q=Harbour%20Stripe&action=product.updated', admin.token)).json(),
      );
      expect(byName.entries).toHaveLength(1);
      expect(byName.entries[0]).toMatchObject({
        actor: { _id: admin.id, name: 'Ada Admin' },
        target: { type: 'product', id: product.id, label: 'Harbour Stripe Tee' },
        before: { price: 32, countInStock: 5 },
        after: { price: 29, countInStock: 10 },
      });
      const imports = auditPageSchema.parse(
        (await get('/api/audit?action=import.applied', admin.token)).json(),
      );
      expect(imports.entries[0]).toMatchObject({
        actor: { _id: admin.id },
        target: { type: 'import', label: 'products.csv: 4 changes' },
        before: {
          items: [
            { sku: sku('S'), price: 32, countInStock: 3 },
            { sku: sku('L'), price: 34, countInStock: 0 },
            { sku: null, name: 'Tidal Scarf', price: 25, countInStock: 5 },
          ],
        },
        after: {
          items: [
            { sku: sku('S'), price: 29, countInStock: 3 },
            { sku: sku('L'), price: 34, countInStock: 5 },
            { sku: null, name: 'Tidal Scarf', price: 1250, countInStock: 12 },
          ],
        },
      });

      const mail = await waitForMail(
        path.join(shop.config.dataDir, 'outbox'),
        waiting,
        (candidate) => candidate.header('subject')?.startsWith('Back in stock') ?? false,
      );
      expect(mail?.header('subject')).toBe('Back in stock: Harbour Stripe Tee (Size: L)');

      // The same file again changes nothing, and says so.
      const again = await sendPriceList(file, false);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ applied: false, changes: [], refusals: [] });
      const entries = auditPageSchema.parse(
        (await get('/api/audit?action=import.applied', admin.token)).json(),
      ).entries;
      expect(entries).toHaveLength(imports.entries.length);
    });

    it('sets the facets a file gives each product, once for all its rows, audited, an empty cell for none', async () => {
      const { product, sku } = await aTee('Lighthouse Stripe Tee');
      const ring = await addProduct(shop.database, {
        name: 'Pebble Ring',
        category: 'rings',
        pricePence: 3000,
        facets: { metal: 'sterling silver', stone: 'garnet', colour: 'red', material: null },
      });
      const exported = rowsOf(await get('/api/exports/products.csv', admin.token)).filter(
        (row) => row.product === product.id || row.product === ring.id,
      );
      expect(exported.find((row) => row.product === ring.id)).toMatchObject({
        metal: 'sterling silver',
        stone: 'garnet',
        colour: 'red',
        material: '',
      });
      // Written as a person would: any case, hyphens; each of the tee's rows says the same.
      const changed: Row[] = exported.map((row) =>
        row.product === product.id
          ? { ...row, colour: 'Navy', material: 'organic-cotton' }
          : { ...row, metal: 'Gold Vermeil', stone: '' },
      );
      const file = stringify(changed, { header: true, bom: true, record_delimiter: 'windows' });
      const rowOf = (id: string) => changed.findIndex((row) => row.product === id) + 2;
      const teeAt = { row: rowOf(product.id), sku: sku('S'), product: product.id };
      const ringAt = { row: rowOf(ring.id), sku: null, product: ring.id, name: 'Pebble Ring' };

      const applied = await sendPriceList(file, false);
      expect(applied.statusCode, applied.body).toBe(200);
      expect(applied.json()).toEqual({
        applied: true,
        refusals: [],
        changes: [
          {
            ...teeAt,
            name: 'Lighthouse Stripe Tee (Size: S)',
            field: 'colour',
            from: null,
            to: 'navy',
          },
          {
            ...teeAt,
            name: 'Lighthouse Stripe Tee (Size: S)',
            field: 'material',
            from: null,
            to: 'organic cotton',
          },
          { ...ringAt, field: 'metal', from: 'sterling silver', to: 'gold vermeil' },
          { ...ringAt, field: 'stone', from: 'garnet', to: null },
        ].sort((a, b) => a.row - b.row),
      });
      const facetsOf = async (id: string) =>
        productDetailSchema.parse((await get(`/api/products/${id}`)).json()).facets;
      expect(await facetsOf(product.id)).toEqual({
        metal: null,
        stone: null,
        colour: 'navy',
        material: 'organic cotton',
      });
      expect(await facetsOf(ring.id)).toEqual({
        metal: 'gold vermeil',
        stone: null,
        colour: 'red',
        material: null,
      });

      const audited = auditPageSchema.parse(
        (await get(`/api/audit?q=${ring.id}&action=product.updated`, admin.token)).json(),
      );
      expect(audited.entries).toHaveLength(1);
      expect(audited.entries[0]).toMatchObject({
        target: { type: 'product', id: ring.id, label: 'Pebble Ring' },
        before: { metal: 'sterling silver', stone: 'garnet' },
        after: { metal: 'gold vermeil', stone: null },
      });
      const [entry] = auditPageSchema.parse(
        (await get('/api/audit?action=import.applied', admin.token)).json(),
      ).entries;
      expect(entry).toMatchObject({
        target: { type: 'import', label: 'products.csv: 4 changes' },
        after: {
          items: [],
          facets: expect.arrayContaining([
            {
              product: ring.id,
              name: 'Pebble Ring',
              metal: 'gold vermeil',
              stone: null,
              colour: 'red',
              material: null,
            },
          ]) as unknown,
        },
      });

      // The same file again changes nothing.
      const again = await sendPriceList(file, false);
      expect(again.json()).toEqual({ applied: false, changes: [], refusals: [] });

      // A file exported before the facets changes a price and leaves them be.
      const older = await sendPriceList(
        priceList([[ring.id, 'Pebble Ring', 'Test Brand', 'rings', '', '', '31.00', 5, 5]]),
        false,
      );
      expect(older.statusCode, older.body).toBe(200);
      expect(older.json()).toMatchObject({ applied: true, changes: [{ field: 'price', to: 31 }] });
      expect(await facetsOf(ring.id)).toEqual({
        metal: 'gold vermeil',
        stone: null,
        colour: 'red',
        material: null,
      });
    });

    it('refuses a facet not on the shop’s lists, or rows of one product that disagree, writing nothing', async () => {
      const { product, sku } = await aTee('Beacon Stripe Tee');
      const header = [...COLUMNS_WITHOUT_WAS_PRICE, 'metal', 'colour', 'material'];
      const tee = [product.id, 'Beacon Stripe Tee', 'Tidewell', 't-shirts'];
      const rowsWith = (small: [string, string, string], medium: [string, string, string]) => [
        [...tee, sku('S'), 'Size: S', '30.00', 3, 3, ...small],
        [...tee, sku('M'), 'Size: M', '34.00', 2, 2, ...medium],
      ];
      const cases: [string, (string | number)[][], RegExp][] = [
        [
          'a metal not on the list',
          rowsWith(['platinum', 'navy', ''], ['platinum', 'navy', '']),
          /^The metal of Beacon Stripe Tee must be one of the shop's \(sterling silver, .*\), not platinum$/,
        ],
        [
          'a material not on the list',
          rowsWith(['', 'navy', 'polyester'], ['', 'navy', 'polyester']),
          /^The material of Beacon Stripe Tee must be one of the shop's \(merino, .*\), not polyester$/,
        ],
        [
          'two colours for one product',
          rowsWith(['', 'navy', 'cotton'], ['', 'red', 'cotton']),
          /^Beacon Stripe Tee is given the colour red here but navy on row 2: each row of a product gives it the same colour$/,
        ],
        [
          'a colour on one row only',
          rowsWith(['', 'navy', 'cotton'], ['', '', 'cotton']),
          /the colour none here but navy on row 2/,
        ],
      ];
      for (const [what, rows, words] of cases) {
        const file = priceList(rows, header);
        const refused = await sendPriceList(file, false);
        expect(refused.statusCode, `${what}: ${refused.body}`).toBe(400);
        const body = refused.json<{ code: string; refusals: { row: number; message: string }[] }>();
        expect(body.code).toBe('IMPORT_REFUSED');
        const rowRefused = what.startsWith('a colour') || what.startsWith('two') ? 3 : 2;
        expect(body.refusals[0], what).toEqual({
          row: rowRefused,
          message: expect.stringMatching(words) as unknown,
        });
      }
      const stored = await shop.database.db
        .selectFrom('products')
        .select(['price_pence', 'metal', 'stone', 'colour', 'material'])
        .where('id', '=', product.id)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({
        price_pence: 3200,
        metal: null,
        stone: null,
        colour: null,
        material: null,
      });
    });

    it('reads only CSV, up to 5 MB, and must be told whether to apply', async () => {
      const asJson = await shop.app.inject({
        method: 'POST',
        url: '/api/imports/products?dryRun=true',
        headers: bearer(admin.token),
        payload: { rows: [] },
      });
      expect(asJson.statusCode).toBe(415);
      expect(asJson.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });

      const huge = priceList([]) + `${'x,'.repeat(7)}x\r\n`.repeat(400_000);
      const tooLarge = await sendPriceList(huge, true);
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });

      for (const query of ['', '?dryRun=maybe']) {
        const unsaid = await shop.app.inject({
          method: 'POST',
          url: `/api/imports/products${query}`,
          headers: { ...bearer(admin.token), 'content-type': 'text/csv' },
          payload: priceList([]),
        });
        expect(unsaid.statusCode, query).toBe(400);
        expect(unsaid.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      }

      const junk = await sendPriceList('\u0089PNG\r\n\u001a\n\u0000\u0000binary"junk', true);
      expect(junk.statusCode).toBe(200);
      expect(junk.json()).toMatchObject({
        applied: false,
        changes: [],
        refusals: [{ row: 1, message: expect.stringMatching(/^The file has no/) as unknown }],
      });
    });
  });
});
