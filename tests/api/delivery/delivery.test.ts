import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWorkingDays, ukDayOf } from '../../../src/server/delivery/delivery-dates';
import { deliveryAnswerSchema, type DeliveryAnswer } from '../../../src/shared/delivery/delivery';
import {
  DEMO_DELIVERY_SERVICES,
  type DeliveryService,
} from '../../../src/shared/delivery/delivery-settings';
import { deskSchema } from '../../../src/shared/desk/desk';
import { orderSchema, type Order } from '../../../src/shared/orders/orders';
import { quoteSchema } from '../../../src/shared/orders/checkout';
import { providerPaymentAnswerSchema } from '../../../src/shared/payments/payments';
import { settingsSchema, type Settings } from '../../../src/shared/settings/settings';
import { addUser, apiCaller, type TestUser } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { outboxMailsTo } from '../../support/mail-messages';
import { ADDRESS, addVoucher, orderCount, postAs } from '../../support/order-fixtures';
import {
  payPalEnvironment,
  startPayPalStandIn,
  type PayPalStandIn,
} from '../../support/paypal-stand-in';
import { startTestShop, type TestShop } from '../../support/test-shop';

const COLLECTION = {
  address: 'The Studio, 4 Weaver Street, Hebden Bridge HX7 8AB',
  instructions: 'Ring the bell by the blue door.',
};

/** A customer who collects: a name and a phone number, no street. */
const COLLECTOR = { name: 'Cal Collect', phone: '07700 900123' };

const day = /^\d{4}-\d\d-\d\d$/;

