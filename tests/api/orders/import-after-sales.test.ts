import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setVariantStock } from '../../../src/server/catalog/price-list.repository';
import { newId } from '../../../src/server/sql/ids';
import { auditPageSchema } from '../../../src/shared/audit/audit';
import { productDetailSchema } from '../../../src/shared/catalog/catalog';
import { addUser, bearer, type TestUser } from '../../support/account-fixtures';
import { addProduct, addProductWithVariants } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { openPayment, placeOrder, type Lines } from '../../support/order-fixtures';
import { startTestShop, type TestShop } from '../../support/test-shop';

type Row = Record<string, string>;

describe.each(testDialects())('a products export brought back after sales on %s', (dialect) => {
  let shop: TestShop;
  let customer: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    shop = await startTestShop(dialect);
    customer = await addUser(shop, { name: 'Cara Customer' });
    admin = await addUser(shop, { role: 'admin', name: 'Ada Admin' });
  });
  afterAll(() => shop.close());

  const get = (url: string) =>
    shop.app.inject({ method: 'GET', url, headers: bearer(admin.token) });
  const sendPriceList = (text: string, dryRun: boolean) =>
    shop.app.inject({
      method: 'POST',
      url: `/api/imports/products?dryRun=${dryRun}`,
      headers: { ...bearer(admin.token), 'content-type': 'text/csv' },
      payload: text,
    });

  /** A jumper in three sizes, ten of each, and a scarf sold one way, ten of it. */
  async function aJumperAndAScarf() {
    const tag = newId().slice(0, 6).toUpperCase();
    const { product, variantIds } = await addProductWithVariants(
      shop.database,
      [{ name: 'Size', values: ['S', 'M', 'L'] }],
      ['S', 'M', 'L'].map((size) => ({
        options: { Size: size },
        sku: `JMP-${tag}-${size}`,
        pricePence: 6500,
        countInStock: 10,
      })),
      { name: 'Fair Isle Jumper', category: 'jumpers', pricePence: 6500 },
    );
    const scarf = await addProduct(shop.database, {
      name: 'Moss Scarf',
      pricePence: 2500,
      countInStock: 10,
    });
    const [small = '', medium = '', large = ''] = variantIds;
    return {
      jumper: product.id,
      scarf: scarf.id,
      medium,
      sizes: { S: small, M: medium, L: large },
      sku: (size: string) => `JMP-${tag}-${size}`,
    };
  }

  /** The products export's rows of these products, as a spreadsheet reads them. */
  async function exportOf(...ids: string[]): Promise<Row[]> {
    const response = await get('/api/exports/products.csv');
    expect(response.statusCode, response.body).toBe(200);
    const rows = parse<Row>(response.body, { bom: true, columns: true });
    return rows.filter((row) => ids.includes(row.product ?? ''));
  }

  const fileOf = (rows: Row[]) =>
    stringify(rows, { header: true, bom: true, record_delimiter: 'windows' });

  async function buy(lines: Lines) {
    const payment = await openPayment(shop, customer.token, lines);
    const response = await placeOrder(shop, customer.token, payment.id, lines);
    expect(response.statusCode, response.body).toBe(201);
  }

  /** The stock shoppers see: the product's, and each variant's in the owner's order. */
  async function shownStock(productId: string) {
    const response = await shop.app.inject({ method: 'GET', url: `/api/products/${productId}` });
    const product = productDetailSchema.parse(response.json());
    return {
      countInStock: product.countInStock,
      variants: product.variants.map((variant) => [variant.sku, variant.countInStock]),
    };
  }

  it('leaves the units sold since the export sold when the unchanged file comes back', async () => {
    const { jumper, scarf, medium, sku } = await aJumperAndAScarf();
    const exported = await exportOf(jumper, scarf);
    await buy([
      { product: jumper, variant: medium, qty: 3 },
      { product: scarf, qty: 3 },
    ]);

    const file = fileOf(exported);
    const checked = await sendPriceList(file, true);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toEqual({ applied: false, changes: [], refusals: [] });
    const applied = await sendPriceList(file, false);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toEqual({ applied: false, changes: [], refusals: [] });

    expect(await shownStock(jumper)).toEqual({
      countInStock: 27,
      variants: [
        [sku('S'), 10],
        [sku('M'), 7],
        [sku('L'), 10],
      ],
    });
    expect((await shownStock(scarf)).countInStock).toBe(7);
    // The file says what the shop held as it was made, beside the stock to change.
    expect(exported.map((row) => [row.sku, row.stock, row.exported_stock])).toEqual([
      ['', '10', '10'],
      [sku('S'), '10', '10'],
      [sku('M'), '10', '10'],
      [sku('L'), '10', '10'],
    ]);
  });

  it('refuses a stock changed in the file once the shop has sold some since, and says what to do', async () => {
    const { jumper, scarf, medium, sku } = await aJumperAndAScarf();
    const exported = await exportOf(jumper, scarf);
    await buy([
      { product: jumper, variant: medium, qty: 3 },
      { product: scarf, qty: 3 },
    ]);
    const rowOf = (match: (row: Row) => boolean) => exported.findIndex(match) + 2;
    const edited = exported.map((row) => {
      if (row.sku === sku('S')) return { ...row, price: '59.00' };
      if (row.sku === sku('M')) return { ...row, stock: '12' };
      if (row.sku === sku('L')) return { ...row, stock: '14' };
      if (row.product === scarf) return { ...row, stock: '20' };
      return row;
    });
    const file = fileOf(edited);
    const findings = {
      applied: false,
      changes: [
        {
          row: rowOf((row) => row.sku === sku('S')),
          sku: sku('S'),
          product: jumper,
          name: 'Fair Isle Jumper (Size: S)',
          field: 'price',
          from: 65,
          to: 59,
        },
        {
          row: rowOf((row) => row.sku === sku('L')),
          sku: sku('L'),
          product: jumper,
          name: 'Fair Isle Jumper (Size: L)',
          field: 'stock',
          from: 10,
          to: 14,
        },
      ],
      refusals: [
        {
          row: rowOf((row) => row.product === scarf),
          code: 'STOCK_MOVED',
          message:
            'Moss Scarf has 7 in stock now, not the 10 this file was exported with: some sold or the stock was changed since, so the stock of 20 cannot be set. Download the products file again and change the stock there, or empty this stock cell to keep 7',
        },
        {
          row: rowOf((row) => row.sku === sku('M')),
          code: 'STOCK_MOVED',
          message:
            'Fair Isle Jumper (Size: M) has 7 in stock now, not the 10 this file was exported with: some sold or the stock was changed since, so the stock of 12 cannot be set. Download the products file again and change the stock there, or empty this stock cell to keep 7',
        },
      ],
    };
    const checked = await sendPriceList(file, true);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toEqual(findings);

    const refused = await sendPriceList(file, false);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toEqual({
      code: 'IMPORT_REFUSED',
      message: 'Nothing was changed: 2 rows of the file were refused',
      ...findings,
    });
    expect(await shownStock(jumper)).toEqual({
      countInStock: 27,
      variants: [
        [sku('S'), 10],
        [sku('M'), 7],
        [sku('L'), 10],
      ],
    });
    const jumperPrice = productDetailSchema.parse(
      (await shop.app.inject({ method: 'GET', url: `/api/products/${jumper}` })).json(),
    ).price;
    expect(jumperPrice).toBe(65);
    expect((await shownStock(scarf)).countInStock).toBe(7);
    const audited = auditPageSchema.parse((await get(`/api/audit?q=${jumper}`)).json());
    expect(audited.entries).toEqual([]);
  });

  it('sets the stock of the rows that did not sell, and keeps the stock of an empty cell', async () => {
    const { jumper, scarf, medium, sku } = await aJumperAndAScarf();
    const exported = await exportOf(jumper, scarf);
    await buy([
      { product: jumper, variant: medium, qty: 3 },
      { product: scarf, qty: 3 },
    ]);
    const rowOf = (match: (row: Row) => boolean) => exported.findIndex(match) + 2;
    const edited = exported.map((row) => {
      if (row.sku === sku('M')) return { ...row, price: '62.00', stock: '' };
      if (row.sku === sku('L')) return { ...row, stock: '14' };
      if (row.product === scarf) return { ...row, stock: '', exported_stock: '' };
      return row;
    });
    const applied = await sendPriceList(fileOf(edited), false);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toEqual({
      applied: true,
      refusals: [],
      changes: [
        {
          row: rowOf((row) => row.sku === sku('M')),
          sku: sku('M'),
          product: jumper,
          name: 'Fair Isle Jumper (Size: M)',
          field: 'price',
          from: 65,
          to: 62,
        },
        {
          row: rowOf((row) => row.sku === sku('L')),
          sku: sku('L'),
          product: jumper,
          name: 'Fair Isle Jumper (Size: L)',
          field: 'stock',
          from: 10,
          to: 14,
        },
      ],
    });
    expect(await shownStock(jumper)).toEqual({
      countInStock: 31,
      variants: [
        [sku('S'), 10],
        [sku('M'), 7],
        [sku('L'), 14],
      ],
    });
    expect((await shownStock(scarf)).countInStock).toBe(7);
    const imports = auditPageSchema.parse((await get('/api/audit?action=import.applied')).json());
    expect(imports.entries[0]).toMatchObject({
      target: { type: 'import', label: 'products.csv: 2 changes' },
      before: {
        items: [
          { sku: sku('M'), price: 65, countInStock: 7 },
          { sku: sku('L'), price: 65, countInStock: 10 },
        ],
      },
      after: {
        items: [
          { sku: sku('M'), price: 62, countInStock: 7 },
          { sku: sku('L'), price: 65, countInStock: 14 },
        ],
      },
    });
  });

  it('takes a file exported before it kept the exported stock, setting no stock that has moved', async () => {
    const { jumper, scarf, medium, sku } = await aJumperAndAScarf();
    const exported = await exportOf(jumper, scarf);
    await buy([{ product: jumper, variant: medium, qty: 3 }]);
    const rowOf = (match: (row: Row) => boolean) => exported.findIndex(match) + 2;
    // The columns of a file exported before it kept the exported stock.
    const old = exported
      .map((row) =>
        Object.fromEntries(Object.entries(row).filter(([key]) => key !== 'exported_stock')),
      )
      .map((row) => (row.sku === sku('S') ? { ...row, price: '59.00' } : row));
    const refused = await sendPriceList(fileOf(old), false);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'IMPORT_REFUSED',
      refusals: [
        {
          row: rowOf((row) => row.sku === sku('M')),
          code: 'STOCK_MOVED',
          message:
            'Fair Isle Jumper (Size: M) has 7 in stock now, not 10, and this file has no exported_stock column to tell a sale since from a change of yours, so the stock of 10 cannot be set. Download the products file again and change the stock there, or empty this stock cell to keep 7',
        },
      ],
    });
    expect((await shownStock(jumper)).variants).toEqual([
      [sku('S'), 10],
      [sku('M'), 7],
      [sku('L'), 10],
    ]);

    const kept = old.map((row) => (row.sku === sku('M') ? { ...row, stock: '' } : row));
    const applied = await sendPriceList(fileOf(kept), false);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({
      applied: true,
      refusals: [],
      changes: [{ sku: sku('S'), field: 'price', from: 65, to: 59 }],
    });
    expect((await shownStock(jumper)).variants).toEqual([
      [sku('S'), 10],
      [sku('M'), 7],
      [sku('L'), 10],
    ]);
  });

  it('sets a stock only while it is still what was read, so a sale in between is never undone', async () => {
    const { jumper, medium, sku } = await aJumperAndAScarf();
    await buy([{ product: jumper, variant: medium, qty: 3 }]);
    const set = (from: number) =>
      shop.database.db
        .transaction()
        .execute((trx) => setVariantStock(trx, medium, { from, to: 12 }));
    expect(await set(10)).toBe(false);
    expect((await shownStock(jumper)).variants).toEqual([
      [sku('S'), 10],
      [sku('M'), 7],
      [sku('L'), 10],
    ]);
    expect(await set(7)).toBe(true);
    expect((await shownStock(jumper)).variants).toContainEqual([sku('M'), 12]);
  });
});
