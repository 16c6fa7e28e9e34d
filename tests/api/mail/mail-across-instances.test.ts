import { sql } from 'kysely';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { parseDatabaseUrl } from '../../../src/server/config';
import { openDatabase } from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { insertMail } from '../../../src/server/mail/mail-outbox.repository';
import { createMailer, type Mailer } from '../../../src/server/mail/mail-sender';
import { createMailTransport } from '../../../src/server/mail/mailer';
import { addUser, freshAddress } from '../../support/account-fixtures';
import { createTestDatabaseUrl, testDialects, type TestDatabaseUrl } from '../../support/databases';
import { startShopProcess, type ShopProcess } from '../../support/shop-process';
import { startSmtpStandIn, type SmtpStandIn } from '../../support/smtp-stand-in';
import { startTestShop, type TestShop } from '../../support/test-shop';

const MAIL_FROM = 'shop@larkspur.example.test';
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** How many times the relay took a mail to each address. */
function deliveriesTo(relay: SmtpStandIn, addresses: string[]): Record<string, number> {
  const counts = Object.fromEntries(addresses.map((address) => [address, 0]));
  for (const mail of relay.accepted) {
    for (const to of mail.to) counts[to] = (counts[to] ?? 0) + 1;
  }
  return counts;
}

const once = (addresses: string[]) => Object.fromEntries(addresses.map((address) => [address, 1]));

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'mail from three instances on one PostgreSQL',
  () => {
    it('delivers each of 25 reset mails exactly once through a relay slower than a sender’s lease', async () => {
      // Each mail takes the relay 1.5 s, half as long again as a sender's lease: only a sender that
      // keeps renewing its lease keeps the others off its mail.
      const relay = await startSmtpStandIn({ acceptAfterMs: 1500 });
      const environment = { SMTP_URL: relay.url, MAIL_FROM };
      const shops: TestShop[] = [];
      try {
        const first = await startTestShop('postgres', environment, { mailLeaseMs: 1000 });
        shops.push(first);
        while (shops.length < 3) {
          shops.push(
            await startTestShop('postgres', environment, {
              sameDatabaseAs: first,
              mailLeaseMs: 1000,
            }),
          );
        }
        const customers = [];
        for (let index = 0; index < 25; index += 1) customers.push(await addUser(first));
        const addresses = customers.map((customer) => customer.email);

        // Each customer asks one instance or another for a reset link.
        const asked = await Promise.all(
          customers.map((customer, index) =>
            (shops[index % shops.length] ?? first).app.inject({
              method: 'POST',
              url: '/api/users/forgot-password',
              payload: { email: customer.email },
              remoteAddress: freshAddress(),
            }),
          ),
        );
        expect(asked.map((answer) => answer.statusCode)).toEqual(addresses.map(() => 200));

        // Every mail is out once the outbox holds none waiting and the relay none on its way: a
        // sender marks a mail sent only while it holds it, so none is then left to go again.
        const waiting = () =>
          first.database.db
            .selectFrom('mail_outbox')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where('status', '=', 'waiting')
            .executeTakeFirstOrThrow();
        await vi.waitFor(
          async () => {
            expect(new Set(relay.accepted.flatMap((mail) => mail.to)).size).toBe(25);
            expect((await waiting()).count).toBe(0);
            expect(relay.arriving).toHaveLength(0);
          },
          { timeout: 90_000, interval: 250 },
        );
        expect(deliveriesTo(relay, addresses)).toEqual(once(addresses));
        expect(relay.accepted.every((mail) => /reset/i.test(mail.subject))).toBe(true);
      } finally {
        // The instances that share the first one's database go first; the first then drops it.
        for (const shop of shops.reverse()) await shop.close();
        await relay.close();
      }
    }, 150_000);
  },
);

describe.each(testDialects())('a sender killed mid-send on %s', (dialect) => {
  it('repeats at most the one mail on its way when killed; every other mail goes once', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'shop-mail-kill-'));
    // Shared by the shop's process and this one: on SQLite, a file both can open.
    const testDatabase: TestDatabaseUrl =
      dialect === 'sqlite'
        ? { url: `sqlite:${path.join(folder, 'shop.db')}`, drop: () => Promise.resolve() }
        : await createTestDatabaseUrl('postgres');
    const database = openDatabase(parseDatabaseUrl(testDatabase.url, folder));
    await migrateToLatest(database);
    const relay = await startSmtpStandIn({ acceptAfterMs: 700 });
    let shop: ShopProcess | undefined;
    let survivor: Mailer | undefined;
    try {
      shop = await startShopProcess({
        DATA_DIR: folder,
        DATABASE_URL: testDatabase.url,
        PAYMENT_PROVIDER: 'test',
        SMTP_URL: relay.url,
        MAIL_FROM,
      });
      const addresses = Array.from({ length: 6 }, (_, index) => `parcel-${index}@example.com`);
      for (const [index, to] of addresses.entries()) {
        await insertMail(
          database.db,
          { to, subject: `Your parcel ${index}`, text: 'On its way', html: '<p>On its way</p>' },
          new Date(),
        );
      }

      // The shop dies while the relay has its third mail and has not said it took it.
      await vi.waitFor(
        () => {
          expect(relay.accepted.length).toBeGreaterThanOrEqual(2);
          expect(relay.arriving).toHaveLength(1);
        },
        { timeout: 30_000, interval: 10 },
      );
      const onItsWay = relay.arriving[0]?.to[0] ?? '';
      const { child } = shop;
      const ended = shop.exited();
      child.kill('SIGKILL');
      await ended;
      expect(child.signalCode).toBe('SIGKILL');

      // 45 seconds pass: the dead shop's lease on that mail is over. Another instance sends.
      await sql`update mail_outbox set next_attempt_at = ${new Date().toISOString()}
        where status = 'waiting'`.execute(database.db);
      survivor = createMailer({
        db: database.db,
        transport: createMailTransport({
          smtpUrl: relay.url,
          from: MAIL_FROM,
          outboxDir: path.join(folder, 'outbox'),
          log: quiet,
        }),
        log: quiet,
      });
      await survivor.flush();
      await vi.waitFor(() => expect(relay.arriving).toHaveLength(0));

      const delivered = deliveriesTo(relay, addresses);
      const others = addresses.filter((address) => address !== onItsWay);
      expect(others.map((address) => delivered[address])).toEqual(others.map(() => 1));
      expect(delivered[onItsWay]).toBeGreaterThanOrEqual(1);
      expect(delivered[onItsWay]).toBeLessThanOrEqual(2);
      expect(await survivor.waiting()).toBe(0);
    } finally {
      shop?.child.kill('SIGKILL');
      await shop?.exited();
      await survivor?.close();
      await relay.close();
      await database.close();
      await testDatabase.drop();
      await rm(folder, { recursive: true, force: true });
    }
  }, 150_000);
});
