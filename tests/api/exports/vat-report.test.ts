import { parse } from 'csv-parse/sync';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../src/server/db/schema';
import { vatIncluded } from '../../../src/shared/orders/pricing';
import { settingsSchema, type Settings } from '../../../src/shared/settings/settings';
import { vatReportSchema, type VatReport, type VatSettings } from '../../../src/shared/reports/vat';
import { addUser, apiCaller, type TestUser } from '../../support/account-fixtures';
import { testDialects } from '../../support/databases';
import { addRefundRow, addStoredOrder } from '../../support/order-fixtures';
import { startTestShop, type TestShop } from '../../support/test-shop';

/**
 * The return is read on 10 August 2026, in the quarter July to September (stagger 1, the
 * default). The sales and refunds below sit either side of the UK midnight that begins July (23:00
 * UTC on 30 June, in summer time) and of the one that begins April (23:00 UTC on 31 March).
 */
const NOW = new Date('2026-08-10T11:00:00.000Z');

/** A paid order put straight into the database, its VAT a sixth of its total as checkout has it. */
const addSale = (db: Kysely<Database>, customer: TestUser, paidAt: string, totalPence: number) =>
  addStoredOrder(db, customer, { paidAt, totalPence, taxPence: vatIncluded(totalPence) });

interface RecordRow {
  date: string;
  type: string;
  order: string;
  payment: string;
  gross: string;
  net: string;
  vat: string;
  rate: string;
  outside_vat: string;
  outside_vat_reason: string;
}

/** Pounds written in a column, added up in pence. */
const sumOf = (rows: readonly RecordRow[], column: 'gross' | 'net' | 'vat') =>
  rows.reduce((sum, row) => sum + Math.round(Number(row[column]) * 100), 0);
const pence = (pounds: number) => Math.round(pounds * 100);

