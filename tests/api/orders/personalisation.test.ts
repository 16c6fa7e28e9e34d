import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema } from '../../../src/shared/audit/audit';
import { adminProductSchema } from '../../../src/shared/catalog/catalog-admin';
import { productDetailSchema } from '../../../src/shared/catalog/catalog';
import type { PersonalisationOffer } from '../../../src/shared/catalog/personalisation';
import { yourDataSchema } from '../../../src/shared/accounts/your-data';
import { deskSchema } from '../../../src/shared/desk/desk';
import { quoteSchema } from '../../../src/shared/orders/checkout';
import { slipsSchema } from '../../../src/shared/orders/order-desk';
import { orderSchema, type Order } from '../../../src/shared/orders/orders';
import { providerPaymentAnswerSchema } from '../../../src/shared/payments/payments';
import { addUser, apiCaller, bearer, type TestUser } from '../../support/account-fixtures';
import { addProduct, addProductWithVariants } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { ADDRESS, postAs, stockOf } from '../../support/order-fixtures';
import { startTestShop, type TestShop } from '../../support/test-shop';

/** The demo disc's engraving: two lines of twelve letters, £8 and £1 a letter. */
const ENGRAVING: PersonalisationOffer = {
  label: 'Engraving',
  maxLength: 12,
  lines: 2,
  characters: 'letters',
  pricePence: 800,
  pricePerCharacterPence: 100,
  required: false,
};

/** The disc, as the back office's form sends it. */
const DISC = {
  name: 'Engravable Disc Pendant',
  price: 38,
  image: '/uploads/disc.webp',
  brand: 'Saltmarsh Silver',
  category: 'pendants',
  countInStock: 6,
  description: 'A smooth sterling silver disc.',
};

type Line = { product: string; qty: number; variant?: string; personalisation?: string };

