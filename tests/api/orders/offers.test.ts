import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DELIVERY_SERVICES } from '../../../src/shared/delivery/delivery-settings';
import { quoteSchema, type Quote } from '../../../src/shared/orders/checkout';
import { orderSchema } from '../../../src/shared/orders/orders';
import { promotionSchema, type Promotion } from '../../../src/shared/promotions/promotions';
import { adminVoucherSchema } from '../../../src/shared/vouchers/vouchers';
import { addUser, apiCaller, type TestUser } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { openPayment, placeOrder, postAs, type Lines } from '../../support/order-fixtures';
import { startTestShop, type TestShop } from '../../support/test-shop';

const DAY_MS = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

describe.each(testDialects())('vouchers of every kind and promotions on %s', (dialect) => {
  let shop: TestShop;
  let customer: TestUser;
  let admin: TestUser;
  let staff: TestUser;
  const call = apiCaller(() => shop);

  beforeAll(async () => {
    shop = await startTestShop(dialect, {}, { deliveryServices: DEMO_DELIVERY_SERVICES });
    customer = await addUser(shop, { name: 'Olive Order' });
    admin = await addUser(shop, { role: 'admin', name: 'Ada Admin' });
    staff = await addUser(shop, { role: 'staff' });
  });
  afterAll(() => shop.close());

  let codes = 0;
  /** A voucher made through the back office's API, live at once, with a code of its own. */
  async function voucher(fields: Record<string, unknown>) {
    codes += 1;
    const response = await call('POST', '/api/vouchers', admin.token, {
      name: `Offer ${codes}`,
      code: `OFFER${codes}`,
      expires: inDays(30).slice(0, 10),
      ...fields,
    });
    expect(response.statusCode, response.body).toBe(201);
    return adminVoucherSchema.parse(response.json());
  }

  async function promotion(fields: Record<string, unknown>): Promise<Promotion> {
    const response = await call('POST', '/api/promotions', admin.token, {
      name: 'Weekend offer',
      starts: inDays(-1),
      ends: inDays(2),
      ...fields,
    });
    expect(response.statusCode, response.body).toBe(201);
    return promotionSchema.parse(response.json());
  }

  /** Promotions last only as long as the test that made them. */
  async function withPromotion<T>(fields: Record<string, unknown>, run: () => Promise<T>) {
    const made = await promotion(fields);
    try {
      return await run();
    } finally {
      await call('DELETE', `/api/promotions/${made._id}`, admin.token);
    }
  }

  async function quote(lines: Lines, extra: Record<string, unknown> = {}): Promise<Quote> {
    const response = await postAs(shop, customer.token, '/api/orders/quote', {
      orderItems: lines,
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(200);
    return quoteSchema.parse(response.json());
  }

  const refusal = async (lines: Lines, extra: Record<string, unknown>) => {
    const response = await postAs(shop, customer.token, '/api/orders/quote', {
      orderItems: lines,
      ...extra,
    });
    return {
      status: response.statusCode,
      body: response.json<{ code: string; message: string }>(),
    };
  };

  describe('vouchers', () => {
    it('takes a percentage off, up to its cap', async () => {
      const ring = await addProduct(shop.database, { pricePence: 8000, category: 'rings' });
      const { code } = await voucher({ kind: 'percent', percent: 10, cap: 5 });
      const capped = await quote([{ product: ring.id, qty: 1 }], { voucher: code });
      expect(capped).toMatchObject({
        itemsPrice: 80,
        voucherDiscount: 5,
        promotionDiscount: 0,
        shippingPrice: 0,
        totalPrice: 75,
        discounts: [{ source: 'voucher', name: `Offer ${code.slice(5)}`, code, amount: 5 }],
      });
      const uncapped = await voucher({ kind: 'percent', percent: 10 });
      expect(
        await quote([{ product: ring.id, qty: 1 }], { voucher: uncapped.code.toLowerCase() }),
      ).toMatchObject({ voucherDiscount: 8, totalPrice: 72 });
    });

    it('works out a percentage on a shelf from its lines alone, and keeps it on them', async () => {
      const hat = await addProduct(shop.database, { pricePence: 2000, category: 'hats' });
      const ring = await addProduct(shop.database, { pricePence: 3000, category: 'rings' });
      const { code } = await voucher({
        kind: 'percent',
        percent: 20,
        appliesTo: { categories: ['hats'] },
      });
      const lines = [
        { product: hat.id, qty: 1 },
        { product: ring.id, qty: 1 },
      ];
      const priced = await quote(lines, { voucher: code });
      expect(priced.lines.map((line) => [line.product, line.discount])).toEqual([
        [hat.id, 4],
        [ring.id, 0],
      ]);
      expect(priced).toMatchObject({ voucherDiscount: 4, shippingPrice: 3.95, totalPrice: 49.95 });
      const payment = await openPayment(shop, customer.token, lines, { voucher: code });
      const placed = await placeOrder(shop, customer.token, payment.id, lines, { voucher: code });
      expect(placed.statusCode, placed.body).toBe(201);
      const order = orderSchema.parse(placed.json());
      expect(order.orderItems.map((item) => [item.product, item.discount])).toEqual([
        [hat.id, 4],
        [ring.id, 0],
      ]);
      expect(order).toMatchObject({ voucher: `Offer ${code.slice(5)}`, voucherDiscount: 4 });
    });

    it('counts only its own lines towards its minimum spend', async () => {
      const hat = await addProduct(shop.database, { pricePence: 2000, category: 'hats' });
      const ring = await addProduct(shop.database, { pricePence: 5000, category: 'rings' });
      const { code } = await voucher({
        discount: 5,
        minSpend: 25,
        appliesTo: { categories: ['hats'] },
      });
      const short = await refusal(
        [
          { product: hat.id, qty: 1 },
          { product: ring.id, qty: 1 },
        ],
        { voucher: code },
      );
      expect(short).toEqual({
        status: 409,
        body: {
          code: 'VOUCHER_MIN_SPEND',
          message:
            'This voucher needs a spend of £25.00 on the items it applies to: add £5.00 more to use it',
        },
      });
      const met = await quote(
        [
          { product: hat.id, qty: 2 },
          { product: ring.id, qty: 1 },
        ],
        { voucher: code },
      );
      expect(met.lines.map((line) => line.discount)).toEqual([5, 0]);
      const elsewhere = await refusal([{ product: ring.id, qty: 1 }], { voucher: code });
      expect(elsewhere).toMatchObject({ status: 409, body: { code: 'VOUCHER_NOT_APPLICABLE' } });
    });

    it('answers as unknown before it starts', async () => {
      const hat = await addProduct(shop.database, { pricePence: 2000 });
      const { code } = await voucher({ discount: 2, starts: inDays(3) });
      expect(await refusal([{ product: hat.id, qty: 1 }], { voucher: code })).toEqual({
        status: 404,
        body: { code: 'VOUCHER_NOT_FOUND', message: 'That voucher code is not valid' },
      });
      expect((await call('GET', `/api/vouchers/code/${code}`, customer.token)).statusCode).toBe(
        404,
      );
    });

    it('takes the delivery off, for the services it names', async () => {
      const hat = await addProduct(shop.database, { pricePence: 2000 });
      const { code } = await voucher({ kind: 'delivery', services: ['tracked-24'] });
      const lines = [{ product: hat.id, qty: 1 }];
      expect(await quote(lines, { voucher: code, delivery: 'tracked-24' })).toMatchObject({
        shippingPrice: 4.95,
        voucherDiscount: 4.95,
        totalPrice: 20,
      });
      expect(await quote(lines, { voucher: code, delivery: 'tracked-48' })).toMatchObject({
        shippingPrice: 3.95,
        voucherDiscount: 0,
        totalPrice: 23.95,
        discounts: [],
        discountNote: `Your code ${code} takes nothing off this basket.`,
      });
    });

    it('takes no more than the items, so the order still pays its delivery', async () => {
      const hat = await addProduct(shop.database, { pricePence: 1500 });
      const { code } = await voucher({ discount: 40 });
      expect(await quote([{ product: hat.id, qty: 1 }], { voucher: code })).toMatchObject({
        voucherDiscount: 15,
        shippingPrice: 3.95,
        totalPrice: 3.95,
      });
    });

    it('spreads a percentage over awkward prices to the penny', async () => {
      const products = await Promise.all(
        [1, 2, 3].map(() => addProduct(shop.database, { pricePence: 333 })),
      );
      const { code } = await voucher({ kind: 'percent', percent: 10 });
      const lines = products.map((product) => ({ product: product.id, qty: 1 }));
      const priced = await quote(lines, { voucher: code });
      // 10% of £9.99 is 99.9p: £1.00, shared 34p, 33p, 33p, the first line taking the spare penny.
      expect(priced.lines.map((line) => line.discount)).toEqual([0.34, 0.33, 0.33]);
      expect(priced).toMatchObject({ itemsPrice: 9.99, voucherDiscount: 1, totalPrice: 12.94 });
      const payment = await openPayment(shop, customer.token, lines, { voucher: code });
      const placed = await placeOrder(shop, customer.token, payment.id, lines, { voucher: code });
      const rows = await shop.database.db
        .selectFrom('order_items')
        .select(['discount_pence', 'price_pence', 'qty'])
        .where('order_id', '=', orderSchema.parse(placed.json())._id)
        .orderBy('position')
        .execute();
      expect(rows).toEqual([
        { discount_pence: 34, price_pence: 333, qty: 1 },
        { discount_pence: 33, price_pence: 333, qty: 1 },
        { discount_pence: 33, price_pence: 333, qty: 1 },
      ]);
    });

    it('holds once per customer for a guest by their email, in any case', async () => {
      const hat = await addProduct(shop.database, { pricePence: 2000, countInStock: 9 });
      const { code } = await voucher({ discount: 3, oncePerCustomer: true });
      const lines = [{ product: hat.id, qty: 1 }];
      const guest = (email: string) => ({ voucher: code, email });
      const first = await openPayment(shop, undefined, lines, guest('Rae.Guest@example.com'));
      const placed = await placeOrder(
        shop,
        undefined,
        first.id,
        lines,
        guest('Rae.Guest@example.com'),
      );
      expect(placed.statusCode, placed.body).toBe(201);
      const again = await postAs(shop, undefined, '/api/payments', {
        orderItems: lines,
        shippingAddress: {
          name: 'Rae',
          address: '1 Lane',
          city: 'Leeds',
          postalCode: 'LS1 1AA',
          country: 'United Kingdom',
        },
        ...guest('RAE.GUEST@EXAMPLE.COM'),
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'VOUCHER_ALREADY_USED' });
    });

    it('refuses kinds without what they need, and names that are not there', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ kind: 'percent' }, 'percent'],
        [{ kind: 'percent', percent: 101 }, 'percent'],
        [{ kind: 'percent', percent: 10.5 }, 'percent'],
        [{ kind: 'amount', discount: -1 }, 'discount'],
        [{ kind: 'amount' }, 'discount'],
        [{ kind: 'amount', discount: 5, cap: 2 }, 'cap'],
        [{ kind: 'free' }, 'kind'],
        [
          { kind: 'percent', percent: 10, appliesTo: { categories: ['socks'] } },
          'appliesTo.categories.0',
        ],
        [{ kind: 'delivery', services: ['pigeon'] }, 'services'],
        [
          { kind: 'amount', discount: 5, appliesTo: { products: ['no-such-product'] } },
          'appliesTo.products',
        ],
        [{ discount: 5, starts: inDays(40).slice(0, 10) }, 'starts'],
      ];
      for (const [fields, path] of cases) {
        const response = await call('POST', '/api/vouchers', admin.token, {
          name: 'Bad',
          code: 'BADKIND',
          expires: inDays(30).slice(0, 10),
          ...fields,
        });
        expect(response.statusCode, JSON.stringify(fields)).toBe(400);
        expect(response.json<{ errors: { path: string }[] }>().errors.map((e) => e.path)).toContain(
          path,
        );
      }
      const stored = await shop.database.db
        .selectFrom('vouchers')
        .select('id')
        .where('code', '=', 'BADKIND')
        .execute();
      expect(stored).toEqual([]);
    });
  });

  describe('promotions', () => {
    it("are the back office's alone, and every change is audited", async () => {
      const body = {
        name: 'Scarves',
        kind: 'percent',
        percent: 10,
        starts: inDays(0),
        ends: inDays(1),
      };
      expect((await call('GET', '/api/promotions')).statusCode).toBe(401);
      expect((await call('GET', '/api/promotions', customer.token)).statusCode).toBe(403);
      expect((await call('POST', '/api/promotions', staff.token, body)).statusCode).toBe(403);
      const made = await promotion({ name: 'Audited', kind: 'delivery' });
      const saved = await call('PUT', `/api/promotions/${made._id}`, admin.token, {
        name: 'Audited again',
        kind: 'delivery',
        starts: made.starts,
        ends: made.ends,
      });
      expect(saved.json()).toMatchObject({ name: 'Audited again', state: 'live' });
      expect((await call('GET', `/api/promotions/${made._id}`, admin.token)).json()).toMatchObject({
        name: 'Audited again',
      });
      const listed = await call('GET', '/api/promotions', admin.token);
      expect(listed.json<{ promotions: Promotion[] }>().promotions.map((p) => p._id)).toContain(
        made._id,
      );
      expect((await call('DELETE', `/api/promotions/${made._id}`, admin.token)).statusCode).toBe(
        200,
      );
      expect((await call('GET', `/api/promotions/${made._id}`, admin.token)).statusCode).toBe(404);
      const audit = await call('GET', `/api/audit?q=Audited`, admin.token);
      const actions = audit
        .json<{ entries: { action: string; target: { id: string } }[] }>()
        .entries.filter((entry) => entry.target.id === made._id)
        .map((entry) => entry.action);
      expect(actions.sort()).toEqual([
        'promotion.created',
        'promotion.deleted',
        'promotion.updated',
      ]);
      const backwards = await call('POST', '/api/promotions', admin.token, {
        ...body,
        starts: inDays(2),
        ends: inDays(1),
      });
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json()).toMatchObject({ errors: [{ path: 'ends' }] });
    });

    it('apply without a code while live, the one that saves most', async () => {
      const scarf = await addProduct(shop.database, { pricePence: 4000, category: 'accessories' });
      const lines = [{ product: scarf.id, qty: 1 }];
      await withPromotion(
        { name: 'Past', kind: 'percent', percent: 50, starts: inDays(-5), ends: inDays(-1) },
        () =>
          withPromotion(
            {
              name: 'Ten off accessories',
              kind: 'percent',
              percent: 10,
              appliesTo: { categories: ['accessories'] },
            },
            () =>
              withPromotion({ name: 'Two pounds off', kind: 'amount', discount: 2 }, async () => {
                const priced = await quote(lines);
                expect(priced).toMatchObject({
                  promotionDiscount: 4,
                  voucherDiscount: 0,
                  totalPrice: 39.95,
                  discounts: [
                    { source: 'promotion', name: 'Ten off accessories', code: null, amount: 4 },
                  ],
                  discountNote: null,
                });
                const payment = await openPayment(shop, customer.token, lines);
                expect(payment).toMatchObject({ totalPrice: 39.95, promotionDiscount: 4 });
                const placed = await placeOrder(shop, customer.token, payment.id, lines);
                expect(orderSchema.parse(placed.json())).toMatchObject({
                  promotionDiscount: 4,
                  voucher: null,
                  discounts: [{ source: 'promotion', name: 'Ten off accessories', amount: 4 }],
                  orderItems: [{ discount: 4 }],
                });
              }),
          ),
      );
    });

    it('meet a code: the better of the two, or both when the code stacks', async () => {
      const scarf = await addProduct(shop.database, { pricePence: 5000, category: 'accessories' });
      const lines = [{ product: scarf.id, qty: 1 }];
      const small = await voucher({ discount: 3 });
      const big = await voucher({ discount: 8 });
      const stacking = await voucher({ discount: 3, stacks: true });
      await withPromotion({ name: 'Scarf week', kind: 'percent', percent: 10 }, async () => {
        expect(await quote(lines, { voucher: small.code })).toMatchObject({
          promotionDiscount: 5,
          voucherDiscount: 0,
          discounts: [{ source: 'promotion', name: 'Scarf week', amount: 5 }],
          discountNote: `Our “Scarf week” saves you more than your code ${small.code}, so the offer is used and your code is kept for another time: the two cannot be combined.`,
        });
        expect(await quote(lines, { voucher: big.code })).toMatchObject({
          promotionDiscount: 0,
          voucherDiscount: 8,
          discounts: [{ source: 'voucher', code: big.code, amount: 8 }],
        });
        const both = await quote(lines, { voucher: stacking.code });
        expect(both).toMatchObject({
          promotionDiscount: 5,
          voucherDiscount: 3,
          totalPrice: 45.95,
          discounts: [
            { source: 'promotion', amount: 5 },
            { source: 'voucher', code: stacking.code, amount: 3 },
          ],
        });
        // The promotion leaves £45, the code takes £3 of that: £8 off the line in all.
        expect(both.lines[0]?.discount).toBe(8);
        // A code the promotion beat is not used up.
        const payment = await openPayment(shop, customer.token, lines, { voucher: small.code });
        await placeOrder(shop, customer.token, payment.id, lines, { voucher: small.code });
        const uses = await shop.database.db
          .selectFrom('vouchers')
          .select('uses')
          .where('id', '=', small._id)
          .executeTakeFirstOrThrow();
        expect(uses.uses).toBe(0);
      });
    });

    it('take the delivery off an order over a spend', async () => {
      const scarf = await addProduct(shop.database, { pricePence: 4500 });
      await withPromotion(
        { name: 'Free delivery over £40', kind: 'delivery', minSpend: 40 },
        async () => {
          expect(await quote([{ product: scarf.id, qty: 1 }])).toMatchObject({
            shippingPrice: 3.95,
            promotionDiscount: 3.95,
            totalPrice: 45,
          });
          const cheap = await addProduct(shop.database, { pricePence: 1000 });
          expect(await quote([{ product: cheap.id, qty: 1 }])).toMatchObject({
            promotionDiscount: 0,
            totalPrice: 13.95,
          });
        },
      );
    });
  });
});