describe.each(testDialects())('the VAT return on %s', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  let staff: TestUser;
  let customer: TestUser;
  const sales: Record<string, { id: string; orderNumber: string; captureId: string }> = {};
  const call = apiCaller(() => shop);

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW, shouldAdvanceTime: true });
    shop = await startTestShop(dialect);
    admin = await addUser(shop, { role: 'admin', name: 'Ada Admin' });
    staff = await addUser(shop, { role: 'staff' });
    customer = await addUser(shop, { name: 'Olive Order' });
    const { db } = shop.database;
    const sell = async (name: string, paidAt: string, totalPence: number) => {
      sales[name] = await addSale(db, customer, paidAt, totalPence);
    };
    const idOf = (name: string) => sales[name]?.id ?? null;

    // April to June: from 00:15 on 1 April (BST) to a millisecond before July.
    await sell('firstOfApril', '2026-03-31T23:15:00.000Z', 12_000); // VAT 20.00
    await sell('may', '2026-05-15T10:00:00.000Z', 4_999); // VAT 8.33
    await sell('lastOfJune', '2026-06-30T22:59:59.999Z', 2_500); // VAT 4.17
    // 23:30 on 31 March in London: January to March's.
    await sell('lastOfMarch', '2026-03-31T22:30:00.000Z', 777);
    // 00:30 on 1 July in London, 23:30 on 30 June in UTC: July to September's.
    await sell('firstOfJuly', '2026-06-30T23:30:00.000Z', 6_000); // VAT 10.00
    await sell('august', '2026-08-01T09:00:00.000Z', 1_003); // VAT 1.67

    // Gone through in June, on May's sale: June's.
    await addRefundRow(db, {
      orderId: idOf('may'),
      amountPence: 1_000, // VAT 1.67
      status: 'succeeded',
      settledAt: '2026-06-30T10:00:00.000Z',
    });
    // June's sale, refunded in July: the sale is June's, the refund July's.
    await addRefundRow(db, {
      orderId: idOf('lastOfJune'),
      amountPence: 2_500, // VAT 4.17
      status: 'succeeded',
      settledAt: '2026-07-02T09:00:00.000Z',
    });
    // Gone through at 00:10 on 1 July in London: July's, on an April sale.
    await addRefundRow(db, {
      orderId: idOf('firstOfApril'),
      amountPence: 603, // VAT 1.01 (100.5 pence, rounded up)
      status: 'succeeded',
      settledAt: '2026-06-30T23:10:00.000Z',
    });
    // Refused, still on its way, and a payment that made no order: none of them counts.
    await addRefundRow(db, {
      orderId: idOf('firstOfJuly'),
      amountPence: 600,
      status: 'failed',
      settledAt: '2026-07-03T09:00:00.000Z',
    });
    await addRefundRow(db, {
      orderId: idOf('august'),
      amountPence: 500,
      status: 'pending',
      settledAt: '2026-08-02T09:00:00.000Z',
    });
    await addRefundRow(db, {
      orderId: null,
      amountPence: 5_000,
      status: 'succeeded',
      settledAt: '2026-07-04T09:00:00.000Z',
    });
  }, 60_000);

  afterAll(async () => {
    await shop.close();
    vi.useRealTimers();
  });

  async function reportOf(quarter: string): Promise<VatReport> {
    const url = quarter === '' ? '/api/reports/vat' : `/api/reports/vat?quarter=${quarter}`;
    const response = await call('GET', url, admin.token);
    expect(response.statusCode, response.body).toBe(200);
    return vatReportSchema.strict().parse(response.json());
  }

  async function saveVat(vat: VatSettings): Promise<Settings> {
    const read = await call('GET', '/api/settings', admin.token);
    const saved = await call('PUT', '/api/settings', admin.token, {
      ...settingsSchema.parse(read.json()),
      vat,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return settingsSchema.parse(saved.json());
  }

  /** The owner on the flat rate scheme at 7.5%, as the settings set it, while `work` reads. */
  async function onFlatRate<Read>(work: () => Promise<Read>): Promise<Read> {
    await saveVat({ stagger: 1, scheme: 'flat-rate', flatRate: 7.5 });
    try {
      return await work();
    } finally {
      await saveVat({ stagger: 1, scheme: 'standard', flatRate: null });
    }
  }

  async function recordOf(quarter: string) {
    const response = await shop.app.inject({
      method: 'GET',
      url: `/api/reports/vat.csv?quarter=${quarter}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="vat-record-${quarter}.csv"`,
    );
    expect(
      response.body.startsWith(
        '\uFEFFdate,type,order,payment,gross,net,vat,rate,outside_vat,outside_vat_reason\r\n',
      ),
    ).toBe(true);
    return parse<RecordRow>(response.body, { bom: true, columns: true });
  }

  describe('who may read it', () => {
    it.each(['/api/reports/vat?quarter=2026-06', '/api/reports/vat.csv?quarter=2026-06'])(
      'answers %s to the owner alone: a guest 401, a customer and staff 403',
      async (url) => {
        const guest = await call('GET', url);
        expect(guest.statusCode).toBe(401);
        expect(guest.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
        for (const user of [customer, staff]) {
          const refused = await call('GET', url, user.token);
          expect(refused.statusCode).toBe(403);
          expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
        }
        expect((await call('GET', url, admin.token)).statusCode).toBe(200);
      },
    );
  });

  describe('the quarter asked for', () => {
    it.each([
      ['2026-05', /2026-05 does not end a VAT quarter: .*March, June, September and December/],
      ['2026-13', /does not end a VAT quarter/],
      ['junk', /Please name a VAT quarter by the month it ends, such as 2026-09/],
      ['2026-06-30', /such as 2026-09/],
    ])(
      'refuses %j with 400 QUARTER_UNKNOWN, the report and the record alike',
      async (quarter, words) => {
        for (const path of ['/api/reports/vat', '/api/reports/vat.csv']) {
          const response = await call('GET', `${path}?quarter=${quarter}`, admin.token);
          expect(response.statusCode, path).toBe(400);
          const body = response.json<{ code: string; message: string }>();
          expect(body.code).toBe('QUARTER_UNKNOWN');
          expect(body.message).toMatch(words);
        }
      },
    );

    it('is the quarter running now when none is asked for', async () => {
      const report = await reportOf('');
      expect(report.quarter).toBe('2026-09');
      expect(report).toEqual(await reportOf('2026-09'));
    });

    it('is bounded by UK midnights', async () => {
      const report = await reportOf('2026-06');
      expect(report).toMatchObject({
        quarter: '2026-06',
        from: '2026-03-31T23:00:00.000Z',
        to: '2026-06-30T23:00:00.000Z',
        firstDay: '2026-04-01',
        lastDay: '2026-06-30',
        stagger: 1,
      });
    });
  });

  describe('on the standard scheme', () => {
    it('adds up April to June: three sales, and the refund that went through in June', async () => {
      const report = await reportOf('2026-06');
      expect(report).toMatchObject({
        scheme: 'standard',
        flatRate: null,
        sales: { count: 3, gross: 194.99, vat: 32.5, net: 162.49 },
        refunds: { count: 1, gross: 10, vat: 1.67, net: 8.33 },
        // 32.50 - 1.67
        box1: 30.83,
        box2: 0,
        // 162.49 - 8.33 = 154.16
        box6: 154,
        box8: 0,
        box9: 0,
      });
      expect(report.refundList).toEqual([
        {
          _id: expect.any(String) as string,
          at: '2026-06-30T10:00:00.000Z',
          order: { _id: sales.may?.id, orderNumber: sales.may?.orderNumber },
          amount: 10,
          vat: 1.67,
          outside: 0,
        },
      ]);
    });

    it('adds up July to September: the 00:30 sale of 1 July, and June’s sale refunded in July', async () => {
      const report = await reportOf('2026-09');
      expect(report).toMatchObject({
        sales: { count: 2, gross: 70.03, vat: 11.67, net: 58.36 },
        refunds: { count: 2, gross: 31.03, vat: 5.18, net: 25.85 },
        box1: 6.49,
        box6: 32, // 58.36 - 25.85 = 32.51
      });
      expect(report.refundList.map((refund) => [refund.order._id, refund.amount])).toEqual([
        [sales.firstOfApril?.id, 6.03],
        [sales.lastOfJune?.id, 25],
      ]);
    });

    it('answers an empty quarter with zeros', async () => {
      const report = await reportOf('2025-06');
      expect(report).toMatchObject({
        sales: { count: 0, gross: 0, vat: 0, net: 0 },
        refunds: { count: 0, gross: 0, vat: 0, net: 0 },
        box1: 0,
        box6: 0,
        refundList: [],
      });
    });
  });

  describe('on the flat rate scheme', () => {
    it('takes 7.5% of the gross turnover to the penny, and the turnover in whole pounds', async () => {
      const standardJune = await reportOf('2026-06');
      const [june, september] = await onFlatRate(async () => [
        await reportOf('2026-06'),
        await reportOf('2026-09'),
      ]);
      // Turnover 194.99 - 10.00 = 184.99: 7.5% is 13.87425.
      expect(june).toMatchObject({ scheme: 'flat-rate', flatRate: 7.5, box1: 13.87, box6: 184 });
      expect(june.sales).toEqual(standardJune.sales);
      // Turnover 70.03 - 31.03 = 39.00: 7.5% is 2.925, half a penny rounded up.
      expect(september).toMatchObject({ box1: 2.93, box6: 39 });
      // Saved back, the next return is the standard scheme's again.
      expect(await reportOf('2026-06')).toEqual(standardJune);
    });
  });

  describe('the VAT record', () => {
    it('has a row for each sale and each refund, refunds below zero, in UK days', async () => {
      const rows = await recordOf('2026-09');
      const { firstOfJuly, august, firstOfApril, lastOfJune } = sales;
      expect(rows).toEqual([
        {
          date: '2026-07-01',
          type: 'sale',
          order: firstOfJuly?.orderNumber,
          payment: firstOfJuly?.captureId,
          gross: '60.00',
          net: '50.00',
          vat: '10.00',
          rate: '20%',
          outside_vat: '0.00',
          outside_vat_reason: '',
        },
        {
          date: '2026-08-01',
          type: 'sale',
          order: august?.orderNumber,
          payment: august?.captureId,
          gross: '10.03',
          net: '8.36',
          vat: '1.67',
          rate: '20%',
          outside_vat: '0.00',
          outside_vat_reason: '',
        },
        {
          date: '2026-07-01',
          type: 'refund',
          order: firstOfApril?.orderNumber,
          payment: firstOfApril?.captureId,
          gross: '-6.03',
          net: '-5.02',
          vat: '-1.01',
          rate: '20%',
          outside_vat: '0.00',
          outside_vat_reason: '',
        },
        {
          date: '2026-07-02',
          type: 'refund',
          order: lastOfJune?.orderNumber,
          payment: lastOfJune?.captureId,
          gross: '-25.00',
          net: '-20.83',
          vat: '-4.17',
          rate: '20%',
          outside_vat: '0.00',
          outside_vat_reason: '',
        },
      ]);
    });

    it.each(['2026-06', '2026-09'])('adds up to the return of %s', async (quarter) => {
      const [rows, report] = [await recordOf(quarter), await reportOf(quarter)];
      const ofType = (type: string) => rows.filter((row) => row.type === type);
      expect(ofType('sale')).toHaveLength(report.sales.count);
      expect(ofType('refund')).toHaveLength(report.refunds.count);
      expect(sumOf(ofType('sale'), 'gross')).toBe(pence(report.sales.gross));
      expect(sumOf(ofType('refund'), 'vat')).toBe(-pence(report.refunds.vat));
      expect(sumOf(rows, 'vat')).toBe(pence(report.box1));
      expect(Math.trunc(sumOf(rows, 'net') / 100)).toBe(report.box6);
      const [flat, flatRows] = await onFlatRate(async () => [
        await reportOf(quarter),
        await recordOf(quarter),
      ]);
      expect(Math.trunc(sumOf(rows, 'gross') / 100)).toBe(flat.box6);
      expect(flatRows).toEqual(rows);
    });

    it('reads a quarter of more sales than a batch, sales paid at one instant included, each once', async () => {
      const { db } = shop.database;
      const many = 1_203;
      const written: string[] = [];
      // October to December 2025, seven sales to each instant, so that the first batch of 1,000
      // ends among sales paid at the same time as the next batch's first.
      await db.transaction().execute(async (trx) => {
        for (let index = 0; index < many; index += 1) {
          const paidAt = new Date(
            Date.parse('2025-10-01T08:00:00.000Z') + Math.floor(index / 7) * 60_000,
          ).toISOString();
          written.push((await addSale(trx, customer, paidAt, 1_000 + index)).orderNumber);
        }
      });
      const rows = await recordOf('2025-12');
      expect(rows).toHaveLength(many);
      expect(new Set(rows.map((row) => row.order))).toEqual(new Set(written));
      const report = await reportOf('2025-12');
      expect(report.sales.count).toBe(many);
      expect(sumOf(rows, 'gross')).toBe(pence(report.sales.gross));
      expect(sumOf(rows, 'vat')).toBe(pence(report.box1));
    }, 120_000);
  });
});
