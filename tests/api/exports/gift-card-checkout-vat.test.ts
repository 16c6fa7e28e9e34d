import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIFT_CARD_CATEGORY, type GiftCardVat } from '../../../src/shared/gift-cards/gift-cards';
import { orderSchema, type Order } from '../../../src/shared/orders/orders';
import { ukDay } from '../../../src/shared/uk-time';
import { vatReportSchema, type VatReport } from '../../../src/shared/reports/vat';
import { settingsSchema } from '../../../src/shared/settings/settings';
import { addUser, apiCaller, type TestUser } from '../../support/account-fixtures';
import { addProduct, addProductWithVariants } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { waitForMail } from '../../support/mail-messages';
import { giftCardMailTo } from '../../support/gift-card-fixtures';
import { ADDRESS, openPayment, placeOrder, type Lines } from '../../support/order-fixtures';
import { startTestShop, type TestShop } from '../../support/test-shop';

/**
 * Gift cards sold and spent through the checkout, then the quarter's return, once with cards
 * multi-purpose and once single-purpose. A £50 card is bought; a £30 ring (£25.01 and £4.99
 * delivery) is paid by the card alone; a £40 scarf (£35.01 and delivery) by the £20 left on the
 * card and £20 through PayPal, and £24 of it is given back (£20 to PayPal, £4 onto the card).
 *
 * A second card, of £25, is bought and voided before it is spent: its price goes back to PayPal.
 *
 * Multi-purpose: the cards' sales carry no VAT and nor does the void's refund; the goods carry
 * theirs in full, and so does their refund: 5.00 + 6.67 - 4.00 = 7.67. Single-purpose: the
 * cards' sales carry 8.33 and 4.17, and the void's refund gives back 4.17; what the first card
 * pays carries none, so the ring none and the scarf 3.33 on the £20 PayPal took; the refund gives
 * back that £20 first, 3.33: 8.33 + 4.17 + 0 + 3.33 - 4.17 - 3.33 = 8.33.
 */
const CASES: { vat: GiftCardVat; box1: number; salesVat: number; refundsVat: number }[] = [
  { vat: 'multi-purpose', box1: 7.67, salesVat: 11.67, refundsVat: 4 },
  { vat: 'single-purpose', box1: 8.33, salesVat: 15.83, refundsVat: 7.5 },
];

const RECIPIENT = 'bea.recipient@example.com';

