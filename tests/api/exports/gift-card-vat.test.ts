import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../../src/server/db/schema';
import { issueGiftCards, voidGiftCard } from '../../../src/server/gift-cards/gift-cards.service';
import type { GiftCardVat } from '../../../src/shared/gift-cards/gift-cards';
import { vatIncluded } from '../../../src/shared/orders/pricing';
import { vatReportSchema, type VatReport } from '../../../src/shared/reports/vat';
import { addUser, apiCaller, type TestUser } from '../../support/account-fixtures';
import { testDialects } from '../../support/databases';
import { cardFor } from '../../support/gift-card-fixtures';
import { addRefundRow, addStoredOrder } from '../../support/order-fixtures';
import { startTestShop, type TestShop } from '../../support/test-shop';

/**
 * Gift cards in the VAT return, as orders keep them: April to June 2026 traded with cards
 * multi-purpose, July to September with cards single-purpose. Each quarter sells a card alone, a
 * card beside goods (then voided, its balance given back), and goods paid partly by a card (part
 * given back); box 1 follows what each order's money carried.
 */
const NOW = new Date('2026-08-20T11:00:00.000Z');

interface GiftCardOrder {
  paidAt: string;
  totalPence: number;
  /** What gift cards put outside VAT: the cards sold (multi), or what cards paid (single). */
  outsidePence: number;
  giftCardVat: GiftCardVat;
  giftCardPence?: number;
}

interface RecordRow {
  type: string;
  payment: string;
  order: string;
  gross: string;
  net: string;
  vat: string;
  outside_vat: string;
  outside_vat_reason: string;
}

const pence = (pounds: number | string) => Math.round(Number(pounds) * 100);
const sumOf = (rows: readonly RecordRow[], column: 'gross' | 'net' | 'vat' | 'outside_vat') =>
  rows.reduce((sum, row) => sum + pence(row[column]), 0);

