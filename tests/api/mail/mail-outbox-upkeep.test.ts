import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../../../src/server/config';
import { openDatabase, type ShopDatabase } from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { claimNextMail, markSent } from '../../../src/server/mail/mail-outbox.repository';
import { createMailer, type Mailer } from '../../../src/server/mail/mail-sender';
import type { Mail } from '../../../src/server/mail/mailer';
import { createTestDatabaseUrl, testDialects, type TestDatabaseUrl } from '../../support/databases';

const DAY_MS = 24 * 60 * 60 * 1000;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

const mailTo = (to: string): Mail => ({
  to,
  subject: `For ${to}`,
  text: 'Hello',
  html: '<p>Hello</p>',
});

/** A clock a test moves by hand. */
function handClock(start: Date) {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    pass(ms: number) {
      at += ms;
    },
  };
}

/** A relay that takes every mail at once (or refuses those to `refused`), counting them. */
function countingRelay(refused = new Set<string>()) {
  const delivered: string[] = [];
  return {
    delivered,
    refused,
    transport: async (mail: Mail) => {
      await Promise.resolve();
      if (refused.has(mail.to)) throw new Error('550 mailbox unavailable');
      delivered.push(mail.to);
    },
  };
}

describe.each(testDialects())('the outbox kept in order on %s', (dialect) => {
  let testDatabase: TestDatabaseUrl;
  let database: ShopDatabase;
  const mailers: Mailer[] = [];

  beforeAll(async () => {
    testDatabase = await createTestDatabaseUrl(dialect);
    database = openDatabase(parseDatabaseUrl(testDatabase.url, '.'));
    await migrateToLatest(database);
  });
  afterEach(async () => {
    for (const mailer of mailers.splice(0)) await mailer.close();
    await database.db.deleteFrom('mail_outbox').execute();
  });
  afterAll(async () => {
    await database.close();
    await testDatabase.drop();
  });

  function startMailer(options: Omit<Parameters<typeof createMailer>[0], 'db' | 'log'>) {
    const mailer = createMailer({ db: database.db, log: quiet, ...options });
    mailers.push(mailer);
    return mailer;
  }

  const stored = async () =>
    (
      await database.db
        .selectFrom('mail_outbox')
        .select(['recipient', 'status'])
        .orderBy('recipient')
        .execute()
    ).map(({ recipient, status }) => `${recipient} ${status}`);

  it('removes sent mails 30 days after they went, and keeps newer ones and those still waiting', async () => {
    const clock = handClock(new Date('2026-11-26T09:00:00Z'));
    const relay = countingRelay(new Set(['bounce@example.com']));
    const mailer = startMailer({ transport: relay.transport, now: clock.now });

    await mailer.queue(mailTo('old@example.com'));
    await mailer.flush();
    clock.pass(20 * DAY_MS);
    await mailer.queue(mailTo('recent@example.com'));
    await mailer.queue(mailTo('bounce@example.com'));
    await mailer.flush();
    expect(await stored()).toEqual([
      'bounce@example.com waiting',
      'old@example.com sent',
      'recent@example.com sent',
    ]);

    // Eleven days on: the first mail went 31 days ago, the second 11.
    clock.pass(11 * DAY_MS);
    await mailer.flush();
    expect(await stored()).toEqual(['bounce@example.com waiting', 'recent@example.com sent']);
    expect(relay.delivered).toEqual(['old@example.com', 'recent@example.com']);
  });

  it('removes many old sent mails a batch at a time, until none is left', async () => {
    const clock = handClock(new Date('2026-11-26T09:00:00Z'));
    const relay = countingRelay();
    const longAgo = new Date(clock.now().getTime() - 40 * DAY_MS).toISOString();
    const old = Array.from({ length: 450 }, (_, index) => ({
      id: `old-${String(index).padStart(3, '0')}`,
      recipient: `old-${index}@example.com`,
      subject: 'Long gone',
      text_body: 'Hello',
      html_body: '<p>Hello</p>',
      headers: '{}',
      status: 'sent' as const,
      attempts: 1,
      next_attempt_at: longAgo,
      created_at: longAgo,
      sent_at: longAgo,
    }));
    for (let start = 0; start < old.length; start += 150) {
      await database.db
        .insertInto('mail_outbox')
        .values(old.slice(start, start + 150))
        .execute();
    }
    const mailer = startMailer({ transport: relay.transport, now: clock.now });
    const left = async () =>
      (
        await database.db
          .selectFrom('mail_outbox')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
      ).count;

    // The mailer's first look at start removed one batch; every look that removes a whole batch
    // has the next look remove more.
    await mailer.flush();
    const afterFirstLooks = await left();
    expect(afterFirstLooks).toBeLessThan(old.length);
    for (let look = 0; look < 5 && (await left()) > 0; look += 1) {
      clock.pass(2000);
      await mailer.flush();
    }
    expect(await left()).toBe(0);
  });

  it('sends a mail whose sender died holding it once that sender’s lease is over, and only the new sender marks it', async () => {
    const clock = handClock(new Date('2026-11-26T09:00:00Z'));
    const relay = countingRelay();
    await database.db
      .insertInto('mail_outbox')
      .values({
        id: 'left-behind',
        recipient: 'left@example.com',
        subject: 'Left behind',
        text_body: 'Hello',
        html_body: '<p>Hello</p>',
        headers: '{}',
        status: 'waiting',
        attempts: 0,
        next_attempt_at: clock.now().toISOString(),
        created_at: clock.now().toISOString(),
      })
      .execute();
    // Another instance takes the mail for 45 seconds and dies before it is out.
    const dead = await claimNextMail(database.db, {
      now: clock.now(),
      leaseUntil: new Date(clock.now().getTime() + 45_000),
      token: 'the-dead-sender',
    });
    expect(dead?.id).toBe('left-behind');

    const mailer = startMailer({ transport: relay.transport, now: clock.now });
    await mailer.flush();
    expect(relay.delivered).toEqual([]);

    clock.pass(46_000);
    await mailer.flush();
    expect(relay.delivered).toEqual(['left@example.com']);
    // The dead sender's word, should it come, is not taken.
    if (dead) expect(await markSent(database.db, dead, clock.now())).toBe(false);
    const row = await database.db
      .selectFrom('mail_outbox')
      .select(['status', 'attempts'])
      .where('id', '=', 'left-behind')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'sent', attempts: 2 });
  });

  it('keeps a mail for its sender while a slow relay outlasts the lease: the other sender looks and leaves it', async () => {
    const leaseMs = 300;
    const handedOver: string[] = [];
    const senders = new Map<'a' | 'b', Mailer>();
    // The relay takes three leases' time over the first mail, and meanwhile the other sender looks.
    const slowRelayOf = (sender: 'a' | 'b') => async (mail: Mail) => {
      handedOver.push(mail.to);
      if (handedOver.length > 1) return;
      await new Promise((resolve) => setTimeout(resolve, 3 * leaseMs));
      await senders.get(sender === 'a' ? 'b' : 'a')?.flush();
    };
    await sql`insert into mail_outbox
      (id, recipient, subject, text_body, html_body, headers, status, attempts, next_attempt_at, created_at)
      values ('slow', 'slow@example.com', 'Slow', 'Hello', '<p>Hello</p>', '{}', 'waiting', 0,
        ${new Date().toISOString()}, ${new Date().toISOString()})`.execute(database.db);

    senders.set('a', startMailer({ transport: slowRelayOf('a'), leaseMs }));
    senders.set('b', startMailer({ transport: slowRelayOf('b'), leaseMs }));
    await Promise.all([...senders.values()].map((sender) => sender.flush()));
    expect(handedOver).toEqual(['slow@example.com']);
    expect(await stored()).toEqual(['slow@example.com sent']);
  });
});
