import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../../src/server/accounts/passwords';
import { insertUser } from '../../../src/server/accounts/users.repository';
import { loadConfig } from '../../../src/server/config';
import { giveConsent } from '../../../src/server/consents/consents.service';
import { openDatabase } from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { settingsFromEnvironment } from '../../../src/server/settings/environment-defaults';
import { insertFirstSettings } from '../../../src/server/settings/settings.repository';
import { newId } from '../../../src/server/sql/ids';
import { createTestDatabaseUrl, testDialects, type TestDatabaseUrl } from '../../support/databases';
import { freePort, startShopProcess, type ShopProcess } from '../../support/shop-process';
import { startSmtpStandIn, type SmtpStandIn } from '../../support/smtp-stand-in';

const READERS = 20;
const SUBJECT = 'Letter through a crash';
const ADMIN = { email: 'owner@example.com', password: 'a long enough password' };
/** The shop is killed once the relay has taken this many of the newsletter's mails. */
const KILL_AFTER = 3;

describe.each(testDialects())(
  'a newsletter whose sending instance is killed part way, on %s',
  (dialect) => {
    let dataDir: string;
    let database: TestDatabaseUrl | undefined;
    let environment: Record<string, string>;
    let relay: SmtpStandIn;
    let shop: ShopProcess | undefined;
    const readers = Array.from({ length: READERS }, (_, index) => `reader${index}@example.com`);

    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'shop-newsletter-crash-'));
      // Each mail takes the relay a while, so the kill finds some delivered, one on its way, some
      // queued in the outbox, and some still waiting for their turn.
      relay = await startSmtpStandIn({ acceptAfterMs: 150 });
      database = dialect === 'postgres' ? await createTestDatabaseUrl('postgres') : undefined;
      environment = {
        DATA_DIR: dataDir,
        DATABASE_URL: database?.url ?? `sqlite:${path.join(dataDir, 'shop.db')}`,
        SMTP_URL: relay.url,
        MAIL_FROM: 'shop@larkspur.example.test',
      };
      const config = loadConfig({
        NODE_ENV: 'test',
        SEED: 'none',
        PASSWORD_HASH_COST: 'test',
        ...environment,
      });
      const shopDatabase = openDatabase(config.database);
      await migrateToLatest(shopDatabase);
      await insertFirstSettings(shopDatabase.db, {
        sections: { ...settingsFromEnvironment(config), newsletter: { perMinute: 600 } },
        at: new Date().toISOString(),
      });
      await insertUser(shopDatabase.db, {
        id: newId(),
        name: 'Owner',
        email: ADMIN.email,
        passwordHash: await hashPassword(ADMIN.password, config.passwordHashCost),
        role: 'admin',
      });
      for (const email of readers) {
        await giveConsent(shopDatabase.db, { email, purpose: 'newsletter', source: 'footer' });
      }
      await shopDatabase.close();
    });

    afterAll(async () => {
      shop?.child.kill('SIGKILL');
      await shop?.exited();
      await relay.close();
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    });

    const lettersTo = () => {
      const counts = Object.fromEntries(readers.map((reader) => [reader, 0]));
      for (const mail of relay.accepted) {
        if (mail.subject !== SUBJECT) continue;
        for (const to of mail.to) counts[to] = (counts[to] ?? 0) + 1;
      }
      return counts;
    };

    it('mails each subscriber once after the restart, the one in flight at most twice', async () => {
      shop = await startShopProcess({ ...environment, PORT: String(await freePort()) });
      const api = async (url: string, token: string | undefined, body?: unknown) => {
        const response = await fetch(`${shop?.baseUrl ?? ''}${url}`, {
          method: 'POST',
          headers: {
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return {
          status: response.status,
          body: (await response.json()) as Record<string, unknown>,
        };
      };
      const signedIn = await api('/api/users/login', undefined, ADMIN);
      const token = String(signedIn.body.token);
      const letter = await api('/api/newsletters', token, {
        subject: SUBJECT,
        body: 'Still here.',
      });
      expect(letter.status).toBe(201);
      const sent = await api(`/api/newsletters/${String(letter.body._id)}/send`, token);
      expect(sent.status).toBe(200);

      const victim = shop.child;
      await vi.waitFor(
        () => {
          expect(
            relay.accepted.filter((mail) => mail.subject === SUBJECT).length,
          ).toBeGreaterThanOrEqual(KILL_AFTER);
        },
        { timeout: 20_000, interval: 10 },
      );
      victim.kill('SIGKILL');
      await shop.exited();
      const beforeRestart = Object.values(lettersTo()).filter((count) => count > 0).length;
      // Killed part way: not everyone had their letter.
      expect(beforeRestart).toBeLessThan(READERS);

      shop = await startShopProcess({ ...environment, PORT: String(await freePort()) });
      // The mail in flight at the kill waits for its sender's lease (45 s) to end before it goes again.
      await vi.waitFor(
        () => {
          for (const count of Object.values(lettersTo())) expect(count).toBeGreaterThanOrEqual(1);
        },
        { timeout: 90_000, interval: 200 },
      );
      const counts = Object.values(lettersTo());
      expect(counts.every((count) => count <= 2)).toBe(true);
      expect(counts.filter((count) => count === 2).length).toBeLessThanOrEqual(1);
    }, 150_000);
  },
);
