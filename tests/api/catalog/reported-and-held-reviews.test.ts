import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myReviewSchema, productDetailSchema } from '../../../src/shared/catalog/catalog';
import { deskSchema } from '../../../src/shared/desk/desk';
import { reviewQueueSchema } from '../../../src/shared/catalog/review-moderation';
import { settingsSchema, type Settings } from '../../../src/shared/settings/settings';
import { addUser, apiCaller, type TestUser } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { startTestShop, type TestShop } from '../../support/test-shop';

const SHOP_EMAIL = 'owner@larkspur.example';

describe.each(testDialects())('reported and held reviews on %s', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  let staff: TestUser;
  const call = apiCaller(() => shop);

  beforeAll(async () => {
    shop = await startTestShop(dialect, {
      PUBLIC_URL: 'https://shop.example.test',
      SHOP_EMAIL,
    });
    admin = await addUser(shop, { role: 'admin', name: 'Ada Admin' });
    staff = await addUser(shop, { role: 'staff' });
  });
  afterAll(() => shop.close());

  async function save(change: (settings: Settings) => Settings): Promise<void> {
    const read = settingsSchema.parse((await call('GET', '/api/settings', admin.token)).json());
    const saved = await call('PUT', '/api/settings', admin.token, change(read));
    expect(saved.statusCode, saved.body).toBe(200);
  }

  const holdNew = (on: boolean) => save((settings) => ({ ...settings, reviews: { holdNew: on } }));

  async function review(productId: string, who: TestUser, rating: number, comment: string) {
    const answer = await call('POST', `/api/products/${productId}/review`, who.token, {
      rating,
      comment,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<{ message: string }>().message;
  }

  const detail = async (productId: string) =>
    productDetailSchema.parse((await call('GET', `/api/products/${productId}`)).json());

  const myReview = async (productId: string, who: TestUser) =>
    myReviewSchema.parse(
      (await call('GET', `/api/products/${productId}/my-review`, who.token)).json(),
    ).review;

  const queued = async (reviewId: string) => {
    const queue = reviewQueueSchema.parse((await call('GET', '/api/reviews', admin.token)).json());
    return queue.reviews.find((each) => each._id === reviewId);
  };

  const reportedOnDesk = async (who: TestUser) =>
    deskSchema.parse((await call('GET', '/api/admin/desk', who.token)).json()).reportedReviews;

  /** The mails about reports of a product's reviews, as the outbox stores them. */
  const reportMails = (productName: string) =>
    shop.database.db
      .selectFrom('mail_outbox')
      .select(['recipient', 'subject', 'text_body'])
      .where('subject', '=', `A review of ${productName} was reported`)
      .execute();

  describe('a report', () => {
    it("is mailed to the shop's email once for each report kept, with the review and the reason", async () => {
      const product = await addProduct(shop.database, { name: 'Tide Bangle' });
      const author = await addUser(shop, { name: 'Rory Review' });
      const reporter = await addUser(shop, { name: 'Pat Report' });
      await review(product.id, author, 1, 'Buy mine at half the price instead');
      const [shown] = (await detail(product.id)).reviews;
      const report = (token: string | undefined, reason: string) =>
        call('POST', `/api/products/${product.id}/reviews/${shown?._id ?? ''}/report`, token, {
          reason,
        });

      expect((await report(undefined, 'Spam: a link to another shop')).statusCode).toBe(200);
      expect((await report(reporter.token, 'Advertising')).statusCode).toBe(200);
      // A signed-in customer's second report of the review counts once, and mails nothing.
      expect((await report(reporter.token, 'Still advertising')).statusCode).toBe(200);

      const mails = await reportMails('Tide Bangle');
      expect(mails.map((mail) => mail.recipient)).toEqual([SHOP_EMAIL, SHOP_EMAIL]);
      expect(mails.map((mail) => mail.text_body).sort()).toEqual(
        ['Advertising', 'Spam: a link to another shop'].map((reason) =>
          [
            "A shopper has reported Rory R.'s review of Tide Bangle (1 star). It stays on the product page until you hide it.",
            '',
            'The review: Buy mine at half the price instead',
            '',
            `Their reason: ${reason}`,
            '',
            'Keep it, hide it or reply: https://shop.example.test/admin/reviews?reported=true',
          ].join('\n'),
        ),
      );
    });

    it("goes to the shop's email as the settings say when it is made", async () => {
      const product = await addProduct(shop.database, { name: 'Moss Beanie' });
      const author = await addUser(shop);
      await review(product.id, author, 2, 'Itchy');
      const [shown] = (await detail(product.id)).reviews;
      await save((settings) => ({
        ...settings,
        shop: { ...settings.shop, email: 'reviews@larkspur.example' },
      }));
      try {
        const reported = await call(
          'POST',
          `/api/products/${product.id}/reviews/${shown?._id ?? ''}/report`,
          undefined,
          { reason: 'Rude' },
        );
        expect(reported.statusCode).toBe(200);
        expect((await reportMails('Moss Beanie')).map((mail) => mail.recipient)).toEqual([
          'reviews@larkspur.example',
        ]);
      } finally {
        await save((settings) => ({ ...settings, shop: { ...settings.shop, email: SHOP_EMAIL } }));
      }
    });

    it('is counted on the desk, for the owner and staff, until the owner deals with it', async () => {
      const product = await addProduct(shop.database, { name: 'Cove Earrings' });
      const author = await addUser(shop);
      await review(product.id, author, 3, 'Fine');
      const [shown] = (await detail(product.id)).reviews;
      const before = await reportedOnDesk(admin);

      const path = `/api/products/${product.id}/reviews/${shown?._id ?? ''}`;
      for (const reason of ['Off topic', 'Not about the earrings']) {
        expect((await call('POST', `${path}/report`, undefined, { reason })).statusCode).toBe(200);
      }
      // One review, however many reports it has.
      expect(await reportedOnDesk(admin)).toBe(before + 1);
      expect(await reportedOnDesk(staff)).toBe(before + 1);

      const kept = await call('PUT', path, admin.token, { hidden: false });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(await reportedOnDesk(admin)).toBe(before);
    });
  });

  describe('holding new reviews', () => {
    it('shows a new review at once while the owner does not hold them', async () => {
      await holdNew(false);
      const product = await addProduct(shop.database, { name: 'Quay Scarf' });
      const author = await addUser(shop, { name: 'Nia Now' });
      expect(await review(product.id, author, 4, 'Warm')).toBe('Review added');
      expect(await detail(product.id)).toMatchObject({
        rating: 4,
        numReviews: 1,
        reviews: [{ name: 'Nia N.', rating: 4, comment: 'Warm' }],
      });
      expect(await myReview(product.id, author)).not.toHaveProperty('waiting');
    });

    it('keeps a new review from shoppers, its rating and its count until the owner shows it', async () => {
      const product = await addProduct(shop.database, { name: 'Harbour Locket' });
      const shownFirst = await addUser(shop, { name: 'Ola Early' });
      await review(product.id, shownFirst, 5, 'Lovely clasp');
      await holdNew(true);
      try {
        const author = await addUser(shop, { name: 'Hal Held' });
        expect(await review(product.id, author, 1, 'Too small')).toBe(
          'Thank you: your review will show once the shop has looked at it',
        );
        expect(await detail(product.id)).toMatchObject({
          rating: 5,
          numReviews: 1,
          reviews: [{ name: 'Ola E.', comment: 'Lovely clasp' }],
        });
        expect((await detail(product.id)).reviews).toHaveLength(1);

        const mine = await myReview(product.id, author);
        expect(mine).toMatchObject({ name: 'Hal H.', comment: 'Too small', waiting: true });
        const waiting = await queued(mine?._id ?? '');
        expect(waiting).toMatchObject({ hidden: true, hiddenReason: null, waiting: true });
        // Shoppers cannot report what they cannot see.
        const report = await call(
          'POST',
          `/api/products/${product.id}/reviews/${mine?._id ?? ''}/report`,
          undefined,
          { reason: 'Seen it?' },
        );
        expect(report.statusCode).toBe(404);

        const shown = await call(
          'PUT',
          `/api/products/${product.id}/reviews/${mine?._id ?? ''}`,
          admin.token,
          { hidden: false },
        );
        expect(shown.statusCode, shown.body).toBe(200);
        expect(await detail(product.id)).toMatchObject({ rating: 3, numReviews: 2 });
        expect((await detail(product.id)).reviews.map((each) => each.name)).toEqual([
          'Hal H.',
          'Ola E.',
        ]);
        expect(await myReview(product.id, author)).not.toHaveProperty('waiting');
        expect(await queued(mine?._id ?? '')).toMatchObject({ hidden: false, waiting: false });
      } finally {
        await holdNew(false);
      }
    });

    it('leaves a review the owner hid instead no longer waiting, and hidden with the reason', async () => {
      await holdNew(true);
      try {
        const product = await addProduct(shop.database, { name: 'Pebble Ring' });
        const author = await addUser(shop, { name: 'Sid Spam' });
        await review(product.id, author, 5, 'Cheap rings at my shop');
        const mine = await myReview(product.id, author);
        const hidden = await call(
          'PUT',
          `/api/products/${product.id}/reviews/${mine?._id ?? ''}`,
          admin.token,
          { hidden: true, reason: 'Advertising' },
        );
        expect(hidden.statusCode, hidden.body).toBe(200);
        expect(await queued(mine?._id ?? '')).toMatchObject({
          hidden: true,
          hiddenReason: 'Advertising',
          waiting: false,
        });
        expect(await myReview(product.id, author)).not.toHaveProperty('waiting');
        expect(await detail(product.id)).toMatchObject({ rating: 0, numReviews: 0, reviews: [] });
      } finally {
        await holdNew(false);
      }
    });
  });
});