describe.each(testDialects().flatMap((dialect) => CASES.map((each) => [dialect, each] as const)))(
  'box 1 with gift cards sold and spent at the checkout on %s, %o',
  (dialect, { vat, box1, salesVat, refundsVat }) => {
    let shop: TestShop;
    let admin: TestUser;
    let buyer: TestUser;
    const orders: Record<string, Order> = {};
    const call = apiCaller(() => shop);

    async function pay(name: string, lines: Lines, extra: Record<string, unknown> = {}) {
      const payment = await openPayment(shop, buyer.token, lines, extra);
      const placed = await placeOrder(shop, buyer.token, payment.id, lines, extra);
      expect(placed.statusCode, placed.body).toBe(201);
      orders[name] = orderSchema.parse(placed.json());
    }

    /** An order the gift cards pay in full: no payment is opened, as the contract has it. */
    async function payByCards(name: string, lines: Lines, extra: Record<string, unknown>) {
      const opened = await call('POST', '/api/payments', buyer.token, {
        orderItems: lines,
        shippingAddress: ADDRESS,
        ...extra,
      });
      expect(opened.statusCode, opened.body).toBe(200);
      expect(opened.json()).toMatchObject({ id: null, payable: 0 });
      const placed = await call('POST', '/api/orders', buyer.token, {
        orderItems: lines,
        shippingAddress: ADDRESS,
        paymentMethod: 'PayPal',
        notes: '',
        paymentResult: null,
        ...extra,
      });
      expect(placed.statusCode, placed.body).toBe(201);
      orders[name] = orderSchema.parse(placed.json());
    }

    beforeAll(async () => {
      shop = await startTestShop(dialect);
      admin = await addUser(shop, { role: 'admin', name: 'Ada Admin' });
      buyer = await addUser(shop, { name: 'Olive Order' });
      const read = await call('GET', '/api/settings', admin.token);
      const settings = settingsSchema.parse(read.json());
      const saved = await call('PUT', '/api/settings', admin.token, {
        ...settings,
        giftCards: { ...settings.giftCards, vat },
      });
      expect(saved.statusCode, saved.body).toBe(200);

      const card = await addProductWithVariants(
        shop.database,
        [{ name: 'Amount', values: ['£50', '£25'] }],
        [
          { options: { Amount: '£50' }, pricePence: 5_000, countInStock: 0 },
          { options: { Amount: '£25' }, pricePence: 2_500, countInStock: 0 },
        ],
        { name: 'Gift card', category: GIFT_CARD_CATEGORY, pricePence: 5_000 },
      );
      const ring = await addProduct(shop.database, { pricePence: 2_501, category: 'rings' });
      const scarf = await addProduct(shop.database, { pricePence: 3_501, category: 'scarves' });

      const giftCard = {
        recipientName: 'Bea Recipient',
        recipientEmail: RECIPIENT,
        message: 'Happy birthday',
        sendOn: ukDay(new Date()),
      };
      const cardLine = { product: card.product.id, variant: card.variantIds[0], qty: 1, giftCard };
      await pay('card', [cardLine]);
      // The card's mail, sent or (before 8:00 UK time) waiting for its day.
      const cardLast4 = orders.card?.orderItems[0]?.giftCard?.cards[0] ?? '';
      const { code } = await giftCardMailTo(shop.database.db, RECIPIENT, cardLast4);

      await payByCards('ring', [{ product: ring.id, qty: 1 }], { giftCards: [code] });
      await pay('scarf', [{ product: scarf.id, qty: 1 }], { giftCards: [code] });
      const refunded = await call(
        'POST',
        `/api/orders/${orders.scarf?._id ?? ''}/refunds`,
        admin.token,
        { amount: 24, reason: 'Returned' },
      );
      expect(refunded.statusCode, refunded.body).toBe(200);

      const smallCard = { ...cardLine, variant: card.variantIds[1] };
      await pay('smallCard', [smallCard]);
      const last4 = orders.smallCard?.orderItems[0]?.giftCard?.cards[0] ?? '';
      const found = await call('GET', `/api/gift-cards?q=${last4}`, admin.token);
      const { giftCards } = found.json<{ giftCards: { _id: string }[] }>();
      const voided = await call(
        'POST',
        `/api/gift-cards/${giftCards[0]?._id ?? ''}/void`,
        admin.token,
      );
      expect(voided.statusCode, voided.body).toBe(200);
      expect(voided.json()).toMatchObject({ refund: 25 });
    }, 60_000);

    afterAll(() => shop.close());

    async function report(): Promise<VatReport> {
      const response = await call('GET', '/api/reports/vat', admin.token);
      expect(response.statusCode, response.body).toBe(200);
      return vatReportSchema.strict().parse(response.json());
    }

    it('takes what each order and refund carried', async () => {
      expect(orders.card?.totalPrice).toBe(50);
      expect(orders.ring?.totalPrice).toBe(30);
      expect(orders.scarf?.totalPrice).toBe(40);
      const { sales, refunds, box1: reported } = await report();
      expect(sales).toMatchObject({ count: 4, vat: salesVat });
      expect(refunds).toMatchObject({ vat: refundsVat });
      expect(reported).toBe(box1);
    });

    it('tells the buyer on the order, and in its mail, what is outside VAT', async () => {
      const confirmation = await waitForMail(
        path.join(shop.config.dataDir, 'outbox'),
        buyer.email,
        (mail) =>
          (mail.header('subject') ?? '').endsWith(`order ${orders.card?.orderNumber ?? '-'}`),
      );
      expect(confirmation?.text).toContain(
        vat === 'multi-purpose'
          ? 'Includes VAT at 20% (gift cards are outside VAT until spent)'
          : 'Includes VAT at 20%',
      );
      if (vat === 'multi-purpose') {
        expect(orders.card).toMatchObject({ taxPrice: 0, outsideVat: 50, giftCardVat: vat });
        expect(orders.ring).toMatchObject({ taxPrice: 5, outsideVat: 0 });
      } else {
        expect(orders.card).toMatchObject({ taxPrice: 8.33, outsideVat: 0, giftCardVat: vat });
        expect(orders.ring).toMatchObject({ taxPrice: 0, outsideVat: 30, giftCardVat: vat });
        expect(orders.scarf).toMatchObject({ taxPrice: 3.33, outsideVat: 20, giftCardVat: vat });
      }
    });
  },
);
