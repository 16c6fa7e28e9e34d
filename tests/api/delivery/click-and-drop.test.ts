import { DEMO_DELIVERY_SERVICES } from '../../../src/shared/delivery/delivery-settings';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema } from '../../../src/shared/audit/audit';
import { trackingImportAnswerSchema } from '../../../src/shared/orders/click-and-drop';
import { orderSchema, type Order } from '../../../src/shared/orders/orders';
import { ukDay } from '../../../src/shared/uk-time';
import {
  addUser,
  apiCaller,
  bearer,
  freshAddress,
  type TestUser,
} from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import type { Lines } from '../../support/order-fixtures';
import { startTestShop, type TestShop } from '../../support/test-shop';

const GOLDEN = path.join(import.meta.dirname, 'golden', 'click-and-drop.csv');

/** Where the orders go: a name of two words, a gift's recipient with accents, a name of one. */
const OLIVE = {
  name: 'Olive Order',
  address: '12 Mill Lane',
  city: 'Hebden Bridge',
  postalCode: 'HX7 8AB',
  phone: '01422 845000',
};
const ZOE = {
  name: 'Zoë Brontë',
  address: '9 Orchard Row',
  line2: 'Top flat',
  city: 'Haworth',
  county: 'West Yorkshire',
  postalCode: 'BD22 8DR',
  phone: '+44 (0)7700 900123',
};
const CHER = {
  name: 'Cher',
  address: '=Flat 2, The Old Mill',
  line2: '"Riverside"',
  city: 'Todmorden',
  postalCode: 'OL14 5AB',
  phone: '07700 900456',
};

/** The moments the orders are taken to have been paid: a summer night and two autumn days. */
const PAID = {
  olive: '2026-06-30T23:30:00.000Z',
  zoe: '2026-10-26T00:30:00.000Z',
  cher: '2026-11-02T12:00:00.000Z',
};

