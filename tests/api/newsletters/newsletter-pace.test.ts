import { setTimeout as wait } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addUser, apiCaller, type TestUser } from '../../support/account-fixtures';
import { testDialects } from '../../support/databases';
import {
  addSubscriber,
  addUnconfirmedSubscriber,
  readNewsletter,
  sendRows,
  setNewsletterPace,
  withdrawNewsletter,
  writeNewsletter,
} from '../../support/newsletter-fixtures';
import { startSmtpStandIn, type SmtpStandIn } from '../../support/smtp-stand-in';
import { startTestShop, type TestShop } from '../../support/test-shop';

const T0 = new Date('2026-11-30T10:00:00.000Z');

/**
 * Checks again and again (on real timers) until the check passes or 10 s of real time have
 * passed: vi.waitFor would move the faked clock on with each look, and the clock is the test's.
 */
async function until(check: () => Promise<void>): Promise<void> {
  const started = performance.now();
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (performance.now() - started > 10_000) throw error;
      await wait(50);
    }
  }
}
const HALF_MINUTE = 30_000;

describe.each(testDialects())('a newsletter’s pace on %s', (dialect) => {
  let shop: TestShop;
  let smtp: SmtpStandIn;
  let admin: TestUser;
  const call = apiCaller(() => shop);

  beforeAll(async () => {
    // The clock alone is faked, and stands still until the test moves it; timers stay real.
    vi.useFakeTimers({ toFake: ['Date'], now: T0, shouldAdvanceTime: false });
    smtp = await startSmtpStandIn();
    shop = await startTestShop(dialect, { SMTP_URL: smtp.url });
    admin = await addUser(shop, { role: 'admin' });
    await setNewsletterPace(shop, admin, 2);
  });
  afterAll(async () => {
    await shop.close();
    await smtp.close();
    vi.useRealTimers();
  });

  const nextDueAt = async (id: string) => {
    const row = await shop.database.db
      .selectFrom('newsletters')
      .select('next_due_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return row.next_due_at === null ? null : new Date(row.next_due_at).getTime();
  };
  const rowsIn = async (id: string, status: string) =>
    (await sendRows(shop, id)).filter((row) => row.status === status);
  /** Rows whose mail went into the outbox, whatever became of it since. */
  const mailed = async (id: string) =>
    (await sendRows(shop, id)).filter((row) => row.mail_id !== null);

  it('queues only as many a minute as the settings say, and skips one who withdrew meanwhile', async () => {
    const readers = [];
    for (let index = 0; index < 4; index += 1) readers.push(await addSubscriber(shop));
    await addUnconfirmedSubscriber(shop, `never-confirmed-${dialect}@example.com`);
    const letter = await writeNewsletter(shop, admin, {
      subject: 'Slow and steady',
      body: 'One at a time.',
    });
    expect(
      (await call('POST', `/api/newsletters/${letter._id}/send`, admin.token)).statusCode,
    ).toBe(200);

    // The first turn is at once; the next is half a minute on, and the clock has not moved.
    await until(async () => expect(await mailed(letter._id)).toHaveLength(1));
    expect(await nextDueAt(letter._id)).toBe(T0.getTime() + HALF_MINUTE);
    expect(await rowsIn(letter._id, 'waiting')).toHaveLength(3);

    // One still waiting withdraws: when the turn reaches them they are passed by, unmailed.
    const [waiting] = await rowsIn(letter._id, 'waiting');
    const leaver = readers.find((reader) => reader.email === waiting?.email);
    if (!leaver) throw new Error('no reader is waiting');
    await withdrawNewsletter(shop, leaver);

    for (let turn = 1; turn <= 2; turn += 1) {
      vi.setSystemTime(T0.getTime() + turn * HALF_MINUTE);
      await until(async () => expect(await mailed(letter._id)).toHaveLength(1 + turn));
      // Nothing more can be queued until the clock reaches the next turn (after the last, none).
      const next = await nextDueAt(letter._id);
      expect(next).toBe(turn < 2 ? T0.getTime() + (turn + 1) * HALF_MINUTE : null);
    }

    await until(async () =>
      expect(await readNewsletter(shop, admin, letter._id)).toMatchObject({
        status: 'sent',
        queued: 0,
        sent: 3,
        failed: 0,
        unsubscribed: 1,
      }),
    );
    const rows = await sendRows(shop, letter._id);
    const queuedAt = rows
      .flatMap((row) => (row.queued_at === null ? [] : [new Date(row.queued_at).getTime()]))
      .sort();
    expect(queuedAt).toEqual([
      T0.getTime(),
      T0.getTime() + HALF_MINUTE,
      T0.getTime() + 2 * HALF_MINUTE,
    ]);
    expect(rows.find((row) => row.email === leaver.email)).toMatchObject({
      status: 'unsubscribed',
      mail_id: null,
    });
    for (const reader of readers) {
      const letters = smtp.accepted.filter(
        (mail) => mail.to.includes(reader.email) && mail.subject === 'Slow and steady',
      );
      expect(letters).toHaveLength(reader === leaver ? 0 : 1);
    }
  });
});
