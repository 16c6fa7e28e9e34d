import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema } from '../../../src/shared/audit/audit';
import { productDetailSchema } from '../../../src/shared/catalog/catalog';
import { orderSchema } from '../../../src/shared/orders/orders';
import { reviewQueueSchema } from '../../../src/shared/catalog/review-moderation';
import { createMailer, type Mailer } from '../../../src/server/mail/mail-sender';
import { createMailTransport } from '../../../src/server/mail/mailer';
import { inviteReviews } from '../../../src/server/orders/review-invitations';
import { REPORTS_AN_HOUR } from '../../../src/server/catalog/review-moderation.routes';
import { addUser, bearer, type TestUser } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { waitForMail } from '../../support/mail-messages';
import { openPayment, placeOrder, type Lines } from '../../support/order-fixtures';
import { startTestShop, type TestShop } from '../../support/test-shop';

const DAY_MS = 24 * 60 * 60 * 1000;
const INVITATION = 'How are you finding your Larkspur order?';

describe.each(testDialects())('verified reviews and moderation on %s', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  let staff: TestUser;
  let folder: string;
  const mailers: Mailer[] = [];

  beforeAll(async () => {
    // A file, not memory, on SQLite: a second instance opens the same database.
    folder = await mkdtemp(path.join(tmpdir(), 'review-moderation-'));
    shop = await startTestShop(dialect, {
      PUBLIC_URL: 'https://shop.example.test',
      ...(dialect === 'sqlite' ? { DATABASE_URL: `sqlite:${path.join(folder, 'shop.db')}` } : {}),
    });
    admin = await addUser(shop, { role: 'admin', name: 'Ada Admin' });
    staff = await addUser(shop, { role: 'staff', name: 'Sam Staff' });
  });
  afterAll(async () => {
    for (const mailer of mailers) await mailer.close();
    await shop.close();
    await rm(folder, { recursive: true, force: true });
  });

  const outbox = (of: TestShop = shop) => path.join(of.config.dataDir, 'outbox');
  const send = (method: 'GET' | 'PUT' | 'POST', url: string, token?: string, payload?: unknown) =>
    shop.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function buy(who: TestUser, lines: Lines) {
    const payment = await openPayment(shop, who.token, lines);
    const response = await placeOrder(shop, who.token, payment.id, lines);
    expect(response.statusCode, response.body).toBe(201);
    return orderSchema.parse(response.json());
  }

  async function deliver(orderId: string) {
    expect((await send('PUT', `/api/orders/${orderId}/dispatched`, admin.token)).statusCode).toBe(
      200,
    );
    expect((await send('PUT', `/api/orders/${orderId}/delivered`, admin.token)).statusCode).toBe(
      200,
    );
  }

  const review = async (productId: string, who: TestUser, rating = 5, comment = 'Lovely') => {
    const answer = await send('POST', `/api/products/${productId}/review`, who.token, {
      rating,
      comment,
    });
    expect(answer.statusCode, answer.body).toBe(201);
  };

  const detail = async (productId: string) =>
    productDetailSchema.parse((await send('GET', `/api/products/${productId}`)).json());

  const queue = async (query = '') => {
    const answer = await send('GET', `/api/reviews${query}`, admin.token);
    expect(answer.statusCode, answer.body).toBe(200);
    return reviewQueueSchema.parse(answer.json());
  };

  /** One pass of the invitations, as each instance runs it, at a moment of the test's own. */
  function invitationsOf(of: TestShop) {
    const mailer = createMailer({
      db: of.database.db,
      transport: createMailTransport({
        smtpUrl: undefined,
        from: of.config.mail.from,
        outboxDir: outbox(of),
        log: of.app.log,
      }),
      log: of.app.log,
    });
    mailers.push(mailer);
    const context = {
      database: of.database,
      mailer,
      publicUrl: of.config.publicUrl,
      trader: of.config.trader,
      log: of.app.log,
    };
    return async (now: Date) => {
      const queued = await inviteReviews(context, now);
      await mailer.flush();
      return queued;
    };
  }

  const invitationRows = async (to: string) =>
    shop.database.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('recipient', '=', to)
      .where('subject', '=', INVITATION)
      .execute();

  describe('verified purchases', () => {
    it('marks a review verified when its author had a paid order of the product, and not otherwise', async () => {
      const product = await addProduct(shop.database, { pricePence: 2500, countInStock: 10 });
      const buyer = await addUser(shop, { name: 'Bea Buyer' });
      const browser = await addUser(shop, { name: 'Wren Window' });
      await buy(buyer, [{ product: product.id, qty: 1 }]);
      await review(product.id, buyer, 5, 'Bought it, love it');
      await review(product.id, browser, 2, 'Looks thin in the photos');

      const shown = await detail(product.id);
      expect(shown.reviews.map((each) => [each.name, each.verified])).toEqual([
        ['Wren W.', false],
        ['Bea B.', true],
      ]);
    });

    it('keeps a review unverified when the order came after it, or was cancelled before it', async () => {
      const product = await addProduct(shop.database, { pricePence: 2500, countInStock: 10 });
      const early = await addUser(shop, { name: 'Early Bird' });
      const canceller = await addUser(shop, { name: 'Cass Cancel' });
      await review(product.id, early, 4, 'Seen it at a fair');
      await buy(early, [{ product: product.id, qty: 1 }]);

      const order = await buy(canceller, [{ product: product.id, qty: 1 }]);
      expect(
        (await send('POST', `/api/orders/${order._id}/cancel`, canceller.token)).statusCode,
      ).toBe(200);
      await review(product.id, canceller, 3, 'Changed my mind');

      const shown = await detail(product.id);
      expect(shown.reviews.every((each) => !each.verified)).toBe(true);
    });
  });

  describe('the invitation to review', () => {
    it('mails once, seven days after delivery, listing what the customer has not reviewed', async () => {
      const invite = invitationsOf(shop);
      const ring = await addProduct(shop.database, { name: 'Twist Ring', countInStock: 10 });
      const hat = await addProduct(shop.database, { name: 'Bobble Hat', countInStock: 10 });
      const chain = await addProduct(shop.database, { name: 'Curb Chain', countInStock: 10 });
      const customer = await addUser(shop, { name: 'Ivy Invite' });
      const order = await buy(customer, [
        { product: ring.id, qty: 1 },
        { product: hat.id, qty: 2 },
        { product: chain.id, qty: 1 },
      ]);
      await deliver(order._id);
      await review(chain.id, customer);
      const delivered = Date.now();

      expect(await invite(new Date(delivered + 6 * DAY_MS))).toBe(0);
      expect(await invitationRows(customer.email)).toHaveLength(0);

      expect(await invite(new Date(delivered + 7 * DAY_MS + 60_000))).toBe(1);
      const mail = await waitForMail(
        outbox(),
        customer.email,
        (each) => each.header('subject') === INVITATION,
      );
      expect(mail?.text).toContain(
        `Review Twist Ring: https://shop.example.test/product/${ring.id}?review=write`,
      );
      expect(mail?.text).toContain(
        `Review Bobble Hat: https://shop.example.test/product/${hat.id}?review=write`,
      );
      expect(mail?.text).not.toContain('Curb Chain');
      expect(mail?.html).toContain(
        `href="https://shop.example.test/product/${ring.id}?review=write"`,
      );

      expect(await invite(new Date(delivered + 8 * DAY_MS))).toBe(0);
      expect(await invitationRows(customer.email)).toHaveLength(1);
    });

    it('mails nobody when everything is reviewed, nor a guest, nor an order not delivered', async () => {
      const invite = invitationsOf(shop);
      const product = await addProduct(shop.database, { countInStock: 10 });
      const reviewer = await addUser(shop, { name: 'Rhea Reviewed' });
      const waiting = await addUser(shop, { name: 'Wes Waiting' });
      const reviewed = await buy(reviewer, [{ product: product.id, qty: 1 }]);
      await deliver(reviewed._id);
      await review(product.id, reviewer);
      await buy(waiting, [{ product: product.id, qty: 1 }]);
      const guestLines = [{ product: product.id, qty: 1 }];
      const payment = await openPayment(shop, undefined, guestLines, {
        email: 'gale.guest@example.com',
      });
      const guestOrder = await placeOrder(shop, undefined, payment.id, guestLines, {
        email: 'gale.guest@example.com',
      });
      expect(guestOrder.statusCode, guestOrder.body).toBe(201);
      await deliver(orderSchema.parse(guestOrder.json())._id);

      await invite(new Date(Date.now() + 7 * DAY_MS + 60_000));
      for (const who of [reviewer.email, waiting.email, 'gale.guest@example.com']) {
        expect(await invitationRows(who)).toHaveLength(0);
      }
      const claimed = await shop.database.db
        .selectFrom('orders')
        .select('review_invited_at')
        .where('id', '=', reviewed._id)
        .executeTakeFirstOrThrow();
      expect(claimed.review_invited_at).not.toBeNull();
    });

    it('mails once when two instances look at the same moment', async () => {
      const second = await startTestShop(
        dialect,
        { PUBLIC_URL: 'https://shop.example.test' },
        {
          sameDatabaseAs: shop,
        },
      );
      try {
        const fromFirst = invitationsOf(shop);
        const fromSecond = invitationsOf(second);
        const products = await Promise.all(
          [1, 2, 3].map(() => addProduct(shop.database, { countInStock: 10 })),
        );
        const customers = await Promise.all(
          ['Tia Twin', 'Tom Twin', 'Ted Twin'].map((name) => addUser(shop, { name })),
        );
        for (const [index, customer] of customers.entries()) {
          const order = await buy(customer, [{ product: products[index]?.id ?? '', qty: 1 }]);
          await deliver(order._id);
        }
        const later = new Date(Date.now() + 7 * DAY_MS + 60_000);
        const passes = [fromFirst, fromSecond, fromFirst];
        // PostgreSQL: at once. SQLite: one after another, as its lock has two processes take
        // turns (in one process, a connection waiting for the lock would stall the other).
        const counts =
          dialect === 'postgres'
            ? await Promise.all(passes.map((pass) => pass(later)))
            : [await passes[0]?.(later), await passes[1]?.(later), await passes[2]?.(later)];
        expect(counts.reduce((sum: number, count) => sum + (count ?? 0), 0)).toBe(3);
        for (const customer of customers) {
          expect(await invitationRows(customer.email)).toHaveLength(1);
        }
      } finally {
        await second.close();
      }
    });
  });

  describe('moderation', () => {
    async function reviewedProduct() {
      const product = await addProduct(shop.database, { name: 'Moderated Pendant' });
      const kind = await addUser(shop, { name: 'Kay Kind' });
      const rude = await addUser(shop, { name: 'Rex Rude' });
      await review(product.id, kind, 5, 'Beautiful');
      await review(product.id, rude, 1, 'Spam spam spam');
      const reviews = (await detail(product.id)).reviews;
      const idOf = (name: string) => reviews.find((each) => each.name === name)?._id ?? '';
      return { product, kindId: idOf('Kay K.'), rudeId: idOf('Rex R.') };
    }

    it('lets only an admin hide, show, reply and list: a guest 401, a customer and staff 403', async () => {
      const { product, rudeId } = await reviewedProduct();
      const customer = await addUser(shop);
      const base = `/api/products/${product.id}/reviews/${rudeId}`;
      const calls = [
        ['PUT', base, { hidden: true, reason: 'Spam' }],
        ['POST', `${base}/reply`, { text: 'Thank you' }],
        ['GET', '/api/reviews', undefined],
      ] as const;
      for (const [method, url, body] of calls) {
        expect((await send(method, url, undefined, body)).statusCode).toBe(401);
        expect((await send(method, url, customer.token, body)).statusCode).toBe(403);
        expect((await send(method, url, staff.token, body)).statusCode).toBe(403);
      }
      expect((await detail(product.id)).reviews).toHaveLength(2);
      expect((await detail(product.id)).reviews.every((each) => each.reply === undefined)).toBe(
        true,
      );
    });

    it('hides a review with a reason: it leaves the public answer, the rating and the count; showing brings it back', async () => {
      const { product, rudeId } = await reviewedProduct();
      expect(await detail(product.id)).toMatchObject({ rating: 3, numReviews: 2 });

      const hide = await send('PUT', `/api/products/${product.id}/reviews/${rudeId}`, admin.token, {
        hidden: true,
        reason: 'Spam, not a review',
      });
      expect(hide.statusCode, hide.body).toBe(200);
      const hidden = await detail(product.id);
      expect(hidden).toMatchObject({ rating: 5, numReviews: 1 });
      expect(hidden.reviews.map((each) => each.name)).toEqual(['Kay K.']);
      const listed = (await queue()).reviews.find((each) => each._id === rudeId);
      expect(listed).toMatchObject({
        hidden: true,
        hiddenReason: 'Spam, not a review',
        product: { _id: product.id, name: 'Moderated Pendant' },
      });

      const show = await send('PUT', `/api/products/${product.id}/reviews/${rudeId}`, admin.token, {
        hidden: false,
      });
      expect(show.statusCode, show.body).toBe(200);
      const shownAgain = await detail(product.id);
      expect(shownAgain).toMatchObject({ rating: 3, numReviews: 2 });
      expect(shownAgain.reviews).toHaveLength(2);
    });

    it('refuses bad moderation and changes nothing', async () => {
      const { product, rudeId } = await reviewedProduct();
      const before = await detail(product.id);
      const url = `/api/products/${product.id}/reviews/${rudeId}`;
      for (const body of [
        { hidden: true },
        { hidden: true, reason: '   ' },
        { hidden: true, reason: 'x'.repeat(501) },
        { hidden: 'yes', reason: 'Spam' },
        {},
      ]) {
        const answer = await send('PUT', url, admin.token, body);
        expect(answer.statusCode, JSON.stringify(body)).toBe(400);
        expect(answer.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      }
      const noReason = await send('PUT', url, admin.token, { hidden: true });
      expect(noReason.json()).toMatchObject({
        errors: [{ path: 'reason', message: 'Please give a reason for hiding the review' }],
      });
      for (const body of [{}, { text: '' }, { text: 'x'.repeat(2001) }]) {
        expect((await send('POST', `${url}/reply`, admin.token, body)).statusCode).toBe(400);
      }
      const elsewhere = await addProduct(shop.database);
      const wrongProduct = await send(
        'PUT',
        `/api/products/${elsewhere.id}/reviews/${rudeId}`,
        admin.token,
        { hidden: true, reason: 'Spam' },
      );
      expect(wrongProduct.statusCode).toBe(404);
      expect(wrongProduct.json()).toEqual({
        message: 'Review not found',
        code: 'REVIEW_NOT_FOUND',
      });
      expect(await detail(product.id)).toEqual(before);
    });

    it('shows the shop’s reply under the review, a second reply replacing the first', async () => {
      const { product, kindId } = await reviewedProduct();
      const url = `/api/products/${product.id}/reviews/${kindId}/reply`;
      expect((await send('POST', url, admin.token, { text: 'Thank you, Kay!' })).statusCode).toBe(
        200,
      );
      expect(
        (await send('POST', url, admin.token, { text: '  Thank you so much, Kay!  ' })).statusCode,
      ).toBe(200);
      const replied = (await detail(product.id)).reviews.find((each) => each._id === kindId);
      expect(replied?.reply).toEqual({
        text: 'Thank you so much, Kay!',
        createdAt: expect.any(String) as string,
      });
    });

    it('writes each hide, show and reply to the audit log', async () => {
      const { product, kindId, rudeId } = await reviewedProduct();
      const base = `/api/products/${product.id}/reviews`;
      await send('PUT', `${base}/${rudeId}`, admin.token, { hidden: true, reason: 'Abusive' });
      await send('PUT', `${base}/${rudeId}`, admin.token, { hidden: false });
      await send('POST', `${base}/${kindId}/reply`, admin.token, { text: 'Thank you' });
      const log = auditPageSchema.parse(
        (
          await send('GET', `/api/audit?q=${encodeURIComponent('Moderated Pendant')}`, admin.token)
        ).json(),
      );
      const ours = log.entries.filter((entry) => [kindId, rudeId].includes(entry.target.id));
      expect(ours.map((entry) => [entry.action, entry.target.label, entry.after])).toEqual([
        ['review.replied', 'Kay K. on Moderated Pendant', { reply: 'Thank you' }],
        ['review.shown', 'Rex R. on Moderated Pendant', { hidden: false }],
        ['review.hidden', 'Rex R. on Moderated Pendant', { hidden: true, reason: 'Abusive' }],
      ]);
      expect(ours.every((entry) => entry.actor.name === 'Ada Admin')).toBe(true);
    });
  });

  describe('reports', () => {
    it('puts a reported review on top of the queue, with its reasons, a customer counted once', async () => {
      const product = await addProduct(shop.database, { name: 'Reported Ring' });
      const first = await addUser(shop, { name: 'Fay First' });
      const second = await addUser(shop, { name: 'Sid Second' });
      const reporter = await addUser(shop, { name: 'Ria Reporter' });
      await review(product.id, first, 1, 'Buy from my shop instead: example.com');
      await review(product.id, second, 5, 'Lovely');
      const [newest, older] = (await detail(product.id)).reviews;
      const url = `/api/products/${product.id}/reviews/${older?._id}/report`;

      const report = await send('POST', url, reporter.token, { reason: 'Advertising' });
      expect(report.statusCode, report.body).toBe(200);
      expect(report.json()).toEqual({ message: 'Thank you: the shop will look at this review' });
      expect((await send('POST', url, reporter.token, { reason: 'Again' })).statusCode).toBe(200);
      expect((await send('POST', url, undefined, { reason: 'Spam link' })).statusCode).toBe(200);

      const listed = await queue();
      expect(listed.reviews[0]).toMatchObject({
        _id: older?._id,
        reports: 2,
        reportReasons: [{ reason: 'Spam link' }, { reason: 'Advertising' }],
      });
      expect(listed.reviews.findIndex((each) => each._id === newest?._id)).toBeGreaterThan(0);
      const reportedOnly = await queue('?reported=true');
      expect(reportedOnly.reviews.map((each) => each._id)).toContain(older?._id);
      expect(reportedOnly.reviews.map((each) => each._id)).not.toContain(newest?._id);

      // Keeping it shown deals with the reports: it leaves the top of the queue.
      await send('PUT', `/api/products/${product.id}/reviews/${older?._id}`, admin.token, {
        hidden: false,
      });
      const kept = (await queue()).reviews.find((each) => each._id === older?._id);
      expect(kept).toMatchObject({ reports: 0, hidden: false });
      expect((await queue('?reported=true')).reviews.map((each) => each._id)).not.toContain(
        older?._id,
      );
    });

    it('refuses a report without a reason, of a hidden review or of another product’s review', async () => {
      const product = await addProduct(shop.database);
      const author = await addUser(shop, { name: 'Hal Hidden' });
      await review(product.id, author, 2, 'Meh');
      const [only] = (await detail(product.id)).reviews;
      const url = `/api/products/${product.id}/reviews/${only?._id}/report`;
      for (const body of [{}, { reason: '' }, { reason: 'x'.repeat(501) }]) {
        const answer = await send('POST', url, undefined, body);
        expect(answer.statusCode).toBe(400);
        expect(answer.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      }
      const other = await addProduct(shop.database);
      expect(
        (
          await send('POST', `/api/products/${other.id}/reviews/${only?._id}/report`, undefined, {
            reason: 'Spam',
          })
        ).statusCode,
      ).toBe(404);
      await send('PUT', `/api/products/${product.id}/reviews/${only?._id}`, admin.token, {
        hidden: true,
        reason: 'Off topic',
      });
      const hidden = await send('POST', url, undefined, { reason: 'Spam' });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toMatchObject({ code: 'REVIEW_NOT_FOUND' });
      const rows = await shop.database.db
        .selectFrom('review_reports')
        .select('id')
        .where('review_id', '=', only?._id ?? '')
        .execute();
      expect(rows).toHaveLength(0);
    });

    it(`limits reports to ${REPORTS_AN_HOUR} an hour from one address`, async () => {
      const limited = await startTestShop(dialect);
      try {
        const product = await addProduct(limited.database);
        const author = await addUser(limited, { name: 'Lim Limit' });
        await limited.app.inject({
          method: 'POST',
          url: `/api/products/${product.id}/review`,
          headers: bearer(author.token),
          payload: { rating: 3, comment: 'Fine' },
        });
        const [only] = productDetailSchema.parse(
          (await limited.app.inject({ method: 'GET', url: `/api/products/${product.id}` })).json(),
        ).reviews;
        const report = () =>
          limited.request(`/api/products/${product.id}/reviews/${only?._id}/report`, {
            method: 'POST',
            json: { reason: 'Spam' },
          });
        for (let count = 0; count < REPORTS_AN_HOUR; count += 1) {
          expect((await report()).status).toBe(200);
        }
        const refused = await report();
        expect(refused.status).toBe(429);
        expect(await refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
      } finally {
        await limited.close();
      }
    });
  });

  it('answers 404 for a review of a product that does not exist', async () => {
    const answer = await send(
      'POST',
      '/api/products/nothing-here/reviews/nothing/report',
      undefined,
      {
        reason: 'Spam',
      },
    );
    expect(answer.statusCode).toBe(404);
  });
});
