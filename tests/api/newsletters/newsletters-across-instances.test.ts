import { describe, expect, it, vi } from 'vitest';
import { addUser, bearer } from '../../support/account-fixtures';
import {
  addSubscriber,
  readNewsletter,
  setNewsletterPace,
  writeNewsletter,
} from '../../support/newsletter-fixtures';
import { startSmtpStandIn } from '../../support/smtp-stand-in';
import { startTestShop, type TestShop } from '../../support/test-shop';

const READERS = 30;
/** One secret for both, as instances behind one balancer share one: a token works on either. */
const JWT_SECRET = 'a-secret-both-instances-share-0123456789';

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a newsletter sent from two instances on one PostgreSQL',
  () => {
    it('mails each subscriber exactly once, however the instances share the work', async () => {
      // A relay slower than the pace: both instances' senders are busy at once.
      const relay = await startSmtpStandIn({ acceptAfterMs: 50 });
      const shops: TestShop[] = [];
      try {
        const first = await startTestShop(
          'postgres',
          { SMTP_URL: relay.url, JWT_SECRET },
          { mailLeaseMs: 2000 },
        );
        shops.push(first);
        const second = await startTestShop(
          'postgres',
          { SMTP_URL: relay.url, JWT_SECRET },
          { sameDatabaseAs: first, mailLeaseMs: 2000 },
        );
        shops.push(second);
        const admin = await addUser(first, { role: 'admin' });
        await setNewsletterPace(first, admin, 1000);
        const readers = [];
        for (let index = 0; index < READERS; index += 1) readers.push(await addSubscriber(first));
        const letter = await writeNewsletter(first, admin, {
          subject: 'From two at once',
          body: 'Hello from every instance.',
        });

        // The owner's double click lands on both instances at once: one send goes ahead.
        const answers = await Promise.all(
          shops.map((shop) =>
            shop.app.inject({
              method: 'POST',
              url: `/api/newsletters/${letter._id}/send`,
              headers: bearer(admin.token),
            }),
          ),
        );
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);

        await vi.waitFor(
          async () =>
            expect(await readNewsletter(second, admin, letter._id)).toMatchObject({
              status: 'sent',
              queued: 0,
              sent: READERS,
              failed: 0,
              unsubscribed: 0,
            }),
          { timeout: 30_000, interval: 200 },
        );
        const letters = relay.accepted.filter((mail) => mail.subject === 'From two at once');
        const perReader = Object.fromEntries(readers.map((reader) => [reader.email, 0]));
        for (const mail of letters)
          for (const to of mail.to) perReader[to] = (perReader[to] ?? 0) + 1;
        expect(perReader).toEqual(Object.fromEntries(readers.map((reader) => [reader.email, 1])));
        // Two sends at once made one set of rows, one per subscriber.
        const made = await first.database.db
          .selectFrom('newsletter_sends')
          .select((eb) => eb.fn.countAll<string>().as('rows'))
          .where('newsletter_id', '=', letter._id)
          .executeTakeFirstOrThrow();
        expect(Number(made.rows)).toBe(READERS);
      } finally {
        for (const shop of shops.reverse()) await shop.close();
        await relay.close();
      }
    }, 90_000);
  },
);
