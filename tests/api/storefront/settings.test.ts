import { NEW_SHOP_PAYMENTS } from '../../../src/shared/payments/payment-methods';
import {
  DEMO_DELIVERY_SERVICES,
  NEW_SHOP_DISPATCH,
} from '../../../src/shared/delivery/delivery-settings';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema } from '../../../src/shared/audit/audit';
import { deskSchema } from '../../../src/shared/desk/desk';
import { orderSchema } from '../../../src/shared/orders/orders';
import { quoteSchema } from '../../../src/shared/orders/checkout';
import { paymentConfigSchema } from '../../../src/shared/payments/payments';
import { settingsSchema, type Settings } from '../../../src/shared/settings/settings';
import { addUser, apiCaller, type TestUser } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { openPayment, placeOrder } from '../../support/order-fixtures';
import { startTestShop, type TestShop } from '../../support/test-shop';

/** A new shop's environment: every variable the settings are first written from. */
const ENVIRONMENT = {
  SHOP_NAME: 'Wren & Wool',
  SHOP_LEGAL_NAME: 'Wren and Wool Ltd',
  SHOP_ADDRESS: '9 Market Place, Hexham NE46 1XX, United Kingdom',
  SHOP_EMAIL: 'hello@wrenwool.example',
  SHOP_PHONE: '01434 000000',
  SHOP_VAT_NUMBER: 'GB 123 4567 89',
  SHOP_COMPANY_NUMBER: '12345678',
  GIFT_WRAP_PRICE: '2.75',
  LOW_STOCK: '4',
  VAT_STAGGER: '2',
  VAT_SCHEME: 'flat-rate',
  VAT_FLAT_RATE: '7.5',
};

/** What the environment above writes. */
const FROM_ENVIRONMENT: Settings = {
  version: 1,
  shop: {
    name: 'Wren & Wool',
    legalName: 'Wren and Wool Ltd',
    address: '9 Market Place, Hexham NE46 1XX, United Kingdom',
    email: 'hello@wrenwool.example',
    phone: '01434 000000',
    vatNumber: 'GB 123 4567 89',
    companyNumber: '12345678',
  },
  giftWrap: { price: 2.75 },
  lowStock: 4,
  vat: { stagger: 2, scheme: 'flat-rate', flatRate: 7.5 },
  returns: { days: 14, freeReturns: false },
  reviews: { holdNew: false },
  dispatch: NEW_SHOP_DISPATCH,
  banner: null,
  holiday: null,
  delivery: { services: DEMO_DELIVERY_SERVICES },
  collection: {
    address: '9 Market Place, Hexham NE46 1XX, United Kingdom',
    instructions:
      'Collect Monday to Friday, 10:00 to 16:00, once we have emailed you that your order is ready. ' +
      'Bring the order number.',
  },
  payments: NEW_SHOP_PAYMENTS,
  giftCards: { months: 24, vat: 'multi-purpose' },
  reminders: { afterMinutes: [60, 1440, 4320] },
  newsletter: { perMinute: 60 },
};

/** A holiday far enough ahead that no order this file places falls in it. */
const AWAY = {
  from: '2098-08-03',
  to: '2098-08-14',
  message: 'Away until 15 August: orders go out on the 17th.',
  pauseCheckout: true,
};

/** A service the owner adds: dearer than the rest, so the cheapest stays what it was. */
const PARCELFORCE = {
  id: 'parcelforce-48',
  name: 'Parcelforce Express 48',
  description: 'For the heaviest parcels',
  price: 14.5,
  freeOver: 250,
  maxItems: 20,
  maxWeightGrams: 30_000,
  days: { min: 2, max: 2 },
  tracked: true,
  signed: true,
  cover: 200,
  collect: false,
  active: true,
  serviceCode: 'PFE48',
};

/** Where the API says a value is wrong, what is wrong, and the sections that carry it. */
type BadSection = [path: string, what: string, change: (now: Settings) => Record<string, unknown>];

