import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { parseDatabaseUrl } from '../../../src/server/config';
import { openDatabase, type ShopDatabase } from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrate';
import {
  queueGiftCardMail,
  type GiftCardMailing,
} from '../../../src/server/gift-cards/gift-cards.service';
import { createMailer, type Mailer } from '../../../src/server/mail/mail-sender';
import { createMailTransport } from '../../../src/server/mail/mailer';
import { formatGiftCardCode } from '../../../src/shared/gift-cards/gift-cards';
import { addUser, bearer } from '../../support/account-fixtures';
import { createTestDatabaseUrl, testDialects, type TestDatabaseUrl } from '../../support/databases';
import { cardFor, issueCards } from '../../support/gift-card-fixtures';
import { parseMail } from '../../support/mail-messages';
import { startSmtpStandIn, type SmtpStandIn } from '../../support/smtp-stand-in';
import { startTestShop } from '../../support/test-shop';

const MAIL_FROM = 'shop@larkspur.example.test';
const PUBLIC_URL = 'https://larkspur.example';
const TRADER = {
  name: 'Larkspur',
  legalName: 'Larkspur Trading Ltd',
  address: '1 Example Street, Bristol BS1 4DJ, United Kingdom',
  email: 'hello@larkspur.example',
  phone: '0117 496 0000',
  vatNumber: 'GB 123 4567 89',
  companyNumber: '12345678',
};
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** One instance of the shop as far as mail goes: its database handle and its sender. */
interface Instance {
  database: ShopDatabase;
  mailer: Mailer;
  mailing: GiftCardMailing;
}

