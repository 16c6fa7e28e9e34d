import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addUser, apiCaller, type TestUser } from '../../support/account-fixtures';
import { testDialects } from '../../support/databases';
import {
  addSubscriber,
  readNewsletter,
  sendRows,
  setNewsletterPace,
  withdrawNewsletter,
  writeNewsletter,
} from '../../support/newsletter-fixtures';
import { startSmtpStandIn, type SmtpStandIn } from '../../support/smtp-stand-in';
import { startTestShop, type TestShop } from '../../support/test-shop';

const SUBJECT = 'Queued, then withdrawn';

describe.each(testDialects())('a newsletter mail already in the outbox on %s', (dialect) => {
  let shop: TestShop;
  let relay: SmtpStandIn;
  let admin: TestUser;
  const call = apiCaller(() => shop);

  beforeAll(async () => {
    // A relay that holds each mail for seconds: while it has the first, the second waits.
    relay = await startSmtpStandIn({ acceptAfterMs: 3000 });
    shop = await startTestShop(dialect, { SMTP_URL: relay.url });
    admin = await addUser(shop, { role: 'admin' });
    await setNewsletterPace(shop, admin, 1000);
  });
  afterAll(async () => {
    await shop.close();
    await relay.close();
  });

  it('is dropped when its reader withdraws before a sender takes it, and counted unsubscribed', async () => {
    const readers = [await addSubscriber(shop), await addSubscriber(shop)];
    // Their welcome letters are out of the way first, so the newsletter's mails are next.
    await vi.waitFor(() => expect(relay.accepted).toHaveLength(2), { timeout: 15_000 });
    const letter = await writeNewsletter(shop, admin, { subject: SUBJECT, body: 'Hello.' });
    expect(
      (await call('POST', `/api/newsletters/${letter._id}/send`, admin.token)).statusCode,
    ).toBe(200);

    // Both are queued; the relay holds the first, and the second waits in the outbox untaken.
    const waitingMail = async () => {
      const rows = await sendRows(shop, letter._id);
      const ids = rows.flatMap((row) => (row.mail_id === null ? [] : [row.mail_id]));
      if (ids.length < 2) return undefined;
      const untaken = await shop.database.db
        .selectFrom('mail_outbox')
        .select(['id', 'recipient'])
        .where('id', 'in', ids)
        .where('status', '=', 'waiting')
        .where('lease_token', 'is', null)
        .execute();
      return untaken.length === 1 ? untaken[0] : undefined;
    };
    let untaken: { id: string; recipient: string } | undefined;
    await vi.waitFor(
      async () => {
        untaken = await waitingMail();
        expect(untaken).toBeDefined();
      },
      { timeout: 10_000, interval: 20 },
    );
    const leaver = readers.find((reader) => reader.email === untaken?.recipient);
    if (!leaver || !untaken) throw new Error('no reader’s mail waits');
    await withdrawNewsletter(shop, leaver);

    await vi.waitFor(
      async () =>
        expect(await readNewsletter(shop, admin, letter._id)).toMatchObject({
          status: 'sent',
          queued: 0,
          sent: 1,
          failed: 0,
          unsubscribed: 1,
        }),
      { timeout: 20_000, interval: 100 },
    );
    const dropped = await shop.database.db
      .selectFrom('mail_outbox')
      .select(['status', 'sent_at'])
      .where('id', '=', untaken.id)
      .executeTakeFirstOrThrow();
    expect(dropped).toEqual({ status: 'withdrawn', sent_at: null });
    const letters = relay.accepted.filter((mail) => mail.subject === SUBJECT);
    expect(letters.map((mail) => mail.to)).toEqual([
      [readers.find((reader) => reader !== leaver)?.email],
    ]);
    expect(relay.arriving).toEqual([]);
  });
});