/** The delivery section with the first service changed as `change` says. */
const firstService = (settings: Settings, change: Record<string, unknown>) => ({
  services: settings.delivery.services.map((service, index) =>
    index === 0 ? { ...service, ...change } : service,
  ),
});

/** How long a save may take to reach another instance. */
const REACHES_EVERY_INSTANCE_MS = 5000;

describe.each(testDialects())('the settings on %s', (dialect) => {
  let folder: string;
  let shop: TestShop;
  let admin: TestUser;
  let staff: TestUser;
  let customer: TestUser;
  const call = apiCaller(() => shop);

  beforeAll(async () => {
    // A file, not memory, on SQLite: a second instance opens the same database.
    folder = await mkdtemp(path.join(tmpdir(), 'shop-settings-'));
    shop = await startTestShop(
      dialect,
      {
        ...ENVIRONMENT,
        ...(dialect === 'sqlite' ? { DATABASE_URL: `sqlite:${path.join(folder, 'shop.db')}` } : {}),
      },
      // A new shop's own services, as the environment's settings are written.
      { deliveryServices: DEMO_DELIVERY_SERVICES },
    );
    admin = await addUser(shop, { role: 'admin', name: 'Ada Admin' });
    staff = await addUser(shop, { role: 'staff' });
    customer = await addUser(shop, { name: 'Olive Order' });
  });
  afterAll(async () => {
    await shop.close();
    await rm(folder, { recursive: true, force: true });
  });

  async function read(on: TestShop = shop): Promise<Settings> {
    const response = await apiCaller(() => on)('GET', '/api/settings', admin.token);
    expect(response.statusCode, response.body).toBe(200);
    return settingsSchema.strict().parse(response.json());
  }

  /** Reads the settings, changes them as `change` says, and saves them whole. */
  async function save(change: (settings: Settings) => Settings): Promise<Settings> {
    const response = await call('PUT', '/api/settings', admin.token, change(await read()));
    expect(response.statusCode, response.body).toBe(200);
    return settingsSchema.strict().parse(response.json());
  }

  const settingsEntries = async () => {
    const response = await call('GET', '/api/audit?action=settings.updated', admin.token);
    return auditPageSchema.parse(response.json()).entries;
  };

  it('answers what the environment wrote on a new shop, at version 1', async () => {
    expect(await read()).toEqual(FROM_ENVIRONMENT);
  });

  it.each([
    ['GET', undefined],
    ['PUT', { version: 'nonsense' }],
    ['PUT', { ...FROM_ENVIRONMENT, holiday: AWAY }],
  ] as const)(
    'answers %s to admins alone, guests 401 and customers and staff 403 whatever the body',
    async (method, body) => {
      const guest = await call(method, '/api/settings', undefined, body);
      expect(guest.statusCode).toBe(401);
      expect(guest.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
      for (const user of [customer, staff]) {
        const refused = await call(method, '/api/settings', user.token, body);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
      }
    },
  );

  it('saves the whole document at the version it was read, with one audit entry of both', async () => {
    const before = await read();
    const entries = (await settingsEntries()).length;
    const changed = {
      ...before,
      shop: { ...before.shop, phone: '01434 111111' },
      returns: { days: 30, freeReturns: true },
    };
    const saved = await save(() => changed);
    expect(saved).toEqual({ ...changed, version: before.version + 1 });
    expect(await read()).toEqual(saved);

    const [entry, ...older] = await settingsEntries();
    expect(older).toHaveLength(entries);
    expect(entry).toMatchObject({
      action: 'settings.updated',
      actor: { _id: admin.id, name: 'Ada Admin', email: admin.email },
      target: { type: 'settings', id: 'settings', label: 'Settings' },
      before,
      after: saved,
    });
  });

  it('refuses a save at a version another save moved past with 409, and changes nothing', async () => {
    const read1 = await read();
    const read2 = await read();
    await save(() => ({ ...read1, lowStock: 6 }));
    const now = await read();
    const entries = (await settingsEntries()).length;

    const stale = await call('PUT', '/api/settings', admin.token, {
      ...read2,
      lowStock: 9,
      holiday: AWAY,
      delivery: { services: [...read2.delivery.services, PARCELFORCE] },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      code: 'SETTINGS_CHANGED',
      message:
        'Someone saved the settings after you opened them: load them again, then make your change.',
    });
    expect(await read()).toEqual(now);
    expect(await settingsEntries()).toHaveLength(entries);
  });

  it('refuses bad values with 400 and the path of each, and changes nothing', async () => {
    const now = await read();
    const bad = {
      ...now,
      shop: { ...now.shop, email: 'not an email', vatNumber: '123', name: '  ' },
      giftWrap: { price: -1 },
      lowStock: 2.5,
      returns: { days: 13, freeReturns: 'yes' },
      reviews: {},
    };
    const refused = await call('PUT', '/api/settings', admin.token, bad);
    expect(refused.statusCode).toBe(400);
    const body = refused.json<{ code: string; errors: { path: string }[] }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors.map((error) => error.path).sort()).toEqual([
      'giftWrap.price',
      'lowStock',
      'returns.days',
      'returns.freeReturns',
      'reviews.holdNew',
      'shop.email',
      'shop.name',
      'shop.vatNumber',
    ]);
    expect(await read()).toEqual(now);
  });

  it.each([
    ['vat.flatRate', { stagger: 1, scheme: 'flat-rate', flatRate: null }],
    ['vat.flatRate', { stagger: 1, scheme: 'standard', flatRate: 7.5 }],
    ['vat.flatRate', { stagger: 1, scheme: 'flat-rate', flatRate: 17 }],
    ['vat.stagger', { stagger: 4, scheme: 'standard', flatRate: null }],
    ['vat.scheme', { stagger: 1, scheme: 'cash', flatRate: null }],
  ])('refuses the VAT settings at %s: %j', async (where, vat) => {
    const now = await read();
    const refused = await call('PUT', '/api/settings', admin.token, { ...now, vat });
    expect(refused.statusCode).toBe(400);
    expect(
      refused.json<{ errors: { path: string }[] }>().errors.map((error) => error.path),
    ).toEqual([where]);
    expect(await read()).toEqual(now);
  });

  it('saves the posting days, closed days, holiday, banner, services and collection point, audited', async () => {
    const before = await read();
    const entries = (await settingsEntries()).length;
    const changed: Settings = {
      ...before,
      dispatch: {
        days: [1, 2, 3, 4],
        cutOff: '15:30',
        handlingDays: 2,
        closed: ['2098-12-24', '2098-12-29'],
      },
      banner: { text: 'Last day for Christmas: 18 December', from: '2098-12-01', to: '2098-12-18' },
      holiday: AWAY,
      delivery: {
        services: [
          ...before.delivery.services.map((service) =>
            service.id === 'special-delivery'
              ? { ...service, cover: 500, serviceCode: null }
              : service,
          ),
          PARCELFORCE,
        ],
      },
      collection: { address: 'Unit 4, Hexham Mart, NE46 3SG', instructions: 'Ring the bell.' },
    };
    const saved = await save(() => changed);
    expect(saved).toEqual({ ...changed, version: before.version + 1 });
    expect(await read()).toEqual(saved);

    const [entry, ...older] = await settingsEntries();
    expect(older).toHaveLength(entries);
    expect(entry).toMatchObject({
      action: 'settings.updated',
      actor: { _id: admin.id, name: 'Ada Admin', email: admin.email },
      target: { type: 'settings', id: 'settings', label: 'Settings' },
    });
    expect(entry?.before).toEqual(before);
    expect(entry?.after).toEqual(saved);
  });

  it.each<BadSection>([
    [
      'dispatch.cutOff',
      'a cut-off of 25:00',
      (now) => ({ dispatch: { ...now.dispatch, cutOff: '25:00' } }),
    ],
    [
      'dispatch.handlingDays',
      '11 handling days',
      (now) => ({ dispatch: { ...now.dispatch, handlingDays: 11 } }),
    ],
    ['dispatch.days', 'no posting days', (now) => ({ dispatch: { ...now.dispatch, days: [] } })],
    ['dispatch.days.0', 'a posting day 0', (now) => ({ dispatch: { ...now.dispatch, days: [0] } })],
    ['dispatch.days', 'Monday twice', (now) => ({ dispatch: { ...now.dispatch, days: [1, 1] } })],
    [
      'dispatch.closed.0',
      'a closed day of 30 February',
      (now) => ({ dispatch: { ...now.dispatch, closed: ['2026-02-30'] } }),
    ],
    [
      'holiday.to',
      'a holiday ending before it starts',
      () => ({ holiday: { ...AWAY, from: '2098-08-14', to: '2098-08-03' } }),
    ],
    [
      'banner.text',
      'a banner with no text',
      () => ({ banner: { text: ' ', from: '2098-12-01', to: '2098-12-18' } }),
    ],
    [
      'delivery.services',
      'no service offered',
      (now) => ({
        delivery: {
          services: now.delivery.services.map((service) => ({ ...service, active: false })),
        },
      }),
    ],
    [
      'delivery.services',
      'two services with one id',
      (now) => ({
        delivery: { services: [...now.delivery.services, { ...PARCELFORCE, id: 'tracked-48' }] },
      }),
    ],
    [
      'delivery.services.0.price',
      'a price below nothing',
      (now) => ({ delivery: firstService(now, { price: -1 }) }),
    ],
    [
      'delivery.services.0.days.max',
      'fewer days at most than at least',
      (now) => ({ delivery: firstService(now, { days: { min: 3, max: 2 } }) }),
    ],
    [
      'collection',
      'a collect service offered with no collection point',
      () => ({ collection: null }),
    ],
  ])('refuses %s with 400 for %s, and changes nothing', async (where, _what, change) => {
    const now = await read();
    const entries = (await settingsEntries()).length;
    const refused = await call('PUT', '/api/settings', admin.token, { ...now, ...change(now) });
    expect(refused.statusCode).toBe(400);
    const body = refused.json<{ code: string; errors: { path: string }[] }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors.map((error) => error.path)).toEqual([where]);
    expect(await read()).toEqual(now);
    expect(await settingsEntries()).toHaveLength(entries);
  });

  it('prices the next quote, and tells the checkout, at the gift wrap price saved', async () => {
    const scarf = await addProduct(shop.database, { pricePence: 2000, countInStock: 5 });
    const quoteWrapped = async () => {
      const quote = await call('POST', '/api/orders/quote', customer.token, {
        orderItems: [{ product: scarf.id, qty: 1 }],
        gift: { wrap: true },
      });
      return quote;
    };
    const wrapPrice = async () =>
      paymentConfigSchema.parse((await call('GET', '/api/config/paypal')).json()).giftWrapPrice;
    expect(quoteSchema.parse((await quoteWrapped()).json()).giftWrapPrice).toBe(2.75);

    await save((settings) => ({ ...settings, giftWrap: { price: 4.25 } }));
    expect(quoteSchema.parse((await quoteWrapped()).json())).toMatchObject({
      itemsPrice: 20,
      giftWrapPrice: 4.25,
    });
    expect(await wrapPrice()).toBe(4.25);

    await save((settings) => ({ ...settings, giftWrap: { price: 0 } }));
    const refused = await quoteWrapped();
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'GIFT_WRAP_UNAVAILABLE' });
    expect(await wrapPrice()).toBe(0);
  });

  it('lists on the desk, and in the low stock filter, what runs low by the level saved', async () => {
    const jumper = await addProduct(shop.database, { name: 'Fell Jumper', countInStock: 8 });
    const lowOnDesk = async () => {
      const desk = deskSchema.parse((await call('GET', '/api/admin/desk', staff.token)).json());
      return desk.lowStock.filter((item) => item.product === jumper.id);
    };
    const lowListed = async () => {
      const page = await call('GET', '/api/admin/products?stock=low', staff.token);
      return page.json<{ products: { _id: string }[] }>().products.some((p) => p._id === jumper.id);
    };
    await save((settings) => ({ ...settings, lowStock: 7 }));
    expect(await lowOnDesk()).toEqual([]);
    expect(await lowListed()).toBe(false);

    await save((settings) => ({ ...settings, lowStock: 8 }));
    expect(await lowOnDesk()).toEqual([
      {
        product: jumper.id,
        variant: null,
        name: 'Fell Jumper',
        variantLabel: null,
        countInStock: 8,
        waiting: 0,
      },
    ]);
    expect(await lowListed()).toBe(true);
  });

  it("mails the next order to the shop's email saved, and signs the customer's with its phone", async () => {
    await save((settings) => ({
      ...settings,
      shop: { ...settings.shop, email: 'orders@wrenwool.example', phone: '01434 222222' },
    }));
    expect((await call('GET', '/api/config/shop')).json()).toMatchObject({
      email: 'orders@wrenwool.example',
      phone: '01434 222222',
    });

    const brooch = await addProduct(shop.database, { pricePence: 3000, countInStock: 3 });
    const lines = [{ product: brooch.id, qty: 1 }];
    const payment = await openPayment(shop, customer.token, lines);
    const placed = await placeOrder(shop, customer.token, payment.id, lines);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = orderSchema.parse(placed.json());

    // Stored with the order, in its transaction: the mails it made, as they will go.
    const mails = await shop.database.db
      .selectFrom('mail_outbox')
      .select(['recipient', 'subject', 'text_body'])
      .where('subject', 'like', `%${order.orderNumber}%`)
      .orderBy('recipient')
      .execute();
    expect(mails.map(({ recipient, subject }) => ({ recipient, subject }))).toEqual([
      { recipient: customer.email, subject: `Your Wren & Wool order ${order.orderNumber}` },
      {
        recipient: 'orders@wrenwool.example',
        subject: `New order ${order.orderNumber} from Olive Order: £33.95`,
      },
    ]);
    expect(mails[0]?.text_body).toContain('orders@wrenwool.example · 01434 222222');
  });

  describe('with a second instance on the same database', () => {
    let second: TestShop;

    beforeAll(async () => {
      // Started again with other values: the document saved stands.
      second = await startTestShop(
        dialect,
        {
          ...ENVIRONMENT,
          ...(dialect === 'sqlite'
            ? { DATABASE_URL: `sqlite:${path.join(folder, 'shop.db')}` }
            : {}),
          JWT_SECRET: shop.config.jwtSecret,
          SHOP_PHONE: '0999 999999',
          GIFT_WRAP_PRICE: '9.99',
          LOW_STOCK: '1',
          VAT_SCHEME: 'standard',
          VAT_FLAT_RATE: '',
        },
        { sameDatabaseAs: shop },
      );
    });
    afterAll(() => second.close());

    it('keeps the saved document when a shop starts with other values in the environment', async () => {
      const saved = await read();
      expect(saved.version).toBeGreaterThan(1);
      expect(await read(second)).toEqual(saved);
      const shown = await second.request('/api/config/shop');
      expect(shown.status).toBe(200);
      expect(await shown.json()).toEqual(saved.shop);
    });

    it('shows a save made on one instance on the other within 5 seconds', async () => {
      const phoneOn = async (instance: TestShop) =>
        ((await (await instance.request('/api/config/shop')).json()) as { phone: string }).phone;
      expect(await phoneOn(second)).toBe((await read()).shop.phone);

      const savedAt = Date.now();
      await save((settings) => ({
        ...settings,
        shop: { ...settings.shop, phone: '01434 333333' },
      }));
      // This instance holds what it saved at once.
      expect(await phoneOn(shop)).toBe('01434 333333');
      let seen = await phoneOn(second);
      while (seen !== '01434 333333' && Date.now() - savedAt < REACHES_EVERY_INSTANCE_MS) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        seen = await phoneOn(second);
      }
      expect(seen).toBe('01434 333333');
    }, 15_000);
  });
});