describe.each(testDialects())('a gift card mailed on its day on %s', (dialect) => {
  it('is queued once by two instances at once, and sent once at 8:00 UK time, not before', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'shop-gift-card-mail-'));
    const testDatabase: TestDatabaseUrl =
      dialect === 'sqlite'
        ? { url: `sqlite:${path.join(folder, 'shop.db')}`, drop: () => Promise.resolve() }
        : await createTestDatabaseUrl('postgres');
    const relay: SmtpStandIn = await startSmtpStandIn({ acceptAfterMs: 0 });
    // The clock every instance reads; the test moves it.
    let clock = new Date('2026-12-20T10:00:00Z');
    const now = () => clock;
    const instances: Instance[] = [];
    try {
      for (let index = 0; index < 2; index += 1) {
        const database = openDatabase(parseDatabaseUrl(testDatabase.url, folder));
        if (index === 0) await migrateToLatest(database);
        const mailer = createMailer({
          db: database.db,
          transport: createMailTransport({
            smtpUrl: relay.url,
            from: MAIL_FROM,
            outboxDir: path.join(folder, 'outbox'),
            log: quiet,
          }),
          log: quiet,
          now,
        });
        instances.push({
          database,
          mailer,
          mailing: { mailer, publicUrl: PUBLIC_URL, trader: TRADER },
        });
      }
      const [first, second] = instances as [Instance, Instance];
      const { cards } = await issueCards(
        first.database,
        [cardFor({ amountPence: 2500, sendOn: '2026-12-25' })],
        { now: clock },
      );
      const card = cards[0];
      if (!card) throw new Error('no card');

      // Both instances queue the card's mail at once: one does.
      const queued = await Promise.all(
        instances.map(({ database, mailing }) =>
          database.db.transaction().execute((trx) => queueGiftCardMail(trx, mailing, card, clock)),
        ),
      );
      expect(queued.sort()).toEqual([false, true]);
      const outbox = await first.database.db
        .selectFrom('mail_outbox')
        .select(['recipient', 'status', 'next_attempt_at'])
        .execute();
      expect(
        outbox.map((mail) => [
          mail.recipient,
          mail.status,
          new Date(mail.next_attempt_at).toISOString(),
        ]),
      ).toEqual([['bea.recipient@example.com', 'waiting', '2026-12-25T08:00:00.000Z']]);

      const deliverAtOnce = async () => {
        await Promise.all(instances.map(({ mailer }) => mailer.flush()));
        await vi.waitFor(() => expect(relay.arriving).toHaveLength(0));
      };
      await deliverAtOnce();
      clock = new Date('2026-12-25T07:59:59.999Z');
      await deliverAtOnce();
      expect(relay.accepted).toEqual([]);

      clock = new Date('2026-12-25T08:00:00.000Z');
      await deliverAtOnce();
      expect(relay.accepted.map((mail) => mail.to)).toEqual([['bea.recipient@example.com']]);
      const text = parseMail(relay.accepted[0]?.raw ?? '').text ?? '';
      expect(text).toContain(`Your gift card code: ${formatGiftCardCode(card.code)}\n`);
      expect(text).toContain(
        'Hello Bea Recipient, Ann Buyer has sent you a £25.00 gift card to spend at Larkspur.',
      );
      expect(text).toContain('Their message:\nHappy birthday!\nLove, Ann\n');
      expect(text).toContain('Valid until: 20 December 2028\n');
      expect(text).toContain(`Spend it at ${PUBLIC_URL}: type the code at checkout.`);

      // Later looks send nothing more, and queuing again queues nothing.
      clock = new Date('2026-12-26T08:00:00.000Z');
      expect(
        await first.database.db
          .transaction()
          .execute((trx) => queueGiftCardMail(trx, first.mailing, card, clock)),
      ).toBe(false);
      await deliverAtOnce();
      expect(relay.accepted).toHaveLength(1);
      const row = await second.database.db
        .selectFrom('gift_cards')
        .select('mailed_at')
        .where('id', '=', card.id)
        .executeTakeFirstOrThrow();
      expect(new Date(row.mailed_at ?? 0).toISOString()).toBe('2026-12-25T08:00:00.000Z');
      const entries = await second.database.db
        .selectFrom('gift_card_entries')
        .select(['type', 'amount_pence', 'by_name', 'at'])
        .where('gift_card_id', '=', card.id)
        .orderBy('at')
        .execute();
      expect(
        entries.map((entry) => [
          entry.type,
          entry.amount_pence,
          entry.by_name,
          new Date(entry.at).toISOString(),
        ]),
      ).toEqual([
        ['issued', 2500, 'Ann Buyer', '2026-12-20T10:00:00.000Z'],
        ['mailed', 0, 'the shop', '2026-12-25T08:00:00.000Z'],
      ]);
    } finally {
      for (const { mailer } of instances) await mailer.close();
      for (const { database } of instances.reverse()) await database.close();
      await relay.close();
      await testDatabase.drop();
      await rm(folder, { recursive: true, force: true });
    }
  }, 60_000);

  it('goes at once when its day has passed, and again when an admin resends it', async () => {
    const relay = await startSmtpStandIn({ acceptAfterMs: 0 });
    const shop = await startTestShop(dialect, { SMTP_URL: relay.url, MAIL_FROM });
    const sender = createMailer({
      db: shop.database.db,
      transport: createMailTransport({
        smtpUrl: relay.url,
        from: MAIL_FROM,
        outboxDir: path.join(tmpdir(), 'unused-outbox'),
        log: quiet,
      }),
      log: quiet,
    });
    try {
      const admin = await addUser(shop, { role: 'admin', name: 'Olive Owner' });
      const { cards } = await issueCards(shop.database, [cardFor({ sendOn: '2026-01-01' })]);
      const card = cards[0];
      if (!card) throw new Error('no card');
      const mailing = { mailer: sender, publicUrl: PUBLIC_URL, trader: TRADER };
      const at = new Date();
      await shop.database.db
        .transaction()
        .execute((trx) => queueGiftCardMail(trx, mailing, card, at));
      sender.deliverDue();
      const formatted = formatGiftCardCode(card.code);
      const codesSent = () =>
        relay.accepted.map((mail) => {
          const text = parseMail(mail.raw).text ?? '';
          return /Your gift card code: ([A-Z0-9-]+)/.exec(text)?.[1];
        });
      await vi.waitFor(() => expect(codesSent()).toEqual([formatted]));

      const resend = () =>
        shop.app.inject({
          method: 'POST',
          url: `/api/gift-cards/${card.id}/resend`,
          headers: bearer(admin.token),
        });
      const again = await resend();
      expect(again.statusCode).toBe(200);
      expect(again.body).not.toContain(card.code);
      expect(again.body).not.toContain(formatted);
      await vi.waitFor(() => expect(codesSent()).toEqual([formatted, formatted]));
      expect(
        again
          .json<{ history: { type: string; by: string }[] }>()
          .history.map((entry) => [entry.type, entry.by]),
      ).toEqual([
        ['issued', 'Ann Buyer'],
        ['mailed', 'the shop'],
        ['mailed', 'Olive Owner'],
      ]);

      // Thirty days after the mails went, the outbox no longer has them: the card gets a new code.
      await shop.database.db.deleteFrom('mail_outbox').execute();
      const anew = await resend();
      expect(anew.statusCode).toBe(200);
      await vi.waitFor(() => expect(codesSent()).toHaveLength(3));
      const newCode = codesSent()[2] ?? '';
      expect(newCode).not.toBe(formatted);
      expect(anew.json()).toMatchObject({ last4: newCode.slice(-4), balance: 50 });
      const checkOf = (code: string) =>
        shop.app.inject({ method: 'POST', url: '/api/gift-cards/check', payload: { code } });
      expect((await checkOf(formatted)).statusCode).toBe(404);
      expect((await checkOf(newCode)).json()).toMatchObject({
        balance: 50,
        last4: newCode.slice(-4),
      });

      const audit = await shop.app.inject({
        method: 'GET',
        url: '/api/audit?action=gift_card.resent',
        headers: bearer(admin.token),
      });
      expect(
        audit.json<{ entries: { after: unknown }[] }>().entries.map((entry) => entry.after),
      ).toEqual([
        { recipient: 'bea.recipient@example.com', newCode: true },
        { recipient: 'bea.recipient@example.com', newCode: false },
      ]);
    } finally {
      await sender.close();
      await shop.close();
      await relay.close();
    }
  }, 60_000);
});