describe.each(testDialects())('personalised items on %s', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  let staff: TestUser;
  let customer: TestUser;
  const call = apiCaller(() => shop);

  beforeAll(async () => {
    shop = await startTestShop(dialect);
    admin = await addUser(shop, { role: 'admin', name: 'Ada Admin' });
    staff = await addUser(shop, { role: 'staff', name: 'Sam Staff' });
    customer = await addUser(shop, { name: 'Jo Engraved' });
  });
  afterAll(() => shop.close());

  const aDisc = (offer: Partial<PersonalisationOffer> = {}, countInStock = 6) =>
    addProduct(shop.database, {
      name: DISC.name,
      category: 'pendants',
      pricePence: 3800,
      countInStock,
      personalisation: { ...ENGRAVING, ...offer },
    });

  const quote = (lines: Line[], token?: string) =>
    postAs(shop, token, '/api/orders/quote', { orderItems: lines });

  const pay = (lines: Line[], extra: Record<string, unknown> = {}, token = customer.token) =>
    postAs(shop, token, '/api/payments', {
      orderItems: lines,
      shippingAddress: ADDRESS,
      ...extra,
    });

  const order = (
    lines: Line[],
    paymentId: string,
    extra: Record<string, unknown> = {},
    token = customer.token,
  ) =>
    postAs(shop, token, '/api/orders', {
      orderItems: lines,
      shippingAddress: ADDRESS,
      paymentResult: { id: paymentId },
      ...extra,
    });

  /** Pays for the lines with the tick given, and answers the order made. */
  async function bought(lines: Line[], token = customer.token): Promise<Order> {
    const terms = { personalisationTerms: true };
    const payment = await pay(lines, terms, token);
    expect(payment.statusCode, payment.body).toBe(200);
    const { id } = providerPaymentAnswerSchema.parse(payment.json());
    const placed = await order(lines, id, terms, token);
    expect(placed.statusCode, placed.body).toBe(201);
    return orderSchema.strict().parse(placed.json());
  }

  const delivered = async (placed: Order) => {
    for (const step of ['dispatched', 'delivered']) {
      const moved = await call('PUT', `/api/orders/${placed._id}/${step}`, staff.token);
      expect(moved.statusCode, moved.body).toBe(200);
    }
  };

  const mailsTo = async (recipient: string) =>
    (
      await shop.database.db
        .selectFrom('mail_outbox')
        .select(['subject', 'text_body', 'html_body'])
        .where('recipient', '=', recipient)
        .orderBy('created_at')
        .execute()
    ).map((mail) => ({ subject: mail.subject, text: mail.text_body, html: mail.html_body }));

  describe('the owner’s offer', () => {
    it('is set in a product save, answered with the product, kept when left out, ended by null, and audited', async () => {
      const plain = await addProduct(shop.database, { ...DISC, pricePence: 3800 });
      const offer = {
        label: 'Engraving',
        maxLength: 12,
        lines: 2,
        characters: 'letters',
        price: 8,
        pricePerCharacter: 1,
        required: false,
      };
      const saved = await call('PUT', `/api/products/${plain.id}`, admin.token, {
        ...DISC,
        personalisation: { ...offer, label: '  Engraving ' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(adminProductSchema.parse(saved.json()).personalisation).toEqual(offer);
      const page = productDetailSchema.parse(
        (await call('GET', `/api/products/${plain.id}`)).json(),
      );
      expect(page.personalisation).toEqual(offer);

      // Left out, it stays; null ends it.
      const kept = await call('PUT', `/api/products/${plain.id}`, admin.token, DISC);
      expect(adminProductSchema.parse(kept.json()).personalisation).toEqual(offer);
      const ended = await call('PUT', `/api/products/${plain.id}`, admin.token, {
        ...DISC,
        personalisation: null,
      });
      expect(adminProductSchema.parse(ended.json()).personalisation).toBeNull();

      const audit = auditPageSchema.parse(
        (await call('GET', `/api/audit?q=${encodeURIComponent(DISC.name)}`, admin.token)).json(),
      );
      const changes = audit.entries.filter(
        (entry) => entry.action === 'product.updated' && entry.target.id === plain.id,
      );
      expect(changes.map((entry) => entry.after)).toEqual(
        expect.arrayContaining([{ personalisation: offer }, { personalisation: null }]),
      );
    });

    it('refuses an offer out of bounds, one on a gift card, and any change by staff', async () => {
      const plain = await addProduct(shop.database, { ...DISC, pricePence: 3800 });
      const offer = {
        label: 'Engraving',
        maxLength: 12,
        lines: 2,
        characters: 'letters',
        price: 8,
        pricePerCharacter: 1,
      };
      for (const [wrong, path] of [
        [{ lines: 4 }, 'personalisation.lines'],
        [{ maxLength: 61 }, 'personalisation.maxLength'],
        [{ maxLength: 0 }, 'personalisation.maxLength'],
        [{ characters: 'emoji' }, 'personalisation.characters'],
        [{ price: -1 }, 'personalisation.price'],
        [{ pricePerCharacter: 0.001 }, 'personalisation.pricePerCharacter'],
        [{ label: ' ' }, 'personalisation.label'],
      ] as const) {
        const refused = await call('PUT', `/api/products/${plain.id}`, admin.token, {
          ...DISC,
          personalisation: { ...offer, ...wrong },
        });
        expect(refused.statusCode, JSON.stringify(wrong)).toBe(400);
        expect(refused.json()).toMatchObject({
          code: 'VALIDATION_FAILED',
          errors: [expect.objectContaining({ path })],
        });
      }
      const card = await call('PUT', `/api/products/${plain.id}`, admin.token, {
        ...DISC,
        category: 'gift-cards',
        personalisation: offer,
      });
      expect(card.statusCode).toBe(400);
      expect(card.json()).toMatchObject({ errors: [{ path: 'personalisation' }] });

      const byStaff = await call('PUT', `/api/products/${plain.id}`, staff.token, {
        ...DISC,
        personalisation: offer,
      });
      expect(byStaff.statusCode).toBe(403);
    });

    it('travels in the products file for people to read, and an import leaves it as it is', async () => {
      const disc = await aDisc();
      const exported = await call('GET', '/api/exports/products.csv', admin.token);
      const rows = parse<Record<string, string>>(exported.body, { bom: true, columns: true });
      const row = rows.find((each) => each.product === disc.id);
      expect(row?.personalisation).toBe(
        'Engraving: 2 lines of 12 characters (letters), 8.00 plus 1.00 a character, optional',
      );
      const changed = exported.body.replace(row?.personalisation ?? '', 'Nothing at all');
      const imported = await shop.app.inject({
        method: 'POST',
        url: '/api/imports/products?dryRun=false',
        headers: { ...bearer(admin.token), 'content-type': 'text/csv' },
        payload: changed,
      });
      expect(imported.statusCode, imported.body).toBe(200);
      const after = productDetailSchema.parse(
        (await call('GET', `/api/products/${disc.id}`)).json(),
      );
      expect(after.personalisation).toMatchObject({ label: 'Engraving', lines: 2 });
    });
  });

  describe('pricing a text', () => {
    it('adds the price and a price a character, spaces not counted, to each item', async () => {
      const disc = await aDisc();
      const priced = await quote([
        { product: disc.id, qty: 2, personalisation: 'A & J' },
        { product: disc.id, qty: 1, personalisation: 'A&J' },
        { product: disc.id, qty: 1, personalisation: '  Love  always\r\n J ' },
      ]);
      expect(priced.statusCode, priced.body).toBe(200);
      const { lines, itemsPrice } = quoteSchema.parse(priced.json());
      expect(
        lines.map(({ personalisation, personalisationLabel, personalisationPrice, price }) => ({
          personalisation,
          personalisationLabel,
          personalisationPrice,
          price,
        })),
      ).toEqual([
        // £8 and three letters at £1: the spaces are free.
        {
          personalisation: 'A & J',
          personalisationLabel: 'Engraving',
          personalisationPrice: 11,
          price: 49,
        },
        {
          personalisation: 'A&J',
          personalisationLabel: 'Engraving',
          personalisationPrice: 11,
          price: 49,
        },
        // Each line trimmed; eleven letters.
        {
          personalisation: 'Love  always\nJ',
          personalisationLabel: 'Engraving',
          personalisationPrice: 19,
          price: 57,
        },
      ]);
      expect(itemsPrice).toBe(49 * 2 + 49 + 57);
    });

    it('prices the same item without a text at its own price, and a variant’s text on its price', async () => {
      const disc = await aDisc();
      const { product, variantIds } = await addProductWithVariants(
        shop.database,
        [{ name: 'Chain length', values: ['45 cm', '70 cm'] }],
        [
          { options: { 'Chain length': '45 cm' }, countInStock: 3, pricePence: 3800 },
          { options: { 'Chain length': '70 cm' }, countInStock: 3, pricePence: 4300 },
        ],
        { name: 'Engraved Locket', personalisation: ENGRAVING },
      );
      const priced = quoteSchema.parse(
        (
          await quote([
            { product: disc.id, qty: 1 },
            { product: product.id, variant: variantIds[1] ?? '', qty: 1, personalisation: 'MUM' },
          ])
        ).json(),
      );
      expect(priced.lines.map((line) => [line.price, line.personalisationPrice])).toEqual([
        [38, 0],
        [54, 11],
      ]);
      expect(priced.lines[0]?.personalisation).toBeNull();
    });
  });

  describe('the rules a text is judged by', () => {
    it.each([
      [
        {},
        'Abcdefghijklm',
        'PERSONALISATION_TOO_LONG',
        'The engraving can be at most 12 characters (it has 13)',
      ],
      [
        {},
        'A & J\nAbcdefghijklm',
        'PERSONALISATION_TOO_LONG',
        'Line 2 of the engraving can be at most 12 characters (it has 13)',
      ],
      [
        {},
        'A\nB\nC',
        'PERSONALISATION_TOO_MANY_LINES',
        'The engraving can be at most 2 lines (this has 3)',
      ],
      [
        {},
        'Zoë',
        'PERSONALISATION_CHARACTER',
        "The engraving cannot hold “ë”: only letters A to Z, spaces and & . ' -",
      ],
      [
        {},
        '12.06.26',
        'PERSONALISATION_CHARACTER',
        "The engraving cannot hold “1”: only letters A to Z, spaces and & . ' -",
      ],
      [
        { characters: 'letters-digits' },
        'No. 1!',
        'PERSONALISATION_CHARACTER',
        "The engraving cannot hold “!”: only letters A to Z, numbers 0 to 9, spaces and & . ' -",
      ],
      [
        { characters: 'printable' },
        'a <b>',
        'PERSONALISATION_CHARACTER',
        'The engraving cannot hold “<”: only letters, numbers, spaces and symbols, but not < or >',
      ],
      [
        { required: true },
        '  ',
        'PERSONALISATION_REQUIRED',
        'Please give the engraving for Engravable Disc Pendant',
      ],
    ] as const)(
      'refuses %j with %j: 400 %s, naming the rule',
      async (offer, text, code, message) => {
        const disc = await aDisc(offer);
        const line = { product: disc.id, qty: 1, personalisation: text };
        for (const refused of [
          await quote([line]),
          await pay([line], { personalisationTerms: true }),
        ]) {
          expect(refused.statusCode, refused.body).toBe(400);
          expect(refused.json()).toEqual({
            code,
            message,
            errors: [{ path: 'orderItems.0.personalisation', message }],
          });
        }
      },
    );

    it('refuses no text for an item sold only personalised, and a text for one that offers none', async () => {
      const required = await aDisc({ required: true });
      const missing = await quote([{ product: required.id, qty: 1 }]);
      expect(missing.json()).toMatchObject({ code: 'PERSONALISATION_REQUIRED' });
      const chain = await addProduct(shop.database, { name: 'Trace Chain', pricePence: 2500 });
      const notOffered = await quote([
        { product: required.id, qty: 1, personalisation: 'A' },
        { product: chain.id, qty: 1, personalisation: 'A & J' },
      ]);
      expect(notOffered.statusCode).toBe(400);
      expect(notOffered.json()).toEqual({
        code: 'PERSONALISATION_NOT_OFFERED',
        message: 'Trace Chain cannot be personalised',
        errors: [
          { path: 'orderItems.1.personalisation', message: 'Trace Chain cannot be personalised' },
        ],
      });
    });

    it('takes printable text in any letters but < and >, and counts a letter with its accent as one', async () => {
      const disc = await aDisc({ characters: 'printable', maxLength: 5 });
      const priced = await quote([{ product: disc.id, qty: 1, personalisation: 'Zoe\u0301 ♥' }]);
      expect(priced.statusCode, priced.body).toBe(200);
      // Z, o, é and ♥ at £1: the space is free.
      expect(quoteSchema.parse(priced.json()).lines[0]?.personalisationPrice).toBe(12);
    });
  });

  describe('the same item with two texts', () => {
    it('is two lines of one order, each with its text and price, from one stock', async () => {
      const digits = await aDisc({ characters: 'letters-digits' });
      const twoTexts = [
        { product: digits.id, qty: 1, personalisation: 'A & J' },
        { product: digits.id, qty: 2, personalisation: 'M & T\n2026' },
        { product: digits.id, qty: 1 },
      ];
      const placed = await bought(twoTexts);
      expect(
        placed.orderItems.map(
          ({ qty, price, personalisation, personalisationLabel, personalisationPrice }) => ({
            qty,
            price,
            personalisation,
            personalisationLabel,
            personalisationPrice,
          }),
        ),
      ).toEqual([
        {
          qty: 1,
          price: 49,
          personalisation: 'A & J',
          personalisationLabel: 'Engraving',
          personalisationPrice: 11,
        },
        {
          qty: 2,
          // £8 and seven characters at £1.
          price: 53,
          personalisation: 'M & T\n2026',
          personalisationLabel: 'Engraving',
          personalisationPrice: 15,
        },
        {
          qty: 1,
          price: 38,
          personalisation: undefined,
          personalisationLabel: undefined,
          personalisationPrice: undefined,
        },
      ]);
      expect(await stockOf(shop.database, digits.id)).toBe(6 - 4);
      // The shop's own copy is read back the same.
      const again = orderSchema.parse(
        (await call('GET', `/api/orders/${placed._id}`, customer.token)).json(),
      );
      expect(again.orderItems).toEqual(placed.orderItems);

      // Together they may not take more than the stock holds.
      const short = await quote(twoTexts.map((line) => ({ ...line, qty: 1 })));
      expect(short.statusCode).toBe(409);
      expect(short.json()).toEqual({
        code: 'INSUFFICIENT_STOCK',
        message: `Sorry, only 2 of ${DISC.name} are left in stock (you asked for 3)`,
      });
    });

    it('is on the desk’s list to make, a line for each text, and the item without one is not', async () => {
      const placed = await bought([
        { product: (await aDisc()).id, qty: 1, personalisation: 'A & J' },
        { product: (await aDisc()).id, qty: 2, personalisation: 'M & T\nForever' },
        { product: (await aDisc()).id, qty: 1 },
      ]);
      const desk = deskSchema.parse((await call('GET', '/api/admin/desk', staff.token)).json());
      const mine = desk.toMake.filter((line) => line.order === placed._id);
      expect(
        mine.map(({ qty, name, personalisation, madeToOrder, preorder, dueDay, late }) => ({
          qty,
          name,
          personalisation,
          madeToOrder,
          preorder,
          dueDay,
          late,
        })),
      ).toEqual([
        {
          qty: 1,
          name: DISC.name,
          personalisation: { label: 'Engraving', text: 'A & J' },
          madeToOrder: null,
          preorder: null,
          dueDay: placed.delivery?.estimate.dispatch,
          late: false,
        },
        {
          qty: 2,
          name: DISC.name,
          personalisation: { label: 'Engraving', text: 'M & T\nForever' },
          madeToOrder: null,
          preorder: null,
          dueDay: placed.delivery?.estimate.dispatch,
          late: false,
        },
      ]);
    });

    it('is refused twice with one text, as any line named twice is', async () => {
      const disc = await aDisc();
      const twice = await quote([
        { product: disc.id, qty: 1, personalisation: 'A & J' },
        { product: disc.id, qty: 1, personalisation: ' A & J ' },
      ]);
      expect(twice.statusCode).toBe(400);
      expect(twice.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    });

    it('binds a payment to its texts: an order for another text takes nothing', async () => {
      const disc = await aDisc();
      const terms = { personalisationTerms: true };
      const payment = await pay([{ product: disc.id, qty: 1, personalisation: 'A & J' }], terms);
      const { id } = providerPaymentAnswerSchema.parse(payment.json());
      const other = await order(
        [{ product: disc.id, qty: 1, personalisation: 'A & K' }],
        id,
        terms,
      );
      expect(other.statusCode).toBe(409);
      expect(other.json()).toMatchObject({ code: 'PAYMENT_BASKET_CHANGED' });
    });
  });

  describe('the tick before paying', () => {
    it('is asked of a payment and an order with a personalised line, and of no other', async () => {
      const disc = await aDisc();
      const lines = [{ product: disc.id, qty: 1, personalisation: 'A & J' }];
      for (const terms of [{}, { personalisationTerms: false }]) {
        const refused = await pay(lines, terms);
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toMatchObject({
          code: 'PERSONALISATION_TERMS',
          errors: [{ path: 'personalisationTerms' }],
        });
      }
      const payment = await pay(lines, { personalisationTerms: true });
      expect(payment.statusCode, payment.body).toBe(200);
      const { id } = providerPaymentAnswerSchema.parse(payment.json());
      const unticked = await order(lines, id);
      expect(unticked.statusCode).toBe(400);
      expect(unticked.json()).toMatchObject({ code: 'PERSONALISATION_TERMS' });
      const ledger = await shop.database.db
        .selectFrom('payments')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(ledger.status).toBe('opened');
      const placed = await order(lines, id, { personalisationTerms: true });
      expect(placed.statusCode, placed.body).toBe(201);

      // The same item unpersonalised needs no tick.
      const plain = await pay([{ product: disc.id, qty: 1 }]);
      expect(plain.statusCode, plain.body).toBe(200);
    });
  });

  describe('the right to cancel', () => {
    it('is not the buyer’s once paid: the customer and a guest’s link are refused, 409', async () => {
      const disc = await aDisc();
      const placed = await bought([{ product: disc.id, qty: 1, personalisation: 'A & J' }]);
      const refused = await call('POST', `/api/orders/${placed._id}/cancel`, customer.token);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'ORDER_NOT_CANCELLABLE' });
      expect(refused.json<{ message: string }>().message).toContain('personalised');
      const still = orderSchema.parse(
        (await call('GET', `/api/orders/${placed._id}`, customer.token)).json(),
      );
      expect(still.status).toBe('paid');

      const guest = { email: 'guest.engraved@example.com', buyer: { name: 'Gus Guest' } };
      const lines = [{ product: disc.id, qty: 1, personalisation: 'G' }];
      const asGuest = { ...guest, shippingAddress: ADDRESS, personalisationTerms: true };
      const payment = await postAs(shop, undefined, '/api/payments', {
        orderItems: lines,
        ...asGuest,
      });
      expect(payment.statusCode, payment.body).toBe(200);
      const guestOrder = orderSchema.parse(
        (
          await postAs(shop, undefined, '/api/orders', {
            orderItems: lines,
            paymentResult: { id: providerPaymentAnswerSchema.parse(payment.json()).id },
            ...asGuest,
          })
        ).json(),
      );
      const key = new URL(guestOrder.orderLink ?? '').searchParams.get('key') ?? '';
      const byLink = await call('POST', `/api/orders/${guestOrder._id}/cancel?key=${key}`);
      expect(byLink.statusCode).toBe(409);
      expect(byLink.json()).toMatchObject({ code: 'ORDER_NOT_CANCELLABLE' });
    });

    it('stays the shop’s: the owner cancels, the stock goes back and the money is refunded', async () => {
      const disc = await aDisc({}, 3);
      const placed = await bought([{ product: disc.id, qty: 1, personalisation: 'A & J' }]);
      expect(await stockOf(shop.database, disc.id)).toBe(2);
      const cancelled = await call('POST', `/api/orders/${placed._id}/cancel`, admin.token);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(orderSchema.parse(cancelled.json())).toMatchObject({
        status: 'cancelled',
        refundedTotal: placed.totalPrice,
        refunds: [{ amount: placed.totalPrice, reason: 'Order cancelled' }],
      });
      expect(await stockOf(shop.database, disc.id)).toBe(3);
      const told = await mailsTo(customer.email);
      expect(told.map((mail) => mail.subject)).toContain(
        `Your Larkspur order ${placed.orderNumber} is cancelled`,
      );
    });

    it('is kept for what is not personalised: the same item without a text can be cancelled', async () => {
      const disc = await aDisc();
      const placed = await bought([{ product: disc.id, qty: 1 }]);
      const cancelled = await call('POST', `/api/orders/${placed._id}/cancel`, customer.token);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    });
  });

  describe('returns', () => {
    it('refuses a personalised line’s return for a change of mind or a size, and takes a faulty one, shown to the owner and in the customer’s data', async () => {
      const disc = await aDisc();
      const chain = await addProduct(shop.database, { name: 'Trace Chain', pricePence: 2500 });
      const placed = await bought([
        { product: disc.id, qty: 1, personalisation: 'A & J' },
        { product: chain.id, qty: 1 },
      ]);
      await delivered(placed);
      for (const kind of [undefined, 'changed-mind', 'wrong-size']) {
        const refused = await call('POST', `/api/orders/${placed._id}/return`, customer.token, {
          reason: 'Not for me after all',
          ...(kind ? { kind } : {}),
        });
        expect(refused.statusCode, String(kind)).toBe(409);
        expect(refused.json()).toEqual({
          code: 'ORDER_NOT_RETURNABLE',
          message:
            'Personalised items are made for you, so they can be returned only if faulty or not as described. To send back the other items of this order, please contact us.',
        });
      }
      const unknown = await call('POST', `/api/orders/${placed._id}/return`, customer.token, {
        reason: 'Broken',
        kind: 'broken',
      });
      expect(unknown.statusCode).toBe(400);

      const faulty = await call('POST', `/api/orders/${placed._id}/return`, customer.token, {
        reason: 'The jump ring snapped on the first day',
        kind: 'faulty',
      });
      expect(faulty.statusCode, faulty.body).toBe(200);
      expect(orderSchema.parse(faulty.json())).toMatchObject({
        status: 'return_requested',
        returnRequest: { reason: 'The jump ring snapped on the first day', kind: 'faulty' },
      });
      const desk = deskSchema.parse((await call('GET', '/api/admin/desk', staff.token)).json());
      expect(desk.returnsRequested.find((each) => each._id === placed._id)).toMatchObject({
        kind: 'faulty',
      });
      const shopMails = await mailsTo('hello@larkspur.example');
      expect(
        shopMails.find(
          (mail) => mail.subject === `Return requested for order ${placed.orderNumber}`,
        )?.text,
      ).toContain('has asked to return this order (faulty). Their reason: The jump ring snapped');
      const data = yourDataSchema.parse(
        (await call('GET', '/api/users/profile/data', customer.token)).json(),
      );
      expect(data.orders.find((each) => each._id === placed._id)?.returnRequest).toMatchObject({
        kind: 'faulty',
      });
    });

    it('takes a return not as described of a personalised line', async () => {
      const disc = await aDisc();
      const placed = await bought([{ product: disc.id, qty: 1, personalisation: 'A & J' }]);
      await delivered(placed);
      const asked = await call('POST', `/api/orders/${placed._id}/return`, customer.token, {
        reason: 'The engraving says A & I',
        kind: 'not-as-described',
      });
      expect(asked.statusCode, asked.body).toBe(200);
      expect(orderSchema.parse(asked.json()).returnRequest?.kind).toBe('not-as-described');
    });

    it('keeps every kind for an order with nothing personalised, a change of mind when none is said', async () => {
      const chain = await addProduct(shop.database, { name: 'Trace Chain', pricePence: 2500 });
      const first = await bought([{ product: chain.id, qty: 1 }]);
      const second = await bought([{ product: chain.id, qty: 1 }]);
      await delivered(first);
      await delivered(second);
      const mind = await call('POST', `/api/orders/${first._id}/return`, customer.token, {
        reason: 'Not for me',
      });
      expect(orderSchema.parse(mind.json()).returnRequest?.kind).toBe('changed-mind');
      const size = await call('POST', `/api/orders/${second._id}/return`, customer.token, {
        reason: 'Too short',
        kind: 'wrong-size',
      });
      expect(orderSchema.parse(size.json()).returnRequest?.kind).toBe('wrong-size');
    });

    it('puts back into stock the line of the text a refund names', async () => {
      const disc = await aDisc({}, 5);
      const placed = await bought([
        { product: disc.id, qty: 1, personalisation: 'A & J' },
        { product: disc.id, qty: 2, personalisation: 'M & T' },
      ]);
      expect(await stockOf(shop.database, disc.id)).toBe(2);
      const refund = await call('POST', `/api/orders/${placed._id}/refunds`, admin.token, {
        amount: 20,
        reason: 'Engraved wrongly',
        restock: [{ product: disc.id, qty: 2, personalisation: 'M & T' }],
      });
      expect(refund.statusCode, refund.body).toBe(200);
      expect(await stockOf(shop.database, disc.id)).toBe(4);
      const tooMany = await call('POST', `/api/orders/${placed._id}/refunds`, admin.token, {
        amount: 1,
        reason: 'Again',
        restock: [{ product: disc.id, qty: 2, personalisation: 'A & J' }],
      });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json()).toMatchObject({ code: 'RESTOCK_UNKNOWN_ITEM' });
    });
  });

  describe('the text where the order is read', () => {
    it('is in the confirmation, which says it cannot be cancelled, and on the slips, a pick line a text', async () => {
      const disc = await aDisc();
      const placed = await bought([
        { product: disc.id, qty: 1, personalisation: 'A & J\nForever' },
        { product: disc.id, qty: 1, personalisation: 'M' },
      ]);
      const confirmation = (await mailsTo(customer.email)).find(
        (mail) => mail.subject === `Your Larkspur order ${placed.orderNumber}`,
      );
      expect(confirmation?.text).toContain(
        `1 x ${DISC.name} by Test Brand at £56.00\n  Engraving: A & J\n             Forever`,
      );
      expect(confirmation?.text).toContain('cannot be cancelled or returned for a change of mind');
      expect(confirmation?.html).toContain('Engraving: A &amp; J');

      const slips = slipsSchema.parse(
        (await call('GET', `/api/orders/slips?orders=${placed._id}`, staff.token)).json(),
      );
      expect(slips.pickList.map((line) => [line.name, line.personalisation, line.qty])).toEqual([
        [DISC.name, 'A & J\nForever', 1],
        [DISC.name, 'M', 1],
      ]);
      expect(slips.orders[0]?.orderItems.map((item) => item.personalisation)).toEqual([
        'A & J\nForever',
        'M',
      ]);
    });
  });
});
