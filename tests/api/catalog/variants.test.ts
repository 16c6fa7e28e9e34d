import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedToken } from '../../../src/server/http/signed-links';
import { adminProductSchema } from '../../../src/shared/catalog/catalog-admin';
import {
  productDetailSchema,
  productPageSchema,
  type Product,
} from '../../../src/shared/catalog/catalog';
import { orderSchema, type Order } from '../../../src/shared/orders/orders';
import { quoteSchema } from '../../../src/shared/orders/checkout';
import { providerPaymentAnswerSchema } from '../../../src/shared/payments/payments';
import { addUser, apiCaller, freshAddress, type TestUser } from '../../support/account-fixtures';
import { addProduct, addProductWithVariants } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { outboxMailsTo, waitForMail } from '../../support/mail-messages';
import { refuseInserts } from '../../support/refuse-inserts';
import {
  ADDRESS,
  openPayment,
  placeOrder,
  postAs,
  stockOf,
  type Lines,
} from '../../support/order-fixtures';
import { startTestShop, type TestShop } from '../../support/test-shop';

const SIZES = [{ name: 'Size', values: ['S', 'M', 'L'] }];
const CHAINS = [{ name: 'Chain length', values: ['45 cm', '55 cm', '70 cm'] }];

const PRODUCT = {
  name: 'Breton Stripe Tee',
  price: 32,
  image: '/uploads/tee.webp',
  brand: 'Tidewell & Co.',
  category: 't-shirts',
  countInStock: 0,
  description: 'A heavy cotton tee with a navy stripe.',
};