describe.each(testDialects())('gift cards in the VAT return on %s', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  let customer: TestUser;
  const orders: Record<string, { id: string; orderNumber: string }> = {};
  const call = apiCaller(() => shop);

  /** An order as the checkout keeps one that sold or spent cards: its VAT on what is within VAT. */
  async function addGiftCardOrder(db: Db, name: string, order: GiftCardOrder) {
    const stored = await addStoredOrder(db, customer, {
      paidAt: order.paidAt,
      totalPence: order.totalPence,
      taxPence: vatIncluded(order.totalPence - order.outsidePence),
    });
    await db
      .updateTable('orders')
      .set({
        outside_vat_pence: order.outsidePence,
        gift_card_vat: order.giftCardVat,
        gift_card_pence: order.giftCardPence ?? 0,
      })
      .where('id', '=', stored.id)
      .execute();
    orders[name] = stored;
    return stored;
  }

  /** A £50 card the order sold, voided at `at`, its whole balance owed back on the order. */
  async function sellAndVoid(db: Db, orderId: string, at: string) {
    const now = new Date(at);
    const [card] = await issueGiftCards(db, {
      orderId,
      buyer: { name: customer.name, email: customer.email },
      cards: [cardFor()],
      months: 24,
      now,
    });
    if (!card) throw new Error('No card was issued');
    const { refund } = await voidGiftCard(db, admin, card.id, now);
    return refund;
  }

  /** A refund that went through a second after it was recorded. */
  const refundOn = (db: Db, orderId: string, amountPence: number, at: string) =>
    addRefundRow(db, {
      orderId,
      amountPence,
      status: 'succeeded',
      createdAt: at,
      settledAt: new Date(Date.parse(at) + 1_000).toISOString(),
    });

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW, shouldAdvanceTime: true });
    shop = await startTestShop(dialect);
    admin = await addUser(shop, { role: 'admin', name: 'Ada Admin' });
    customer = await addUser(shop, { name: 'Olive Order' });
    const { db } = shop.database;

    // April to June, multi-purpose: VAT is due when a card is spent.
    await addGiftCardOrder(db, 'multiCard', {
      paidAt: '2026-05-01T10:00:00.000Z',
      totalPence: 5_000, // a £50 card alone: no VAT
      outsidePence: 5_000,
      giftCardVat: 'multi-purpose',
    });
    const multiMixed = await addGiftCardOrder(db, 'multiMixed', {
      paidAt: '2026-05-02T10:00:00.000Z',
      totalPence: 8_000, // £30 of goods (VAT 5.00) and a £50 card
      outsidePence: 5_000,
      giftCardVat: 'multi-purpose',
    });
    const multiSpent = await addGiftCardOrder(db, 'multiSpent', {
      paidAt: '2026-05-03T10:00:00.000Z',
      totalPence: 6_000, // £60 of goods, £40 of it paid by a card: VAT 10.00 all the same
      outsidePence: 0,
      giftCardVat: 'multi-purpose',
      giftCardPence: 4_000,
    });
    // The card sold beside goods is voided, its unspent £50 given back: no VAT.
    const voided = await sellAndVoid(db, multiMixed.id, '2026-06-01T09:00:00.000Z');
    await refundOn(db, multiMixed.id, voided.amountPence, '2026-06-01T09:00:01.000Z');
    // £12 of the goods a card paid for given back: VAT 2.00.
    await refundOn(db, multiSpent.id, 1_200, '2026-06-02T09:00:00.000Z');

    // July to September, single-purpose: VAT is due when a card is sold.
    await addGiftCardOrder(db, 'singleCard', {
      paidAt: '2026-07-01T10:00:00.000Z',
      totalPence: 5_000, // a £50 card alone: VAT 8.33
      outsidePence: 0,
      giftCardVat: 'single-purpose',
    });
    const singleMixed = await addGiftCardOrder(db, 'singleMixed', {
      paidAt: '2026-07-02T10:00:00.000Z',
      totalPence: 8_000, // £30 of goods and a £50 card: VAT 13.33
      outsidePence: 0,
      giftCardVat: 'single-purpose',
    });
    const singleSpent = await addGiftCardOrder(db, 'singleSpent', {
      paidAt: '2026-07-03T10:00:00.000Z',
      totalPence: 6_000, // £60 of goods, £40 paid by a card: VAT on £20, 3.33
      outsidePence: 4_000,
      giftCardVat: 'single-purpose',
      giftCardPence: 4_000,
    });
    // The card sold beside goods is voided, its £50 given back with its VAT, 8.33.
    const given = await sellAndVoid(db, singleMixed.id, '2026-08-01T09:00:00.000Z');
    await refundOn(db, singleMixed.id, given.amountPence, '2026-08-01T09:00:01.000Z');
    // £30 of the goods given back, as the checkout shares it out: £10 back onto the card (kept
    // first, outside VAT), and the £20 PayPal took (VAT 3.33).
    await db
      .insertInto('refunds')
      .values({
        id: 'refund-onto-card',
        payment_id: `gift-cards-${singleSpent.id}`,
        capture_id: `gift-cards-${singleSpent.id}`,
        order_id: singleSpent.id,
        amount_pence: 1_000,
        reason: 'Returned',
        status: 'succeeded',
        request_id: 'settled-refund-onto-card',
        error: null,
        created_by: 'Ada Admin',
        created_at: '2026-08-02T09:00:00.000Z',
        updated_at: '2026-08-02T09:00:00.000Z',
      })
      .execute();
    await refundOn(db, singleSpent.id, 2_000, '2026-08-02T09:00:00.000Z');
  }, 60_000);

  afterAll(async () => {
    await shop.close();
    vi.useRealTimers();
  });

  async function reportOf(quarter: string): Promise<VatReport> {
    const response = await call('GET', `/api/reports/vat?quarter=${quarter}`, admin.token);
    expect(response.statusCode, response.body).toBe(200);
    return vatReportSchema.strict().parse(response.json());
  }

  async function recordOf(quarter: string): Promise<RecordRow[]> {
    const response = await call('GET', `/api/reports/vat.csv?quarter=${quarter}`, admin.token);
    expect(response.statusCode, response.body).toBe(200);
    return parse<RecordRow>(response.body, { bom: true, columns: true });
  }

  it('counts multi-purpose cards when spent: their sale and their void carry no VAT', async () => {
    const report = await reportOf('2026-06');
    expect(report).toMatchObject({
      // Within VAT: £30 of goods and £60 of goods; outside: the two £50 cards.
      sales: { count: 3, gross: 90, vat: 15, net: 75, outside: 100 },
      refunds: { count: 2, gross: 12, vat: 2, net: 10, outside: 50 },
      // 5.00 + 10.00 - 2.00
      box1: 13,
      // 75.00 - 10.00
      box6: 65,
    });
    const refundOf = (name: string) =>
      report.refundList.find((refund) => refund.order._id === orders[name]?.id);
    expect(refundOf('multiMixed')).toMatchObject({ amount: 50, vat: 0, outside: 50 });
    expect(refundOf('multiSpent')).toMatchObject({ amount: 12, vat: 2, outside: 0 });
  });

  it('counts single-purpose cards when sold: what they pay later, and give back, carries none', async () => {
    const report = await reportOf('2026-09');
    expect(report).toMatchObject({
      // Within VAT: both cards, the goods sold beside one, and the £20 PayPal took.
      sales: { count: 3, gross: 150, vat: 24.99, net: 125.01, outside: 40 },
      refunds: { count: 3, gross: 70, vat: 11.66, net: 58.34, outside: 10 },
      // 8.33 + 13.33 + 3.33 - 8.33 - 3.33
      box1: 13.33,
      // 125.01 - 58.34 = 66.67
      box6: 66,
    });
    const refundsOf = (name: string) =>
      report.refundList
        .filter((refund) => refund.order._id === orders[name]?.id)
        .map(({ amount, vat, outside }) => ({ amount, vat, outside }));
    expect(refundsOf('singleMixed')).toEqual([{ amount: 50, vat: 8.33, outside: 0 }]);
    expect(refundsOf('singleSpent')).toEqual(
      expect.arrayContaining([
        { amount: 10, vat: 0, outside: 10 },
        { amount: 20, vat: 3.33, outside: 0 },
      ]),
    );
  });

  it.each(['2026-06', '2026-09'])(
    'keeps a record of %s that adds up to the return, with the part outside VAT and why',
    async (quarter) => {
      const [rows, report] = [await recordOf(quarter), await reportOf(quarter)];
      const sales = rows.filter((row) => row.type === 'sale');
      expect(sumOf(rows, 'vat')).toBe(pence(report.box1));
      expect(sumOf(sales, 'gross')).toBe(pence(report.sales.gross));
      expect(sumOf(sales, 'outside_vat')).toBe(pence(report.sales.outside));
      expect(sumOf(rows, 'outside_vat')).toBe(pence(report.sales.outside - report.refunds.outside));
      expect(Math.trunc(sumOf(rows, 'net') / 100)).toBe(report.box6);
    },
  );

  it('says in the record why each part is outside VAT', async () => {
    const rows = [...(await recordOf('2026-06')), ...(await recordOf('2026-09'))];
    const rowOf = (type: string, name: string) =>
      rows.find((row) => row.type === type && row.order === orders[name]?.orderNumber);
    expect(rowOf('sale', 'multiCard')).toMatchObject({
      gross: '0.00',
      vat: '0.00',
      outside_vat: '50.00',
      outside_vat_reason: 'gift card sold, multi-purpose',
    });
    expect(rowOf('sale', 'multiSpent')).toMatchObject({
      gross: '60.00',
      vat: '10.00',
      outside_vat: '0.00',
      outside_vat_reason: '',
    });
    expect(rowOf('refund', 'multiMixed')).toMatchObject({
      gross: '0.00',
      outside_vat: '-50.00',
      outside_vat_reason: 'gift card sold, multi-purpose',
    });
    expect(rowOf('sale', 'singleSpent')).toMatchObject({
      gross: '20.00',
      net: '16.67',
      vat: '3.33',
      outside_vat: '40.00',
      outside_vat_reason: 'paid by gift card, single-purpose',
    });
    const singleRefunds = rows.filter(
      (row) => row.type === 'refund' && row.order === orders.singleSpent?.orderNumber,
    );
    expect(singleRefunds).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          payment: 'gift cards',
          gross: '0.00',
          vat: '0.00',
          outside_vat: '-10.00',
          outside_vat_reason: 'paid by gift card, single-purpose',
        }),
        expect.objectContaining({
          gross: '-20.00',
          vat: '-3.33',
          outside_vat: '0.00',
          outside_vat_reason: '',
        }),
      ]),
    );
  });
});