describe.each(testDialects())('delivery the owner sets, on %s', (dialect) => {
  let paypal: PayPalStandIn;
  let shop: TestShop;
  let admin: TestUser;
  let staff: TestUser;
  let customer: TestUser;
  const call = apiCaller(() => shop);

  beforeAll(async () => {
    paypal = await startPayPalStandIn();
    shop = await startTestShop(dialect, payPalEnvironment(paypal), {
      deliveryServices: DEMO_DELIVERY_SERVICES,
    });
    admin = await addUser(shop, { role: 'admin', name: 'Ada Admin' });
    staff = await addUser(shop, { role: 'staff', name: 'Sam Staff' });
    customer = await addUser(shop, { name: 'Olive Order' });
    await change((settings) => ({ ...settings, collection: COLLECTION }));
  });
  afterAll(async () => {
    await shop.close();
    await paypal.close();
  });

  async function change(edit: (settings: Settings) => Settings): Promise<Settings> {
    const read = settingsSchema.parse((await call('GET', '/api/settings', admin.token)).json());
    const saved = await call('PUT', '/api/settings', admin.token, edit(read));
    if (saved.statusCode !== 200) throw new Error(`settings refused: ${saved.body}`);
    return settingsSchema.parse(saved.json());
  }

  /** Changes one of the demo's services for the rest of a test, then puts them back. */
  async function withService<T>(
    id: string,
    edit: Partial<DeliveryService>,
    run: () => Promise<T>,
  ): Promise<T> {
    await change((settings) => ({
      ...settings,
      delivery: {
        services: settings.delivery.services.map((service) =>
          service.id === id ? { ...service, ...edit } : service,
        ),
      },
    }));
    try {
      return await run();
    } finally {
      await change((settings) => ({
        ...settings,
        delivery: { services: DEMO_DELIVERY_SERVICES },
      }));
    }
  }

  async function deliveryFor(items?: string): Promise<DeliveryAnswer> {
    const response = await call('GET', `/api/delivery${items ? `?items=${items}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    return deliveryAnswerSchema.parse(response.json());
  }

  const offered = async (items: string) =>
    (await deliveryFor(items)).services.map(({ id, price }) => [id, price]);

  async function quote(lines: { product: string; qty: number }[], extra = {}) {
    return postAs(shop, customer.token, '/api/orders/quote', { orderItems: lines, ...extra });
  }

  /** Pays through PayPal for the lines by the service given; answers the order made. */
  async function buyBy(
    lines: { product: string; qty: number }[],
    extra: Record<string, unknown>,
    buyer: TestUser = customer,
  ): Promise<Order> {
    const body = { orderItems: lines, shippingAddress: ADDRESS, ...extra };
    const opened = await postAs(shop, buyer.token, '/api/payments', body);
    expect(opened.statusCode, opened.body).toBe(200);
    const payment = providerPaymentAnswerSchema.parse(opened.json());
    paypal.approve(payment.id, { email: 'olive@personal.example.com' });
    const placed = await postAs(shop, buyer.token, '/api/orders', {
      ...body,
      paymentMethod: 'PayPal',
      paymentResult: { id: payment.id },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = orderSchema.parse(placed.json());
    expect(order.totalPrice).toBe(payment.totalPrice);
    expect(paypal.orders.get(payment.id)?.purchaseUnit).toMatchObject({
      amount: { breakdown: { shipping: { value: order.shippingPrice.toFixed(2) } } },
    });
    return order;
  }

  it('answers every service on offer for one item, cheapest first, with their dates', async () => {
    const answer = await deliveryFor();
    expect(answer.services.map(({ id, price }) => [id, price])).toEqual([
      ['collect', 0],
      ['tracked-48', 3.95],
      ['tracked-24', 4.95],
      ['special-delivery', 9.95],
    ]);
    for (const { estimate } of answer.services) {
      expect(estimate.dispatch).toMatch(day);
      expect(estimate.from >= estimate.dispatch).toBe(true);
      expect(estimate.to >= estimate.from).toBe(true);
    }
    const [collect, , tracked24, special] = answer.services;
    // Ready the day it goes; the carriers' working days after it.
    expect(collect?.estimate.from).toBe(collect?.estimate.dispatch);
    expect(special?.estimate.from).toBe(addWorkingDays(special?.estimate.dispatch ?? '', 1));
    expect(tracked24?.estimate.to).toBe(addWorkingDays(tracked24?.estimate.dispatch ?? '', 2));
    expect(answer.collection).toEqual(COLLECTION);
    expect(answer.holiday).toBeNull();
    expect(answer.banner).toBeNull();
    expect(Date.parse(answer.dispatchCutOff)).toBeGreaterThan(Date.now());
  });

  it('offers a service with a cover only up to it: £99.99 and £100.00, not £100.01', async () => {
    const below = await addProduct(shop.database, { pricePence: 9999, countInStock: 9 });
    const at = await addProduct(shop.database, { pricePence: 10_000, countInStock: 9 });
    const above = await addProduct(shop.database, { pricePence: 10_001, countInStock: 9 });
    // Over £60, Tracked 48 costs nothing: as cheap as collecting, it comes first as the owner listed it.
    const all = [
      ['tracked-48', 0],
      ['collect', 0],
      ['tracked-24', 4.95],
      ['special-delivery', 9.95],
    ];
    expect(await offered(`${below.id}:1`)).toEqual(all);
    expect(await offered(`${at.id}:1`)).toEqual(all);
    expect(await offered(`${above.id}:1`)).toEqual([
      ['collect', 0],
      ['special-delivery', 9.95],
    ]);
    // The quote of a £100.01 ring, unasked, goes by Special Delivery; asked by Tracked 48, 409.
    const ring = [{ product: above.id, qty: 1 }];
    const unasked = quoteSchema.parse((await quote(ring)).json());
    expect(unasked).toMatchObject({ delivery: 'special-delivery', shippingPrice: 9.95 });
    expect(unasked.deliveryOptions.map((option) => option.id)).toEqual([
      'collect',
      'special-delivery',
    ]);
    const refused = await quote(ring, { delivery: 'tracked-48' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'DELIVERY_UNAVAILABLE',
      message:
        'Sorry, Royal Mail Tracked 48 is not available for this basket: please choose another way to send it',
    });
  });

  it('makes a service free from exactly its threshold, after the voucher', async () => {
    const sixty = await addProduct(shop.database, { pricePence: 6000, countInStock: 9 });
    const short = await addProduct(shop.database, { pricePence: 5999, countInStock: 9 });
    expect(quoteSchema.parse((await quote([{ product: sixty.id, qty: 1 }])).json())).toMatchObject({
      delivery: 'tracked-48',
      shippingPrice: 0,
      totalPrice: 60,
    });
    expect(quoteSchema.parse((await quote([{ product: short.id, qty: 1 }])).json())).toMatchObject({
      delivery: 'tracked-48',
      shippingPrice: 3.95,
      totalPrice: 63.94,
    });
    await addVoucher(shop.database, { code: 'PENNY', discountPence: 1 });
    const discounted = quoteSchema.parse(
      (await quote([{ product: sixty.id, qty: 1 }], { voucher: 'PENNY' })).json(),
    );
    expect(discounted).toMatchObject({ shippingPrice: 3.95, totalPrice: 63.94 });
  });

  it('leaves out a service for a basket over its weight or its number of items', async () => {
    const jumper = await addProduct(shop.database, { pricePence: 2000, countInStock: 9 });
    await shop.database.db
      .updateTable('products')
      .set({ weight_grams: 700 })
      .where('id', '=', jumper.id)
      .execute();
    await withService('tracked-48', { maxWeightGrams: 1400, maxItems: 3 }, async () => {
      expect((await offered(`${jumper.id}:2`)).map(([id]) => id)).toContain('tracked-48');
      // 2.1 kg: over Tracked 48's 1.4 kg.
      expect((await offered(`${jumper.id}:3`)).map(([id]) => id)).toEqual([
        'collect',
        'tracked-24',
        'special-delivery',
      ]);
    });
    const beanie = await addProduct(shop.database, { pricePence: 500, countInStock: 9 });
    await withService('tracked-48', { maxItems: 3 }, async () => {
      expect((await offered(`${beanie.id}:3`)).map(([id]) => id)).toContain('tracked-48');
      expect((await offered(`${beanie.id}:4`)).map(([id]) => id)).not.toContain('tracked-48');
    });
  });

  it('refuses a malformed basket with 400 and an item not on sale with 404', async () => {
    for (const items of ['x', 'p:0', 'p:1:2:3', 'p:v:', ':1', 'p:abc']) {
      const response = await call('GET', `/api/delivery?items=${items}`);
      expect(response.statusCode, items).toBe(400);
    }
    const missing = await call('GET', '/api/delivery?items=nothing-here:1');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'PRODUCT_UNAVAILABLE' });
  });

  it.each(DEMO_DELIVERY_SERVICES.filter((service) => !service.collect))(
    'sells by $name through PayPal, keeping the service and its dates',
    async (service) => {
      const product = await addProduct(shop.database, { pricePence: 4500, countInStock: 3 });
      const lines = [{ product: product.id, qty: 1 }];
      const quoted = quoteSchema.parse((await quote(lines, { delivery: service.id })).json());
      const option = quoted.deliveryOptions.find((candidate) => candidate.id === service.id);
      const order = await buyBy(lines, { delivery: service.id });
      expect(order.shippingPrice).toBe(service.price);
      expect(order.totalPrice).toBe(45 + service.price);
      expect(order.delivery).toEqual({
        service: service.id,
        name: service.name,
        price: service.price,
        tracked: service.tracked,
        signed: service.signed,
        collect: false,
        estimate: option?.estimate,
      });
      const read = orderSchema.parse(
        (await call('GET', `/api/orders/${order._id}`, customer.token)).json(),
      );
      expect(read.delivery).toEqual(order.delivery);
    },
  );

  it('binds the service to the payment: an order sent with another is refused', async () => {
    const product = await addProduct(shop.database, { pricePence: 4500, countInStock: 3 });
    const lines = [{ product: product.id, qty: 1 }];
    const body = { orderItems: lines, shippingAddress: ADDRESS, delivery: 'tracked-24' };
    const payment = providerPaymentAnswerSchema.parse(
      (await postAs(shop, customer.token, '/api/payments', body)).json(),
    );
    paypal.approve(payment.id, { email: 'olive@personal.example.com' });
    const before = await orderCount(shop.database);
    const placed = await postAs(shop, customer.token, '/api/orders', {
      ...body,
      delivery: 'special-delivery',
      paymentResult: { id: payment.id },
    });
    expect(placed.statusCode).toBe(409);
    expect(placed.json()).toMatchObject({ code: 'PAYMENT_BASKET_CHANGED' });
    expect(await orderCount(shop.database)).toBe(before);
  });

  it('takes a collect order without a street, makes it ready, then collected', async () => {
    const product = await addProduct(shop.database, { pricePence: 12_000, countInStock: 3 });
    const lines = [{ product: product.id, qty: 1 }];
    const noPhone = await postAs(shop, customer.token, '/api/payments', {
      orderItems: lines,
      shippingAddress: { name: COLLECTOR.name },
      delivery: 'collect',
    });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ path: 'shippingAddress.phone' }],
    });
    const noStreet = await postAs(shop, customer.token, '/api/payments', {
      orderItems: lines,
      shippingAddress: COLLECTOR,
      delivery: 'special-delivery',
    });
    expect(noStreet.statusCode).toBe(400);
    expect(
      noStreet.json<{ errors: { path: string }[] }>().errors.map((error) => error.path),
    ).toEqual(['shippingAddress.address', 'shippingAddress.city', 'shippingAddress.postalCode']);

    // A buyer of their own, whose mails are this order's alone.
    const collector = await addUser(shop, { name: COLLECTOR.name });
    const order = await buyBy(
      lines,
      { shippingAddress: COLLECTOR, delivery: 'collect' },
      collector,
    );
    expect(order).toMatchObject({
      shippingPrice: 0,
      totalPrice: 120,
      delivery: { service: 'collect', collect: true, price: 0 },
      shippingAddress: {
        name: COLLECTOR.name,
        phone: COLLECTOR.phone,
        address: '',
        city: '',
        postalCode: '',
      },
    });
    const desk = deskSchema.parse((await call('GET', '/api/admin/desk', staff.token)).json());
    expect(desk.toDispatch.find((waiting) => waiting._id === order._id)).toMatchObject({
      service: 'Collect from the studio',
      collect: true,
      dispatchBy: order.delivery?.estimate.dispatch,
    });

    const tracked = await call('PUT', `/api/orders/${order._id}/dispatched`, staff.token, {
      carrier: 'Royal Mail',
      trackingNumber: 'AB123456789GB',
    });
    expect(tracked.statusCode).toBe(400);
    expect(tracked.json()).toMatchObject({ errors: [{ path: 'trackingNumber' }] });
    const ready = await call('PUT', `/api/orders/${order._id}/dispatched`, staff.token, {});
    expect(ready.statusCode, ready.body).toBe(200);
    expect(orderSchema.parse(ready.json())).toMatchObject({ status: 'dispatched', tracking: null });
    const collected = await call('PUT', `/api/orders/${order._id}/delivered`, staff.token);
    expect(collected.statusCode).toBe(200);

    const outbox = path.join(shop.config.dataDir, 'outbox');
    const mails = await outboxMailsTo(outbox, collector.email, 3);
    const subjects = mails.map((mail) => mail.header('subject'));
    expect(subjects).toContain('Your Larkspur order is ready to collect');
    expect(subjects).toContain('Your Larkspur order has been collected');
    const readyMail = mails.find(
      (mail) => mail.header('subject') === 'Your Larkspur order is ready to collect',
    );
    expect(readyMail?.text).toContain(
      `Your order ${order.orderNumber} is ready to collect from ${COLLECTION.address}. ${COLLECTION.instructions}`,
    );
    expect(readyMail?.text).toContain(`To be collected by ${COLLECTOR.name} (${COLLECTOR.phone})`);
  });

  it('pauses checkout through the holiday, and moves the dates past it', async () => {
    const product = await addProduct(shop.database, { pricePence: 3000, countInStock: 3 });
    const lines = [{ product: product.id, qty: 1 }];
    const today = ukDayOf(new Date());
    const to = addWorkingDays(today, 3);
    const message = 'We are away until the 5th: orders open again then.';
    await change((settings) => ({
      ...settings,
      holiday: { from: today, to, message, pauseCheckout: true },
    }));
    try {
      const answer = await deliveryFor(`${product.id}:1`);
      expect(answer.holiday).toEqual({ from: today, to, message, pauseCheckout: true });
      for (const option of answer.services) expect(option.estimate.dispatch > to).toBe(true);

      const payments = await shop.database.db.selectFrom('payments').select('id').execute();
      const paused = await postAs(shop, customer.token, '/api/payments', {
        orderItems: lines,
        shippingAddress: ADDRESS,
      });
      expect(paused.statusCode).toBe(409);
      expect(paused.json()).toEqual({ code: 'SHOP_PAUSED', message });
      expect(await shop.database.db.selectFrom('payments').select('id').execute()).toHaveLength(
        payments.length,
      );
      // A quote still answers, with the dates after the holiday.
      const quoted = quoteSchema.parse((await quote(lines)).json());
      expect(quoted.deliveryOptions.every((option) => option.estimate.dispatch > to)).toBe(true);

      // Away, but taking orders: the dates move and payments open.
      await change((settings) => ({
        ...settings,
        holiday: { from: today, to, message, pauseCheckout: false },
      }));
      const order = await buyBy(lines, {});
      expect((order.delivery?.estimate.dispatch ?? '') > to).toBe(true);
    } finally {
      await change((settings) => ({ ...settings, holiday: null }));
    }
  });

  it('shows a banner only from its first day to its last', async () => {
    const today = ukDayOf(new Date());
    const banner = { text: 'Order by 18 December for Christmas', from: today, to: today };
    await change((settings) => ({ ...settings, banner }));
    try {
      expect((await deliveryFor()).banner).toEqual(banner);
      const later = addWorkingDays(today, 2);
      await change((settings) => ({ ...settings, banner: { ...banner, from: later, to: later } }));
      expect((await deliveryFor()).banner).toBeNull();
    } finally {
      await change((settings) => ({ ...settings, banner: null }));
    }
  });

  it('counts an order late from its own dispatch day on the desk', async () => {
    const product = await addProduct(shop.database, { pricePence: 3000, countInStock: 3 });
    const lines = [{ product: product.id, qty: 1 }];
    const due = await buyBy(lines, { delivery: 'special-delivery' });
    const overdue = await buyBy(lines, { delivery: 'special-delivery' });
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000);
    await shop.database.db
      .updateTable('orders')
      .set({ dispatch_by: ukDayOf(yesterday) })
      .where('id', '=', overdue._id)
      .execute();
    const desk = deskSchema.parse((await call('GET', '/api/admin/desk', staff.token)).json());
    const lateness = (id: string) => desk.toDispatch.find((waiting) => waiting._id === id)?.late;
    expect(lateness(due._id)).toBe(false);
    expect(lateness(overdue._id)).toBe(true);
    expect(desk.toDispatch.find((waiting) => waiting._id === due._id)).toMatchObject({
      service: 'Special Delivery Guaranteed by 1pm',
      collect: false,
      dispatchBy: due.delivery?.estimate.dispatch,
    });
  });
});