describe.each(testDialects())('options with their own stock on %s', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  let customer: TestUser;

  beforeAll(async () => {
    shop = await startTestShop(dialect, { PUBLIC_URL: 'https://shop.example.test' });
    admin = await addUser(shop, { role: 'admin', name: 'Ada Admin' });
    customer = await addUser(shop, { name: 'Vera Variant' });
  });
  afterAll(() => shop.close());

  const outbox = () => path.join(shop.config.dataDir, 'outbox');
  const call = apiCaller(() => shop);
  const productOf = async (id: string): Promise<Product> => {
    const response = await call('GET', `/api/products/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return productDetailSchema.parse(response.json());
  };
  const variantStock = async (id: string) =>
    Object.fromEntries(
      (await productOf(id)).variants.map((variant) => [
        Object.values(variant.options).join('/'),
        variant.countInStock,
      ]),
    );

  async function buy(lines: Lines, who = customer): Promise<Order> {
    const payment = await openPayment(shop, who.token, lines);
    const response = await placeOrder(shop, who.token, payment.id, lines);
    expect(response.statusCode, response.body).toBe(201);
    return orderSchema.parse(response.json());
  }

  /** A tee in S, M and L: M costs more, L is sold out. */
  async function aTee(stock = { S: 3, M: 2, L: 0 }) {
    const { product, variantIds } = await addProductWithVariants(
      shop.database,
      SIZES,
      [
        { options: { Size: 'S' }, pricePence: 3200, countInStock: stock.S },
        { options: { Size: 'M' }, pricePence: 3400, countInStock: stock.M },
        { options: { Size: 'L' }, pricePence: 3400, countInStock: stock.L },
      ],
      { name: 'Breton Stripe Tee', pricePence: 3200 },
    );
    const [small, medium, large] = variantIds as [string, string, string];
    return { product, small, medium, large };
  }

  describe('the product as the catalogue answers it', () => {
    it('lists options, variants and specifications, with the lowest price and the total stock', async () => {
      const { product, small, medium } = await aTee();
      const shown = await productOf(product.id);
      expect(shown.options).toEqual(SIZES);
      expect(shown.variants).toHaveLength(3);
      expect(shown.variants[0]).toEqual({
        _id: small,
        options: { Size: 'S' },
        sku: expect.any(String) as string,
        price: 32,
        compareAtPrice: null,
        countInStock: 3,
        weightGrams: 0,
      });
      expect(shown.variants[1]).toMatchObject({ _id: medium, price: 34, countInStock: 2 });
      expect(shown.price).toBe(32);
      expect(shown.countInStock).toBe(5);

      const page = productPageSchema.parse(
        (await call('GET', `/api/products?keyword=${encodeURIComponent('Breton')}`)).json(),
      );
      const listed = page.products.find((candidate) => candidate._id === product.id);
      expect(listed?.variants.map((variant) => variant._id)).toEqual(
        shown.variants.map((variant) => variant._id),
      );
    });

    it('keeps a product without options exactly as before', async () => {
      const scarf = await addProduct(shop.database, { pricePence: 4500, countInStock: 4 });
      const shown = await productOf(scarf.id);
      expect(shown).toMatchObject({ options: [], variants: [], specifications: [] });
      expect(shown.price).toBe(45);
      expect(shown.countInStock).toBe(4);
    });

    it('finds a product by one of its SKUs, whatever the case', async () => {
      const { product } = await addProductWithVariants(
        shop.database,
        SIZES,
        [{ options: { Size: 'S' }, sku: 'FISH-KNIT-S', countInStock: 1 }],
        { name: 'Fisherman Knit' },
      );
      const page = productPageSchema.parse(
        (await call('GET', '/api/products?keyword=fish-knit-s')).json(),
      );
      expect(page.products.map((found) => found._id)).toEqual([product.id]);
    });
  });

  describe('the owner editing options', () => {
    async function aDraft(): Promise<string> {
      const response = await call('POST', '/api/products', admin.token);
      return adminProductSchema.parse(response.json())._id;
    }
    const save = (id: string, body: object) =>
      call('PUT', `/api/products/${id}`, admin.token, { ...PRODUCT, ...body });

    it('saves groups, variants and specifications; price and stock follow the variants', async () => {
      const id = await aDraft();
      const response = await save(id, {
        options: CHAINS,
        variants: [
          { options: { 'Chain length': '45 cm' }, sku: 'STAR-45', price: 45, countInStock: 2 },
          { options: { 'Chain length': '55 cm' }, sku: 'STAR-55', price: 45, countInStock: 3 },
          { options: { 'Chain length': '70 cm' }, sku: 'STAR-70', price: 50, countInStock: 0 },
        ],
        specifications: [
          { label: 'Metal', value: 'Sterling silver (925)' },
          { label: 'Hallmark', value: 'London Assay Office' },
        ],
      });
      expect(response.statusCode, response.body).toBe(200);
      const saved = adminProductSchema.parse(response.json());
      expect(saved.price).toBe(45);
      expect(saved.countInStock).toBe(5);
      expect(saved.specifications).toEqual([
        { label: 'Metal', value: 'Sterling silver (925)' },
        { label: 'Hallmark', value: 'London Assay Office' },
      ]);
      expect(saved.variants.map((variant) => variant.sku)).toEqual([
        'STAR-45',
        'STAR-55',
        'STAR-70',
      ]);
    });

    it('keeps a variant sent with its id, adds those without, and removes the rest', async () => {
      const { product, small, medium } = await aTee();
      const response = await save(product.id, {
        options: [{ name: 'Size', values: ['S', 'M', 'XL'] }],
        variants: [
          { _id: medium, options: { Size: 'M' }, sku: 'TEE-M', price: 30, countInStock: 7 },
          { options: { Size: 'XL' }, sku: 'TEE-XL', price: 36, countInStock: 1 },
        ],
      });
      expect(response.statusCode, response.body).toBe(200);
      const shown = await productOf(product.id);
      expect(shown.variants.map((variant) => variant.options.Size)).toEqual(['M', 'XL']);
      expect(shown.variants[0]).toMatchObject({ _id: medium, price: 30, countInStock: 7 });
      expect(shown.variants.some((variant) => variant._id === small)).toBe(false);
      expect(shown.price).toBe(30);
      expect(shown.countInStock).toBe(8);
    });

    it('lets two kept variants swap their SKUs', async () => {
      const { product, small, medium } = await aTee();
      const before = await productOf(product.id);
      const [skuS, skuM] = before.variants.map((variant) => variant.sku);
      const response = await save(product.id, {
        options: [{ name: 'Size', values: ['S', 'M'] }],
        variants: [
          { _id: small, options: { Size: 'S' }, sku: skuM, price: 32, countInStock: 1 },
          { _id: medium, options: { Size: 'M' }, sku: skuS, price: 32, countInStock: 1 },
        ],
      });
      expect(response.statusCode, response.body).toBe(200);
      expect((await productOf(product.id)).variants.map((variant) => variant.sku)).toEqual([
        skuM,
        skuS,
      ]);
    });

    it('drops every variant when the options are removed', async () => {
      const { product } = await aTee();
      const response = await save(product.id, { price: 20, countInStock: 6 });
      expect(response.statusCode, response.body).toBe(200);
      const shown = await productOf(product.id);
      expect(shown).toMatchObject({ options: [], variants: [], price: 20, countInStock: 6 });
    });

    const S = { options: { Size: 'S' }, sku: 'BAD-S', price: 10, countInStock: 1 };
    it.each([
      ['options without variants', { options: SIZES, variants: [] }, 'VARIANTS_MISSING'],
      ['variants without options', { options: [], variants: [S] }, 'VARIANTS_MISSING'],
      [
        'an incomplete combination',
        {
          options: [...SIZES, { name: 'Colour', values: ['Navy'] }],
          variants: [S],
        },
        'VARIANT_INCOMPLETE',
      ],
      [
        'a duplicate combination',
        { options: SIZES, variants: [S, { ...S, sku: 'BAD-S2' }] },
        'VARIANT_DUPLICATE',
      ],
      [
        'an unknown option value',
        { options: SIZES, variants: [{ ...S, options: { Size: 'XXL' } }] },
        'OPTION_VALUE_UNKNOWN',
      ],
      [
        'an unknown option group',
        { options: SIZES, variants: [{ ...S, options: { Size: 'S', Metal: 'Gold' } }] },
        'OPTION_VALUE_UNKNOWN',
      ],
      [
        'one SKU on two variants',
        {
          options: SIZES,
          variants: [S, { ...S, options: { Size: 'M' } }],
        },
        'SKU_TAKEN',
      ],
      [
        'negative stock',
        { options: SIZES, variants: [{ ...S, countInStock: -1 }] },
        'VALIDATION_FAILED',
      ],
      [
        'a price of nothing',
        { options: SIZES, variants: [{ ...S, price: 0 }] },
        'VALIDATION_FAILED',
      ],
      [
        'four option groups',
        {
          options: ['A', 'B', 'C', 'D'].map((name) => ({ name, values: ['x'] })),
          variants: [],
        },
        'VALIDATION_FAILED',
      ],
      [
        'a value listed twice',
        { options: [{ name: 'Size', values: ['S', 'S'] }], variants: [S] },
        'VALIDATION_FAILED',
      ],
      [
        'a variant id of another product',
        { options: SIZES, variants: [{ ...S, _id: 'not-this-products' }] },
        'VARIANT_UNKNOWN',
      ],
      [
        'a specification without a value',
        { specifications: [{ label: 'Metal', value: ' ' }] },
        'VALIDATION_FAILED',
      ],
    ])('refuses %s with 400 and changes nothing', async (_case, body, code) => {
      const { product } = await aTee();
      const before = await productOf(product.id);
      const response = await save(product.id, body);
      expect(response.statusCode, response.body).toBe(code === 'SKU_TAKEN' ? 409 : 400);
      expect(response.json()).toMatchObject({ code, message: expect.any(String) as string });
      expect(await productOf(product.id)).toEqual(before);
    });

    it('refuses a SKU another product uses with 409, changing nothing', async () => {
      const { product: other } = await aTee();
      const taken = (await productOf(other.id)).variants[0]?.sku ?? '';
      const { product } = await aTee();
      const before = await productOf(product.id);
      const response = await save(product.id, {
        options: SIZES,
        variants: [{ options: { Size: 'S' }, sku: taken, price: 10, countInStock: 1 }],
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'SKU_TAKEN' });
      expect(await productOf(product.id)).toEqual(before);
    });

    it('shows the back office each variant, and the stock they add up to', async () => {
      const { product } = await aTee();
      const response = await call('GET', `/api/admin/products/${product.id}`, admin.token);
      const shown = adminProductSchema.parse(response.json());
      expect(shown.countInStock).toBe(5);
      expect(shown.variants.filter((variant) => variant.countInStock === 0)).toHaveLength(1);
    });
  });

  describe('buying a variant', () => {
    it('needs a variant of a product sold in options, and one of its own', async () => {
      const { product, small } = await aTee();
      const { small: otherSmall } = await aTee();
      const plain = await addProduct(shop.database, { countInStock: 3 });
      const cases: [Lines, string][] = [
        [[{ product: product.id, qty: 1 }], 'VARIANT_REQUIRED'],
        [[{ product: product.id, variant: otherSmall, qty: 1 }], 'VARIANT_UNKNOWN'],
        [[{ product: product.id, variant: 'no-such-variant', qty: 1 }], 'VARIANT_UNKNOWN'],
        [[{ product: plain.id, variant: small, qty: 1 }], 'VARIANT_UNKNOWN'],
      ];
      for (const [lines, code] of cases) {
        for (const url of ['/api/orders/quote', '/api/payments']) {
          const response = await postAs(shop, customer.token, url, {
            orderItems: lines,
            shippingAddress: ADDRESS,
          });
          expect(response.statusCode, `${url} ${response.body}`).toBe(400);
          expect(response.json()).toMatchObject({ code });
        }
      }
      const twice = await postAs(shop, customer.token, '/api/orders/quote', {
        orderItems: [
          { product: product.id, variant: small, qty: 1 },
          { product: product.id, variant: small, qty: 1 },
        ],
      });
      expect(twice.statusCode).toBe(400);
    });

    it("prices each line at its variant's price through quote, payment and order", async () => {
      const { product, small, medium } = await aTee();
      const lines = [
        { product: product.id, variant: small, qty: 1 },
        { product: product.id, variant: medium, qty: 2 },
      ];
      const quote = quoteSchema.parse(
        (await postAs(shop, customer.token, '/api/orders/quote', { orderItems: lines })).json(),
      );
      expect(quote.lines).toEqual([
        expect.objectContaining({ variant: small, variantLabel: 'Size: S', price: 32, qty: 1 }),
        expect.objectContaining({ variant: medium, variantLabel: 'Size: M', price: 34, qty: 2 }),
      ]);
      // 32 + 2 x 34 = 100: free delivery.
      expect(quote.totalPrice).toBe(100);
      const payment = providerPaymentAnswerSchema.parse(
        (
          await postAs(shop, customer.token, '/api/payments', {
            orderItems: lines,
            shippingAddress: ADDRESS,
            expectedTotal: 100,
          })
        ).json(),
      );
      expect(payment.totalPrice).toBe(100);
      const response = await placeOrder(shop, customer.token, payment.id, lines);
      expect(response.statusCode, response.body).toBe(201);
      const order = orderSchema.parse(response.json());
      expect(order.orderItems).toEqual([
        expect.objectContaining({ variant: small, variantLabel: 'Size: S', price: 32, qty: 1 }),
        expect.objectContaining({ variant: medium, variantLabel: 'Size: M', price: 34, qty: 2 }),
      ]);
      expect(order.totalPrice).toBe(100);
      expect(await variantStock(product.id)).toEqual({ S: 2, M: 0, L: 0 });
      expect(await stockOf(shop.database, product.id)).toBe(2);

      const mail = await waitForMail(
        outbox(),
        customer.email,
        (candidate) => candidate.text?.includes(order._id) ?? false,
      );
      expect(mail?.text).toContain('1 x Breton Stripe Tee (Size: S)');
      expect(mail?.text).toContain('2 x Breton Stripe Tee (Size: M)');
    });

    it('refuses a sold-out size by name, leaving the others alone', async () => {
      const { product, large } = await aTee();
      const response = await postAs(shop, customer.token, '/api/payments', {
        orderItems: [{ product: product.id, variant: large, qty: 1 }],
        shippingAddress: ADDRESS,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'INSUFFICIENT_STOCK',
        message: 'Sorry, Breton Stripe Tee (Size: L) is out of stock',
      });
    });

    it('sells the last 2 of one size to exactly 2 of 10 buyers at once; other sizes untouched', async () => {
      const { product, medium } = await aTee({ S: 4, M: 2, L: 1 });
      const lines = [{ product: product.id, variant: medium, qty: 1 }];
      const buyers = await Promise.all(Array.from({ length: 10 }, () => addUser(shop)));
      const payments = await Promise.all(
        buyers.map(async (buyer) => ({
          buyer,
          payment: await openPayment(shop, buyer.token, lines),
        })),
      );
      const answers = await Promise.all(
        payments.map(({ buyer, payment }) => placeOrder(shop, buyer.token, payment.id, lines)),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(2);
      expect(statuses.filter((status) => status === 409)).toHaveLength(8);
      for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
        expect(refused.json<{ message: string }>().message).toMatch(
          /^Sorry, Breton Stripe Tee \(Size: M\) (sold out while you were paying|is out of stock)/,
        );
      }
      expect(await variantStock(product.id)).toEqual({ S: 4, M: 0, L: 1 });
      expect(await stockOf(shop.database, product.id)).toBe(5);
    });

    it('keeps order lines, their variant and label, when the variant and then the product go', async () => {
      const { product, small, medium } = await aTee();
      const order = await buy([{ product: product.id, variant: small, qty: 1 }]);
      const removeSmall = await call('PUT', `/api/products/${product.id}`, admin.token, {
        ...PRODUCT,
        options: SIZES,
        variants: [
          { _id: medium, options: { Size: 'M' }, sku: 'GONE-M', price: 34, countInStock: 2 },
        ],
      });
      expect(removeSmall.statusCode, removeSmall.body).toBe(200);
      expect((await call('DELETE', `/api/products/${product.id}`, admin.token)).statusCode).toBe(
        200,
      );
      const kept = orderSchema.parse(
        (await call('GET', `/api/orders/${order._id}`, customer.token)).json(),
      );
      expect(kept.orderItems).toEqual([
        expect.objectContaining({
          name: 'Breton Stripe Tee',
          variant: small,
          variantLabel: 'Size: S',
          price: 32,
          qty: 1,
        }),
      ]);
    });

    it('puts a cancelled variant back on its own shelf', async () => {
      const { product, medium } = await aTee();
      const order = await buy([{ product: product.id, variant: medium, qty: 2 }]);
      expect(await variantStock(product.id)).toEqual({ S: 3, M: 0, L: 0 });
      const response = await call('POST', `/api/orders/${order._id}/cancel`, customer.token);
      expect(response.statusCode, response.body).toBe(200);
      expect(await variantStock(product.id)).toEqual({ S: 3, M: 2, L: 0 });
      expect(await stockOf(shop.database, product.id)).toBe(5);
    });
  });

  describe('back-in-stock alerts', () => {
    const ask = (productId: string, body: unknown, from = freshAddress()) =>
      shop.app.inject({
        method: 'POST',
        url: `/api/products/${productId}/alerts`,
        payload: body as object,
        remoteAddress: from,
      });
    const waiting = async (productId: string) =>
      (
        await shop.database.db
          .selectFrom('stock_alerts')
          .select('email')
          .where('product_id', '=', productId)
          .execute()
      ).map((row) => row.email);
    const restock = (productId: string, variants: object[]) =>
      call('PUT', `/api/products/${productId}`, admin.token, {
        ...PRODUCT,
        options: SIZES,
        variants,
      });
    /** A mail sent after everything before it: once it arrives, earlier mails have been sent. */
    async function mailsSettled() {
      const sentinel = await addProduct(shop.database, { countInStock: 0 });
      const email = `sentinel-${sentinel.id}@example.com`;
      expect((await ask(sentinel.id, { email })).statusCode).toBe(201);
      await call('PUT', `/api/products/${sentinel.id}`, admin.token, {
        ...PRODUCT,
        countInStock: 1,
      });
      expect(await waitForMail(outbox(), email, () => true)).toBeDefined();
    }

    it('refuses what cannot be awaited', async () => {
      const { product, small, large } = await aTee();
      const plain = await addProduct(shop.database, { countInStock: 0 });
      const email = 'alert@example.com';
      const cases: [string, unknown, number, string][] = [
        [product.id, { email }, 400, 'VARIANT_REQUIRED'],
        [product.id, { email, variant: 'elsewhere' }, 400, 'VARIANT_UNKNOWN'],
        [plain.id, { email, variant: large }, 400, 'VARIANT_UNKNOWN'],
        [product.id, { email: 'not-an-email', variant: large }, 400, 'VALIDATION_FAILED'],
        [product.id, { variant: large }, 400, 'VALIDATION_FAILED'],
        [product.id, { email, variant: small }, 409, 'ALREADY_IN_STOCK'],
        ['no-such-product', { email }, 404, 'PRODUCT_NOT_FOUND'],
      ];
      for (const [id, body, status, code] of cases) {
        const response = await ask(id, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(status);
        expect(response.json()).toMatchObject({ code });
      }
      expect(await waiting(product.id)).toEqual([]);
    });

    it('mails each waiting address once when its size comes back, and not while it stays at 0', async () => {
      const { product, small, medium, large } = await aTee();
      const first = 'first-waiting@example.com';
      const second = 'second-waiting@example.com';
      expect((await ask(product.id, { email: first, variant: large })).statusCode).toBe(201);
      // Asking again changes nothing.
      const again = await ask(product.id, { email: first, variant: large });
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual({
        message: "Thank you: we will email you once when it's back in stock",
      });
      expect((await ask(product.id, { email: second, variant: large })).statusCode).toBe(201);
      expect((await waiting(product.id)).sort()).toEqual([first, second]);

      const sizes = (l: number, s = 3) => [
        { _id: small, options: { Size: 'S' }, sku: `${product.id}-S`, price: 32, countInStock: s },
        { _id: medium, options: { Size: 'M' }, sku: `${product.id}-M`, price: 34, countInStock: 2 },
        { _id: large, options: { Size: 'L' }, sku: `${product.id}-L`, price: 34, countInStock: l },
      ];
      // Another size restocked: L is still sold out, so its alerts keep waiting.
      expect((await restock(product.id, sizes(0, 9))).statusCode).toBe(200);
      expect((await waiting(product.id)).sort()).toEqual([first, second]);

      expect((await restock(product.id, sizes(4))).statusCode).toBe(200);
      expect(await waiting(product.id)).toEqual([]);
      const mail = await waitForMail(
        outbox(),
        first,
        (candidate) => candidate.header('subject')?.startsWith('Back in stock') ?? false,
      );
      expect(mail?.header('subject')).toBe('Back in stock: Breton Stripe Tee (Size: L)');
      expect(mail?.text).toContain(
        `https://shop.example.test/product/${product.id}?variant=${large}`,
      );
      expect(await waitForMail(outbox(), second, () => true)).toBeDefined();

      // Sold out and restocked again: the alert was spent, so no second mail.
      expect((await restock(product.id, sizes(0))).statusCode).toBe(200);
      expect((await restock(product.id, sizes(5))).statusCode).toBe(200);
      await mailsSettled();
      expect(await outboxMailsTo(outbox(), first, 0)).toHaveLength(1);

      // The mail's link cancels an alert.
      const cancel = /https:\/\/shop\.example\.test\/stock-alerts\/cancel\/(\S+)/.exec(
        mail?.text ?? '',
      )?.[1];
      expect(cancel).toBeDefined();
      const cancelled = await call('POST', `/api/stock-alerts/cancel/${cancel ?? ''}`);
      expect(cancelled.statusCode).toBe(200);
      const forged = await call('POST', `/api/stock-alerts/cancel/${cancel ?? ''}x`);
      expect(forged.statusCode).toBe(400);
      expect(forged.json()).toMatchObject({ code: 'ALERT_LINK_INVALID' });
    });

    it('cancels an alert with its link before it is sent', async () => {
      const { product, large } = await aTee();
      // The cancel link comes only in a mail; a link for this alert is made the same way.
      expect(
        (await ask(product.id, { email: 'changed-mind@example.com', variant: large })).statusCode,
      ).toBe(201);
      const [row] = await shop.database.db
        .selectFrom('stock_alerts')
        .select('id')
        .where('product_id', '=', product.id)
        .execute();
      const token = signedToken(shop.config.jwtSecret, 'cancel-stock-alert', row?.id ?? '');
      expect((await call('POST', `/api/stock-alerts/cancel/${token}`)).statusCode).toBe(200);
      expect(await waiting(product.id)).toEqual([]);
    });

    it('mails when a cancelled order puts a sold-out size back', async () => {
      const { product, medium } = await aTee();
      const order = await buy([{ product: product.id, variant: medium, qty: 2 }]);
      const email = 'waiting-for-m@example.com';
      expect((await ask(product.id, { email, variant: medium })).statusCode).toBe(201);
      expect(
        (await call('POST', `/api/orders/${order._id}/cancel`, customer.token)).statusCode,
      ).toBe(200);
      const mail = await waitForMail(outbox(), email, () => true);
      expect(mail?.header('subject')).toBe('Back in stock: Breton Stripe Tee (Size: M)');
    });

    it('mails about a product sold one way when a restocked refund brings it back', async () => {
      const scarf = await addProduct(shop.database, { name: 'Last Scarf', countInStock: 1 });
      const order = await buy([{ product: scarf.id, qty: 1 }]);
      const email = 'scarf-fan@example.com';
      expect((await ask(scarf.id, { email })).statusCode).toBe(201);
      const refund = await call('POST', `/api/orders/${order._id}/refunds`, admin.token, {
        amount: order.itemsPrice,
        reason: 'Returned unworn',
        restock: [{ product: scarf.id, qty: 1 }],
      });
      expect(refund.statusCode, refund.body).toBe(200);
      const mail = await waitForMail(outbox(), email, () => true);
      expect(mail?.header('subject')).toBe('Back in stock: Last Scarf');
      expect(mail?.text).toContain(`https://shop.example.test/product/${scarf.id}\n`);
    });

    it('keeps an alert waiting when its mail cannot be stored, and mails it at the next restock', async () => {
      const hat = await addProduct(shop.database, { name: 'Patient Beanie', countInStock: 0 });
      const email = 'patient-waiter@example.com';
      expect((await ask(hat.id, { email })).statusCode).toBe(201);
      const stock = (countInStock: number) =>
        call('PUT', `/api/products/${hat.id}`, admin.token, { ...PRODUCT, countInStock });
      await refuseInserts(shop, 'mail_outbox', true);
      try {
        // The restock stands; the alert is not spent on a mail that was never kept.
        expect((await stock(2)).statusCode).toBe(200);
      } finally {
        await refuseInserts(shop, 'mail_outbox', false);
      }
      expect(await waiting(hat.id)).toEqual([email]);
      expect((await stock(0)).statusCode).toBe(200);
      expect((await stock(3)).statusCode).toBe(200);
      const mail = await waitForMail(outbox(), email, () => true);
      expect(mail?.header('subject')).toMatch(/^Back in stock: /);
      expect(mail?.text).toContain(`https://shop.example.test/product/${hat.id}\n`);
      expect(await waiting(hat.id)).toEqual([]);
    });

    it('limits alerts like the newsletter: 20 an hour from one address', async () => {
      const { product, large } = await aTee();
      const from = freshAddress();
      const statuses: number[] = [];
      for (let index = 0; index < 21; index += 1) {
        const response = await ask(
          product.id,
          { email: `many-${index}@example.com`, variant: large },
          from,
        );
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true);
      expect(statuses[20]).toBe(429);
    });
  });
});
