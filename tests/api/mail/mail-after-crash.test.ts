import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { addProduct } from '../../support/catalogue-fixtures';
import { ADDRESS } from '../../support/order-fixtures';
import { freePort, startShopProcess, type ShopProcess } from '../../support/shop-process';
import { startSmtpStandIn, type SmtpStandIn } from '../../support/smtp-stand-in';

const ORDERS = 80;
const AT_ONCE = 16;
/** The shop is killed once this many orders have been confirmed, with more on their way. */
const KILL_AFTER = 24;

describe('mails of orders confirmed just before a crash', () => {
  let dataDir: string;
  let environment: Record<string, string>;
  let baseUrl: string;
  let smtpPort: number;
  let smtp: SmtpStandIn | undefined;
  let shop: ShopProcess | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'shop-crash-'));
    const databaseUrl = `sqlite:${path.join(dataDir, 'shop.db')}`;
    const database = openDatabase({ dialect: 'sqlite', filename: path.join(dataDir, 'shop.db') });
    await migrateToLatest(database);
    await addProduct(database, { name: 'Everyday Hoop Earrings', countInStock: 500 });
    await database.close();
    const port = await freePort();
    smtpPort = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    environment = {
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PAYMENT_PROVIDER: 'test',
      // Nothing listens here until after the crash: every mail waits.
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'shop@larkspur.example.test',
    };
  });

  afterAll(async () => {
    shop?.child.kill('SIGKILL');
    await shop?.exited();
    await smtp?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('are all delivered once the shop is back, none twice', async () => {
    shop = await startShopProcess(environment);
    const call = async (url: string, token: string | undefined, body: unknown) => {
      const response = await fetch(`${baseUrl}${url}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const registered = await call('/api/users', undefined, {
      name: 'Crash Customer',
      email: 'crash@example.com',
      password: 'a long enough password',
    });
    const token = String(registered.body.token);
    const products = (await (await fetch(`${baseUrl}/api/products`)).json()) as {
      products: { _id: string }[];
    };
    const lines = [{ product: products.products[0]?._id ?? '', qty: 1 }];

    const confirmed: string[] = [];
    /** The answers (payment/order) of orders that were not confirmed before the crash. */
    const refused: string[] = [];
    const victim = shop.child;
    const victimExited = shop.exited();
    let next = 0;
    async function orderOne() {
      const payment = await call('/api/payments', token, {
        orderItems: lines,
        shippingAddress: ADDRESS,
      });
      const order = await call('/api/orders', token, {
        orderItems: lines,
        shippingAddress: ADDRESS,
        paymentMethod: 'PayPal',
        notes: '',
        paymentResult: { id: payment.body.id },
      });
      if (order.status === 201) confirmed.push(String(order.body.orderNumber));
      else refused.push(`${payment.status}/${order.status}`);
      if (confirmed.length >= KILL_AFTER) victim.kill('SIGKILL');
    }
    async function worker() {
      while (next < ORDERS && victim.exitCode === null && victim.signalCode === null) {
        next += 1;
        await orderOne().catch(() => undefined);
      }
    }
    await Promise.all(Array.from({ length: AT_ONCE }, worker));
    // Fewer confirmed would leave the shop unkilled, and nothing to wait for.
    expect({ confirmed: confirmed.length >= KILL_AFTER, refused }).toMatchObject({
      confirmed: true,
    });
    await victimExited;
    expect(victim.signalCode).toBe('SIGKILL');

    // SMTP is there now; the shop starts again over the same database.
    // The stand-in shrugs off a sender killed mid-mail, as the shop is at the end.
    smtp = await startSmtpStandIn({ port: smtpPort });
    shop = await startShopProcess(environment);

    const confirmationOf = (id: string) =>
      (smtp?.accepted ?? []).filter((mail) => mail.subject.endsWith(id));
    await vi.waitFor(
      () => {
        for (const id of confirmed) expect(confirmationOf(id)).toHaveLength(1);
      },
      // The mails that failed while SMTP was away are tried again 10-40 seconds later.
      { timeout: 75_000, interval: 200 },
    );
  }, 180_000);
});
