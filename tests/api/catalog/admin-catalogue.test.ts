import { randomBytes } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedToken } from '../../../src/server/http/signed-links';
import { adminProductSchema } from '../../../src/shared/catalog/catalog-admin';
import { adminVoucherSchema } from '../../../src/shared/vouchers/vouchers';
import { productPageSchema } from '../../../src/shared/catalog/catalog';
import { addUser, apiCaller, bearer, type TestUser } from '../../support/account-fixtures';
import { testDialects } from '../../support/databases';
import { outboxMailsTo, type MailMessage } from '../../support/mail-messages';
import { startTestShop, type TestShop } from '../../support/test-shop';

const PRODUCT = {
  name: 'Hand-forged Ring',
  price: 48.5,
  image: '/uploads/ring.webp',
  brand: 'Larkspur Studio',
  category: 'accessories',
  countInStock: 4,
  description: 'A plain band, hammered by hand.',
};

describe.each(testDialects())('admin catalogue, vouchers and subscribers on %s', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  let customer: TestUser;

  beforeAll(async () => {
    shop = await startTestShop(dialect);
    admin = await addUser(shop, { role: 'admin' });
    customer = await addUser(shop);
  });
  afterAll(() => shop.close());

  const call = apiCaller(() => shop);

  const upload = (files: { name: string; type: string; bytes: Buffer }[], token = admin.token) => {
    const form = new FormData();
    for (const file of files) {
      form.append('image', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    }
    return fetch(`${shop.baseUrl}/api/upload`, {
      method: 'POST',
      headers: bearer(token),
      body: form,
    });
  };
  const storedUploads = async () =>
    (await shop.database.db.selectFrom('stored_images').select('name').execute())
      .map((row) => row.name)
      .sort();

  it('refuses every admin call to a guest (401) and a customer (403)', async () => {
    const calls = [
      ['GET', '/api/admin/products'],
      ['GET', '/api/admin/products/any'],
      ['POST', '/api/products'],
      ['PUT', '/api/products/any'],
      ['DELETE', '/api/products/any'],
      ['POST', '/api/upload'],
      ['GET', '/api/vouchers'],
      ['GET', '/api/vouchers/any'],
      ['POST', '/api/vouchers'],
      ['PUT', '/api/vouchers/any'],
      ['DELETE', '/api/vouchers/any'],
      ['GET', '/api/subscribers'],
      ['GET', '/api/subscribers/export.csv'],
    ] as const;
    for (const [method, url] of calls) {
      expect((await call(method, url, undefined, {})).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, customer.token, {})).statusCode, `${method} ${url}`).toBe(
        403,
      );
    }
  });

  describe('products', () => {
    it('makes a draft no shopper can see until it is saved complete', async () => {
      const created = await call('POST', '/api/products', admin.token);
      expect(created.statusCode).toBe(201);
      const draft = adminProductSchema.parse(created.json());
      expect(draft).toMatchObject({ status: 'draft', name: '', price: 0 });

      const shopperView = async () => ({
        detail: (await call('GET', `/api/products/${draft._id}`)).statusCode,
        listed: productPageSchema
          .parse((await call('GET', '/api/products')).json())
          .products.some((product) => product._id === draft._id),
      });
      expect(await shopperView()).toEqual({ detail: 404, listed: false });
      const adminList = await call('GET', '/api/admin/products', admin.token);
      expect(adminList.json<{ products: { _id: string }[] }>().products[0]?._id).toBe(draft._id);

      const saved = await call('PUT', `/api/products/${draft._id}`, admin.token, {
        ...PRODUCT,
        rating: 5,
        numReviews: 100,
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ ...PRODUCT, status: 'live', rating: 0, numReviews: 0 });
      expect(await shopperView()).toEqual({ detail: 200, listed: true });
      const found = await call('GET', '/api/products?keyword=hammered');
      expect(found.json<{ products: { _id: string }[] }>().products[0]?._id).toBe(draft._id);
    });

    it.each([
      [{ ...PRODUCT, price: -1 }, 'The price must be more than £0.00'],
      [{ ...PRODUCT, price: 0 }, 'The price must be more than £0.00'],
      [{ ...PRODUCT, price: 1.234 }, 'The price can have at most two decimals'],
      [{ ...PRODUCT, price: '12' }, 'The price must be a number'],
      [{ ...PRODUCT, countInStock: 1.5 }, 'The stock must be a whole number'],
      [{ ...PRODUCT, countInStock: -2 }, 'The stock cannot be negative'],
      [{ ...PRODUCT, name: '  ' }, 'Please enter a name'],
      [
        { ...PRODUCT, image: 'javascript:alert(1)' },
        'The image must be an uploaded picture or an https:// address',
      ],
      [{ ...PRODUCT, description: undefined }, 'Please write a description'],
    ] as [object, string][])('refuses %j with 400, saving nothing', async (body, message) => {
      const draft = adminProductSchema.parse(
        (await call('POST', '/api/products', admin.token)).json(),
      );
      const response = await call('PUT', `/api/products/${draft._id}`, admin.token, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message });
      const after = await call('GET', `/api/admin/products/${draft._id}`, admin.token);
      expect(after.json()).toMatchObject({ status: 'draft', name: '' });
    });

    it('refuses a category outside the six', async () => {
      const draft = adminProductSchema.parse(
        (await call('POST', '/api/products', admin.token)).json(),
      );
      const response = await call('PUT', `/api/products/${draft._id}`, admin.token, {
        ...PRODUCT,
        category: 'shoes',
      });
      expect(response.statusCode).toBe(400);
    });

    it('deletes a product, which then is not found', async () => {
      const draft = adminProductSchema.parse(
        (await call('POST', '/api/products', admin.token)).json(),
      );
      await call('PUT', `/api/products/${draft._id}`, admin.token, PRODUCT);
      const removed = await call('DELETE', `/api/products/${draft._id}`, admin.token);
      expect(removed.json()).toEqual({ message: 'Product removed' });
      const gone = await call('GET', `/api/products/${draft._id}`);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({ message: 'Product not found', code: 'PRODUCT_NOT_FOUND' });
      const again = await call('DELETE', `/api/products/${draft._id}`, admin.token);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
      expect(
        (await call('PUT', `/api/products/${draft._id}`, admin.token, PRODUCT)).statusCode,
      ).toBe(404);
    });
  });

  describe('uploads', () => {
    it('re-encodes a real PNG as WebP, in three sizes, served as an image', async () => {
      const png = await sharp({
        create: { width: 2400, height: 1200, channels: 3, background: '#b08d57' },
      })
        .png()
        .toBuffer();
      const response = await upload([{ name: 'ring.png', type: 'image/png', bytes: png }]);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      const url = await response.text();
      expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
      const served = await fetch(`${shop.baseUrl}${url}`);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      const large = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(large).toMatchObject({ format: 'webp', width: 1600, height: 800 });
      const medium = await fetch(`${shop.baseUrl}${url.replace('.webp', '.md.webp')}`);
      expect(await sharp(Buffer.from(await medium.arrayBuffer())).metadata()).toMatchObject({
        width: 800,
        height: 400,
      });
      const small = await fetch(`${shop.baseUrl}${url.replace('.webp', '.sm.webp')}`);
      expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(480);
    });

    it('strips metadata from a JPEG', async () => {
      const jpeg = await sharp({
        create: { width: 64, height: 64, channels: 3, background: '#333' },
      })
        .jpeg()
        .withMetadata({ exif: { IFD0: { Copyright: 'Secret Camera Owner' } } })
        .toBuffer();
      const response = await upload([{ name: 'a.jpg', type: 'image/jpeg', bytes: jpeg }]);
      const url = await response.text();
      const stored = Buffer.from(await (await fetch(`${shop.baseUrl}${url}`)).arrayBuffer());
      expect(stored.toString('latin1')).not.toContain('Secret Camera Owner');
      expect((await sharp(stored).metadata()).exif).toBeUndefined();
    });

    it.each([
      [
        'an HTML file named .jpg',
        [
          {
            name: 'x.jpg',
            type: 'image/jpeg',
            bytes: Buffer.from('<html><script>alert(1)</script></html>'),
          },
        ],
        415,
      ],
      [
        'an SVG',
        [
          {
            name: 'x.svg',
            type: 'image/svg+xml',
            bytes: Buffer.from(
              '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
            ),
          },
        ],
        415,
      ],
      [
        'a JPEG header with nothing after it',
        [{ name: 'x.jpg', type: 'image/jpeg', bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]) }],
        415,
      ],
    ] as const)('refuses %s (%i) and stores nothing', async (_label, files, status) => {
      const before = await storedUploads();
      const response = await upload([...files]);
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({
        message: 'Please choose a JPEG, PNG or WebP image',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
      expect(await storedUploads()).toEqual(before);
    });

    it('refuses a 6 MB image (413), two files and no file (400), storing nothing', async () => {
      const before = await storedUploads();
      const noisy = await sharp(randomBytes(1500 * 1400 * 3), {
        raw: { width: 1500, height: 1400, channels: 3 },
      })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(noisy.length).toBeGreaterThan(6 * 1024 * 1024);
      const big = await upload([{ name: 'big.png', type: 'image/png', bytes: noisy }]);
      expect(big.status).toBe(413);
      expect(await big.json()).toMatchObject({ message: 'Images can be at most 5 MB' });

      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
        .png()
        .toBuffer();
      const two = await upload([
        { name: 'a.png', type: 'image/png', bytes: png },
        { name: 'b.png', type: 'image/png', bytes: png },
      ]);
      expect(two.status).toBe(400);
      expect(await two.json()).toEqual({
        message: 'Please upload one image at a time',
        code: 'UPLOAD_MISSING',
      });
      const none = await upload([]);
      expect(none.status).toBe(400);
      expect(await none.json()).toMatchObject({ code: 'UPLOAD_MISSING' });
      const json = await fetch(`${shop.baseUrl}/api/upload`, {
        method: 'POST',
        headers: { ...bearer(admin.token), 'content-type': 'application/json' },
        body: '{}',
      });
      expect(json.status).toBe(400);
      expect(await json.json()).toEqual({
        message: 'Please send the image as a file upload',
        code: 'UPLOAD_MISSING',
      });
      expect(await storedUploads()).toEqual(before);
    });
  });

  describe('vouchers', () => {
    const VOUCHER = { name: 'Winter', code: 'Winter10', discount: 10, expires: '2099-01-31' };
    const storedRules = (id: string) =>
      shop.database.db
        .selectFrom('vouchers')
        .select(['min_spend_pence', 'max_uses', 'once_per_customer', 'uses'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();

    it('makes a draft no shopper can use, then saves it for use', async () => {
      const created = await call('POST', '/api/vouchers', admin.token);
      expect(created.statusCode).toBe(201);
      const draft = adminVoucherSchema.parse(created.json());
      expect(draft).toMatchObject({ status: 'draft', code: '' });
      const saved = await call('PUT', `/api/vouchers/${draft._id}`, admin.token, VOUCHER);
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({
        name: 'Winter',
        code: 'Winter10',
        discount: 10,
        expires: '2099-01-31T23:59:59.999Z',
        status: 'live',
      });
      const lookup = await call('GET', '/api/vouchers/code/winter10', customer.token);
      expect(lookup.statusCode).toBe(200);
      const list = await call('GET', '/api/vouchers', admin.token);
      expect(list.json()).toMatchObject({ page: 1, pages: 1 });
      // A day in British Summer Time ends an hour before midnight UTC, as the owner means it.
      const summer = await call('PUT', `/api/vouchers/${draft._id}`, admin.token, {
        ...VOUCHER,
        expires: '2099-07-31',
      });
      expect(summer.json()).toMatchObject({ expires: '2099-07-31T22:59:59.999Z' });
    });

    it('makes a voucher whole from the form, live at once and audited, and nothing from a bad one', async () => {
      const vouchers = async () =>
        (await shop.database.db.selectFrom('vouchers').select(['id', 'code']).execute()).length;
      const before = await vouchers();
      for (const [body, status, code] of [
        [{ ...VOUCHER, code: 'MADE5', discount: 0 }, 400, 'VALIDATION_FAILED'],
        [{ ...VOUCHER, code: '' }, 400, 'VALIDATION_FAILED'],
        [{ name: 'Only a name' }, 400, 'VALIDATION_FAILED'],
      ] as const) {
        const refused = await call('POST', '/api/vouchers', admin.token, body);
        expect(refused.statusCode, refused.body).toBe(status);
        expect(refused.json()).toMatchObject({ code });
      }
      expect(await vouchers()).toBe(before);

      const made = await call('POST', '/api/vouchers', admin.token, {
        ...VOUCHER,
        code: 'Made5',
        minSpend: 25,
      });
      expect(made.statusCode, made.body).toBe(201);
      const voucher = adminVoucherSchema.parse(made.json());
      expect(voucher).toEqual({
        _id: voucher._id,
        name: 'Winter',
        code: 'Made5',
        kind: 'amount',
        discount: 10,
        percent: null,
        cap: null,
        services: [],
        appliesTo: { categories: [], products: [] },
        expires: '2099-01-31T23:59:59.999Z',
        starts: null,
        minSpend: 25,
        maxUses: null,
        oncePerCustomer: false,
        stacks: false,
        status: 'live',
      });
      expect((await call('GET', '/api/vouchers/code/MADE5', customer.token)).statusCode).toBe(200);
      const audited = await call(
        'GET',
        `/api/audit?q=${voucher._id}&action=voucher.created`,
        admin.token,
      );
      expect(audited.json()).toMatchObject({
        entries: [
          {
            actor: { _id: admin.id },
            target: { type: 'voucher', id: voucher._id, label: 'Made5' },
            before: null,
            after: { name: 'Winter', code: 'Made5', discount: 10, minSpend: 25, status: 'live' },
          },
        ],
      });

      const taken = await call('POST', '/api/vouchers', admin.token, {
        ...VOUCHER,
        code: 'MADE5',
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({
        code: 'VOUCHER_CODE_TAKEN',
        message: 'That voucher code is already in use',
      });
      expect(await vouchers()).toBe(before + 1);
    });

    it('refuses a code already in use, whatever its case (409)', async () => {
      const other = adminVoucherSchema.parse(
        (await call('POST', '/api/vouchers', admin.token)).json(),
      );
      const response = await call('PUT', `/api/vouchers/${other._id}`, admin.token, {
        ...VOUCHER,
        code: 'WINTER10',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        message: 'That voucher code is already in use',
        code: 'VOUCHER_CODE_TAKEN',
      });
    });

    it('saves the rules a voucher carries, and clears them again', async () => {
      const draft = adminVoucherSchema.parse(
        (await call('POST', '/api/vouchers', admin.token)).json(),
      );
      const rules = { minSpend: 30, maxUses: 100, oncePerCustomer: true };
      const saved = await call('PUT', `/api/vouchers/${draft._id}`, admin.token, {
        ...VOUCHER,
        code: 'RULES1',
        ...rules,
      });
      expect(saved.json()).toMatchObject(rules);
      const seen = await call('GET', `/api/vouchers/${draft._id}`, admin.token);
      expect(seen.json()).toMatchObject(rules);
      expect(await storedRules(draft._id)).toEqual({
        min_spend_pence: 3000,
        max_uses: 100,
        once_per_customer: 1,
        uses: 0,
      });
      const cleared = await call('PUT', `/api/vouchers/${draft._id}`, admin.token, {
        ...VOUCHER,
        code: 'RULES1',
      });
      expect(cleared.json()).toMatchObject({
        minSpend: null,
        maxUses: null,
        oncePerCustomer: false,
      });
      expect(await storedRules(draft._id)).toEqual({
        min_spend_pence: null,
        max_uses: null,
        once_per_customer: 0,
        uses: 0,
      });
    });

    const NOT_ISO =
      'The expiry date must be a date such as 2026-12-31, or a date and time such as 2026-12-31T18:00:00Z';
    it.each([
      [{ ...VOUCHER, code: 'NEW1', discount: 0 }, 'The discount must be more than £0.00'],
      [{ ...VOUCHER, code: 'NEW2', discount: -5 }, 'The discount must be more than £0.00'],
      [{ ...VOUCHER, code: 'NEW3', expires: '' }, 'Please choose an expiry date'],
      ...[
        'soon',
        '1',
        '99999',
        '10000-01-01',
        '2026-02-30',
        '2026-12-31T18:00:00',
        'Dec 31 2026',
      ].map((expires) => [{ ...VOUCHER, code: 'NEW3', expires }, NOT_ISO]),
      [{ ...VOUCHER, code: 'has space' }, 'Codes can use letters, digits, - and _ only'],
      [{ ...VOUCHER, code: 'NEW4', minSpend: -1 }, 'The minimum spend cannot be negative'],
      [
        { ...VOUCHER, code: 'NEW5', minSpend: 1.234 },
        'The minimum spend can have at most two decimals',
      ],
      [{ ...VOUCHER, code: 'NEW6', maxUses: 0 }, 'The use limit must be at least 1 order'],
      [
        { ...VOUCHER, code: 'NEW7', maxUses: 1.5 },
        'The use limit must be a whole number of orders',
      ],
      [{ ...VOUCHER, code: 'NEW8', maxUses: '5' }, 'The use limit must be a number of orders'],
      [{ ...VOUCHER, code: 'NEW9', oncePerCustomer: 'yes' }, 'Once per customer must be yes or no'],
    ] as [object, string][])('refuses %j with 400 and keeps the draft', async (body, message) => {
      const draft = adminVoucherSchema.parse(
        (await call('POST', '/api/vouchers', admin.token)).json(),
      );
      const response = await call('PUT', `/api/vouchers/${draft._id}`, admin.token, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message, code: 'VALIDATION_FAILED' });
      const stored = await shop.database.db
        .selectFrom('vouchers')
        .select(['status', 'code'])
        .where('id', '=', draft._id)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ status: 'draft', code: '' });
    });

    it('deletes a voucher', async () => {
      const draft = adminVoucherSchema.parse(
        (await call('POST', '/api/vouchers', admin.token)).json(),
      );
      expect((await call('DELETE', `/api/vouchers/${draft._id}`, admin.token)).json()).toEqual({
        message: 'Voucher removed',
      });
      const gone = await call('GET', `/api/vouchers/${draft._id}`, admin.token);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({ message: 'Voucher not found', code: 'VOUCHER_NOT_FOUND' });
      const again = await call('DELETE', `/api/vouchers/${draft._id}`, admin.token);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({ code: 'VOUCHER_NOT_FOUND' });
    });
  });

  describe('subscribers', () => {
    const idOf = async (email: string) =>
      (
        await shop.database.db
          .selectFrom('subscribers')
          .select('id')
          .where('email', '=', email)
          .executeTakeFirstOrThrow()
      ).id;
    /** Follows the link a confirmation mail carries, made as the shop makes it. */
    const confirm = async (email: string) =>
      call(
        'POST',
        `/api/subscribers/confirm/${signedToken(shop.config.jwtSecret, 'confirm-subscription', await idOf(email))}`,
      );

    it('lists subscribers, confirmed or not, and downloads only the confirmed as CSV', async () => {
      for (const email of ['ann@example.com', '+cmd@example.com', 'waiting@example.com']) {
        await call('POST', '/api/subscribers', undefined, { email });
      }
      for (const email of ['ann@example.com', '+cmd@example.com']) {
        expect((await confirm(email)).statusCode).toBe(200);
      }
      const page = await call('GET', '/api/subscribers', admin.token);
      const listed = page
        .json<{ subscribers: { email: string; confirmedAt: string | null }[] }>()
        .subscribers.sort((a, b) => a.email.localeCompare(b.email));
      expect(listed.map((row) => [row.email, typeof row.confirmedAt])).toEqual([
        ['+cmd@example.com', 'string'],
        ['ann@example.com', 'string'],
        ['waiting@example.com', 'object'],
      ]);
      expect(listed[2]?.confirmedAt).toBeNull();
      const csv = await call('GET', '/api/subscribers/export.csv', admin.token);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.headers['content-disposition']).toBe('attachment; filename="subscribers.csv"');
      const lines = csv.body.trim().split('\r\n');
      expect(lines[0]).toBe('email,subscribed_at,confirmed_at');
      expect(lines).toContainEqual(
        expect.stringMatching(/^"ann@example\.com","20\d\d-[^"]+","20\d\d-[^"]+"$/),
      );
      // A cell a spreadsheet would run as a formula is defused.
      expect(lines).toContainEqual(expect.stringMatching(/^"'\+cmd@example\.com",/));
      // Nobody who has not confirmed can be written to from the file.
      expect(csv.body).not.toContain('waiting@example.com');
    });

    it('welcomes a subscriber once confirmed, with a link that unsubscribes them', async () => {
      await call('POST', '/api/subscribers', undefined, { email: 'leaving@example.com' });
      await call('POST', '/api/subscribers', undefined, { email: 'Leaving@Example.com' });
      expect((await confirm('leaving@example.com')).statusCode).toBe(200);
      const mails = await outboxMailsTo(
        path.join(shop.config.dataDir, 'outbox'),
        'leaving@example.com',
        2,
      );
      const mail = mails.find((candidate) =>
        candidate.header('subject')?.startsWith('Welcome'),
      ) as MailMessage;
      const token = /\/unsubscribe\/([\w.-]+)/.exec(mail.text ?? '')?.[1] ?? '';
      // The mail's own link, and the one-click link mail programs show beside it.
      expect(token).not.toBe('');
      expect(mail.header('list-unsubscribe')).toMatch(
        /^<http:\/\/localhost:5000\/unsubscribe\?token=newsletter~[\w.-]+>, <mailto:[^>]+>$/,
      );
      const tampered = await call('POST', `/api/subscribers/unsubscribe/${token.slice(0, -2)}xx`);
      expect(tampered.statusCode).toBe(400);
      const response = await call('POST', `/api/subscribers/unsubscribe/${token}`);
      expect(response.json()).toEqual({
        message: 'You have been unsubscribed. We will not write again.',
      });
      const left = await shop.database.db
        .selectFrom('subscribers')
        .select('email')
        .where('email', '=', 'leaving@example.com')
        .execute();
      expect(left).toEqual([]);
    });

    it('refuses a made-up unsubscribe link', async () => {
      const response = await call('POST', '/api/subscribers/unsubscribe/abc.def');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: 'That unsubscribe link is not valid' });
    });
  });
});