describe.each(testDialects())('Royal Mail Click & Drop on %s', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  let staff: TestUser;
  let customer: TestUser;
  let cher: TestUser;
  let evie: TestUser;
  const call = apiCaller(() => shop);
  const orders: Record<'olive' | 'zoe' | 'cher' | 'collect' | 'evie', Order> = {} as never;
  let pendant: { id: string };
  let jumper: { id: string };
  let ring: { id: string };

  /** An order paid through the PayPal stand-in, as checkout places it. */
  async function paidOrder(
    token: string | undefined,
    lines: Lines,
    extra: Record<string, unknown>,
  ): Promise<Order> {
    const post = (url: string, payload: object) =>
      shop.app.inject({
        method: 'POST',
        url,
        payload,
        headers: token === undefined ? {} : bearer(token),
        remoteAddress: freshAddress(),
      });
    const body = { orderItems: lines, ...extra };
    const paying = await post('/api/payments', body);
    expect(paying.statusCode, paying.body).toBe(200);
    const placing = await post('/api/orders', {
      ...body,
      paymentResult: { id: paying.json<{ id: string }>().id },
    });
    expect(placing.statusCode, placing.body).toBe(201);
    return orderSchema.parse(placing.json());
  }

  const paidAt = (order: Order, at: string) =>
    shop.database.db
      .updateTable('orders')
      .set({ paid_at: at })
      .where('id', '=', order._id)
      .execute();

  beforeAll(async () => {
    shop = await startTestShop(dialect, {}, { deliveryServices: DEMO_DELIVERY_SERVICES });
    admin = await addUser(shop, { role: 'admin' });
    staff = await addUser(shop, { role: 'staff', name: 'Sam Packer' });
    customer = await addUser(shop, { name: 'Olive Order', email: 'olive@example.com' });
    cher = await addUser(shop, { name: 'Cher', email: 'cher@example.com' });
    evie = await addUser(shop, { name: 'Evie Earlier', email: 'evie@example.com' });
    const product = (name: string, pricePence: number, weightGrams: number) =>
      addProduct(shop.database, { name, pricePence, weightGrams, countInStock: 50 });
    pendant = await product('Silver Pendant', 4500, 20);
    jumper = await product('Aran Jumper', 4000, 450);
    ring = await product('Solitaire Ring', 12000, 15);

    orders.olive = await paidOrder(customer.token, [{ product: pendant.id, qty: 1 }], {
      shippingAddress: OLIVE,
      delivery: 'tracked-48',
      notes: 'Leave it with the neighbour at number 14',
    });
    orders.zoe = await paidOrder(undefined, [{ product: jumper.id, qty: 2 }], {
      email: 'george@example.com',
      buyer: { name: 'George Lamb' },
      shippingAddress: ZOE,
      gift: { message: 'Happy birthday, Zoë!', wrap: false },
      delivery: 'tracked-24',
    });
    orders.cher = await paidOrder(
      cher.token,
      [
        { product: ring.id, qty: 1 },
        { product: jumper.id, qty: 5 },
      ],
      { shippingAddress: CHER, delivery: 'special-delivery' },
    );
    orders.collect = await paidOrder(customer.token, [{ product: pendant.id, qty: 1 }], {
      shippingAddress: { name: 'Olive Order', phone: '01422 845000' },
      delivery: 'collect',
    });
    orders.evie = await paidOrder(evie.token, [{ product: pendant.id, qty: 1 }], {
      shippingAddress: { ...OLIVE, name: 'Evie Earlier' },
      delivery: 'tracked-48',
    });
    const sent = await call('PUT', `/api/orders/${orders.evie._id}/dispatched`, staff.token, {
      carrier: 'Royal Mail',
      trackingNumber: 'JK000000001GB',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await paidAt(orders.olive, PAID.olive);
    await paidAt(orders.zoe, PAID.zoe);
    await paidAt(orders.cher, PAID.cher);
  });
  afterAll(() => shop.close());

  /** The file with its order numbers named as the golden file names them. */
  const withNamedOrders = (text: string) =>
    text
      .replaceAll(orders.olive.orderNumber, '<olive>')
      .replaceAll(orders.zoe.orderNumber, '<zoe>')
      .replaceAll(orders.cher.orderNumber, '<cher>');

  /** The golden file's header and the rows named, in that order. */
  async function golden(...rows: ('olive' | 'zoe' | 'cher')[]): Promise<string> {
    const [header = '', ...lines] = (await readFile(GOLDEN, 'utf8')).trimEnd().split('\n');
    const row = (name: string) => lines.find((line) => line.startsWith(`<${name}>,`)) ?? '';
    return [header, ...rows.map(row)].map((line) => `${line}\r\n`).join('');
  }

  describe('the export', () => {
    it('answers staff and admins alone: guests 401, customers 403', async () => {
      for (const url of [
        '/api/exports/click-and-drop.csv?status=paid',
        `/api/exports/click-and-drop.csv?orders=${orders.olive._id}`,
      ]) {
        expect((await call('GET', url)).statusCode).toBe(401);
        const refused = await call('GET', url, customer.token);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
      }
    });

    it("writes every paid order waiting to be posted in Click & Drop's own columns, oldest first, collect orders left out", async () => {
      const file = await call('GET', '/api/exports/click-and-drop.csv?status=paid', staff.token);
      expect(file.statusCode, file.body).toBe(200);
      expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(file.headers['content-disposition']).toBe(
        `attachment; filename="click-and-drop-${ukDay(new Date())}.csv"`,
      );
      expect(file.body.startsWith('\uFEFF')).toBe(true);
      expect(withNamedOrders(file.body.slice(1))).toBe(await golden('olive', 'zoe', 'cher'));
    });

    it('writes the orders ticked, in the order ticked, leaving a collect order out', async () => {
      const ticked = [orders.cher._id, orders.collect._id, orders.olive._id].join(',');
      const file = await call(
        'GET',
        `/api/exports/click-and-drop.csv?orders=${ticked}`,
        staff.token,
      );
      expect(file.statusCode, file.body).toBe(200);
      expect(withNamedOrders(file.body.slice(1))).toBe(await golden('cher', 'olive'));
    });

    it.each([
      [
        '',
        'orders',
        'Choose the orders to export, or status=paid for every order waiting to be posted',
      ],
      ['?orders=,', 'orders', 'Please choose the orders to export'],
      [
        '?status=dispatched',
        'status',
        'The status to export is paid: the orders waiting to be posted',
      ],
    ])('refuses %j with 400 at its path', async (query, where, message) => {
      const refused = await call('GET', `/api/exports/click-and-drop.csv${query}`, staff.token);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: [{ path: where, message }],
      });
    });

    it('answers 404 for an order ticked that is not there, writing nothing', async () => {
      const refused = await call(
        'GET',
        `/api/exports/click-and-drop.csv?orders=${orders.olive._id},no-such-order`,
        staff.token,
      );
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ code: 'ORDER_NOT_FOUND', message: 'Order not found' });
    });
  });

  describe('the tracking import', () => {
    let late: Order;
    let early: Order;
    let untracked: Order;

    beforeAll(async () => {
      // Paid for Special Delivery, and a pendant whose despatch date comes before it was paid.
      late = await paidOrder(cher.token, [{ product: ring.id, qty: 1 }], {
        shippingAddress: CHER,
        delivery: 'special-delivery',
      });
      early = await paidOrder(cher.token, [{ product: pendant.id, qty: 1 }], {
        shippingAddress: CHER,
        delivery: 'tracked-48',
      });
      untracked = await paidOrder(cher.token, [{ product: pendant.id, qty: 2 }], {
        shippingAddress: CHER,
        delivery: 'tracked-48',
      });
    });

    const send = (file: string, dryRun: boolean, token = staff.token) =>
      shop.app.inject({
        method: 'POST',
        url: `/api/imports/tracking?dryRun=${String(dryRun)}`,
        headers: { ...bearer(token), 'content-type': 'text/csv' },
        payload: file,
      });

    /** `30/11/2026`: a UK day as Click & Drop writes it. */
    const british = (day: string) => day.split('-').reverse().join('/');
    const today = () => ukDay(new Date());
    const yesterday = () => ukDay(new Date(Date.now() - 24 * 60 * 60 * 1000));

    const despatched = () =>
      [
        'Order reference,Tracking number,Service,Despatch date',
        `${orders.olive.orderNumber},AB 123 456 785 GB,Royal Mail Tracked 48,${british(yesterday())}`,
        `${orders.zoe.orderNumber.toLowerCase().replace('-', '')},cd987654321gb,Tracked 24®,`,
        `${orders.cher.orderNumber},12345678,Special Delivery Guaranteed by 1pm,`,
        'ZZZZ-ZZZZ,EF111111111GB,,',
        `${orders.collect.orderNumber},GH222222222GB,,`,
        `${orders.olive.orderNumber},AB123456785GB,,`,
        `${orders.evie.orderNumber},JK333333333GB,,`,
        ',LM444444444GB,,',
        `${late.orderNumber},NP555555555GB,Royal Mail Tracked 48,${british(today())}`,
        `${early.orderNumber},QR666666666GB,,01/01/2020`,
        `${orders.cher.orderNumber.slice(0, 4)},ST777777777GB,,`,
        `${untracked.orderNumber.replace('-', ' ')},,,`,
      ].join('\r\n');

    const refusals = () => [
      {
        row: 4,
        reference: orders.cher.orderNumber,
        message: 'That is not a Royal Mail tracking number: they look like AB123456789GB',
      },
      { row: 5, reference: 'ZZZZ-ZZZZ', message: 'No order has the number ZZZZ-ZZZZ' },
      {
        row: 6,
        reference: orders.collect.orderNumber,
        message: `${orders.collect.orderNumber} is collected from the studio: it takes no tracking number`,
      },
      {
        row: 7,
        reference: orders.olive.orderNumber,
        message: `${orders.olive.orderNumber} is on row 2 already`,
      },
      {
        row: 8,
        reference: orders.evie.orderNumber,
        message: `${orders.evie.orderNumber} was dispatched already with Royal Mail JK000000001GB: if JK333333333GB is the right number, correct the tracking on the order`,
      },
      { row: 9, reference: '', message: 'This row has no order reference' },
      {
        row: 10,
        reference: late.orderNumber,
        message: `${late.orderNumber} was paid for Special Delivery Guaranteed by 1pm, but the file says it went by Royal Mail Tracked 48: if that is right, dispatch it on the order`,
      },
      {
        row: 11,
        reference: early.orderNumber,
        message: `The despatch date is before ${early.orderNumber} was paid, on ${new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' }).format(new Date())}`,
      },
      {
        row: 12,
        reference: orders.cher.orderNumber.slice(0, 4),
        message: `No order has the number ${orders.cher.orderNumber.slice(0, 4)}`,
      },
      {
        row: 13,
        reference: untracked.orderNumber.replace('-', ' '),
        message: `This row has no tracking number for ${untracked.orderNumber}`,
      },
    ];

    const orderNow = async (order: Order) =>
      orderSchema.parse((await call('GET', `/api/orders/${order._id}`, staff.token)).json());

    /** The dispatch mails waiting or sent to an address. */
    const dispatchMails = async (to: string) =>
      (
        await shop.database.db
          .selectFrom('mail_outbox')
          .select('text_body')
          .where('recipient', '=', to)
          .where('subject', 'like', '%order is on its way')
          .execute()
      ).map((mail) => mail.text_body);

    it('answers staff and admins alone: guests 401, customers 403', async () => {
      const file = despatched();
      const guest = await shop.app.inject({
        method: 'POST',
        url: '/api/imports/tracking?dryRun=true',
        headers: { 'content-type': 'text/csv' },
        payload: file,
      });
      expect(guest.statusCode).toBe(401);
      const refused = await send(file, true, customer.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    });

    it('refuses a file without the columns it needs, dispatching nothing', async () => {
      for (const [file, lacking] of [
        ['Order reference,Tracking\r\nAAAA-BBBB,AB123456785GB', 'has no Tracking number column'],
        ['Order,Tracking number\r\n', 'has no Order reference column'],
        ['Name,Postcode\r\nOlive,HX7 8AB', 'has no Order reference or Tracking number column'],
        ['', 'is empty'],
      ] as const) {
        const refused = await send(file, false);
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toEqual({
          code: 'IMPORT_REFUSED',
          message: `Nothing was dispatched: the file ${lacking}. Send the despatched orders file as Click & Drop exports it, with its Order reference and Tracking number columns.`,
        });
      }
      expect((await orderNow(orders.olive)).status).toBe('paid');
    });

    it('says in a dry run what it would dispatch and what it refuses, row by row, and changes and mails nothing', async () => {
      const answer = await send(despatched(), true);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(trackingImportAnswerSchema.parse(answer.json())).toEqual({
        dispatched: [orders.olive.orderNumber, orders.zoe.orderNumber],
        unchanged: [],
        refused: refusals(),
      });
      for (const order of [orders.olive, orders.zoe]) {
        expect(await orderNow(order)).toMatchObject({ status: 'paid', tracking: null });
      }
      expect(await dispatchMails('olive@example.com')).toEqual([]);
      expect(await dispatchMails('george@example.com')).toEqual([]);
    });

    it('dispatches each order with Royal Mail and its number, on its despatch date, mailed once and audited', async () => {
      const answer = await send(despatched(), false);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(trackingImportAnswerSchema.parse(answer.json())).toEqual({
        dispatched: [orders.olive.orderNumber, orders.zoe.orderNumber],
        unchanged: [],
        refused: refusals(),
      });
      const olive = await orderNow(orders.olive);
      expect(olive).toMatchObject({
        status: 'dispatched',
        tracking: {
          carrier: 'Royal Mail',
          number: 'AB123456785GB',
          url: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456785GB',
        },
      });
      expect(ukDay(olive.dispatchedAt ?? '')).toBe(yesterday());
      const zoe = await orderNow(orders.zoe);
      expect(zoe).toMatchObject({
        status: 'dispatched',
        tracking: { carrier: 'Royal Mail', number: 'CD987654321GB' },
      });
      expect(ukDay(zoe.dispatchedAt ?? '')).toBe(today());

      const [toOlive, ...moreToOlive] = await dispatchMails('olive@example.com');
      expect(moreToOlive).toEqual([]);
      expect(toOlive).toContain('It is travelling with Royal Mail, tracking number AB123456785GB.');
      const [toGeorge, ...moreToGeorge] = await dispatchMails('george@example.com');
      expect(moreToGeorge).toEqual([]);
      expect(toGeorge).toContain('tracking number CD987654321GB');

      const entries = auditPageSchema.parse(
        (
          await call(
            'GET',
            `/api/audit?action=order.dispatched&q=${orders.olive.orderNumber}`,
            admin.token,
          )
        ).json(),
      ).entries;
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        actor: { _id: staff.id, name: 'Sam Packer' },
        target: { type: 'order', id: orders.olive._id },
        after: { status: 'dispatched', carrier: 'Royal Mail', trackingNumber: 'AB123456785GB' },
      });
      for (const order of [orders.cher, orders.collect, late, early, untracked]) {
        expect((await orderNow(order)).status).toBe('paid');
      }
    });

    it('changes nothing and mails no one when the same file comes again', async () => {
      const answer = await send(despatched(), false);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(trackingImportAnswerSchema.parse(answer.json())).toEqual({
        dispatched: [],
        unchanged: [orders.olive.orderNumber, orders.zoe.orderNumber],
        refused: refusals(),
      });
      expect(await dispatchMails('olive@example.com')).toHaveLength(1);
      expect(await dispatchMails('george@example.com')).toHaveLength(1);
      expect((await orderNow(orders.olive)).tracking?.number).toBe('AB123456785GB');
    });

    it('refuses an order that is no longer waiting to be posted', async () => {
      const cancelled = await call('POST', `/api/orders/${early._id}/cancel`, cher.token, {});
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const answer = await send(
        ['Order reference,Tracking number', `${early.orderNumber},QR666666666GB`].join('\n'),
        false,
      );
      expect(trackingImportAnswerSchema.parse(answer.json())).toEqual({
        dispatched: [],
        unchanged: [],
        refused: [
          { row: 2, reference: early.orderNumber, message: `${early.orderNumber} was cancelled` },
        ],
      });
    });
  });
});
