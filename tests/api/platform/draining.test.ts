import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../../src/server/db/database';
import { createTestDatabaseUrl, type TestDatabaseUrl } from '../../support/databases';
import { startShopProcess, type ShopProcess } from '../../support/shop-process';
import { startSmtpStandIn, type SmtpStandIn } from '../../support/smtp-stand-in';

/** Whether the shop takes a new connection on its port. */
function accepts(baseUrl: string): Promise<boolean> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Asks every 20 ms until `ask` says yes. */
async function until(ask: () => Promise<boolean>): Promise<void> {
  while (!(await ask())) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Everything the shop sends on a socket until it closes it. */
function untilClosed(socket: net.Socket): Promise<string> {
  return new Promise((resolve) => {
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(received));
  });
}

describe('a shop told to stop (SIGTERM)', () => {
  let dataDir: string;
  let shop: ShopProcess;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'shop-drain-'));
    shop = await startShopProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${path.join(dataDir, 'shop.db')}`,
      DRAIN_SECONDS: '3',
    });
  });
  afterAll(async () => {
    shop.child.kill('SIGKILL');
    await shop.exited();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('says it is stopping, serves the grace out, finishes what is in flight and exits 0', async () => {
    const url = (target: string) => `${shop.baseUrl}${target}`;
    expect((await fetch(url('/api/health'))).status).toBe(200);

    shop.child.kill('SIGTERM');
    await until(async () => (await fetch(url('/api/health'))).status === 503);
    const health = await fetch(url('/api/health'));
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({
      message: 'This server is stopping: it answers what it is sent for a few seconds more',
      code: 'SERVICE_UNAVAILABLE',
    });
    // Everything else is still served, on a new connection as on one kept alive.
    const products = await fetch(url('/api/products'));
    expect(products.status).toBe(200);
    expect(await products.json()).toMatchObject({ products: [], page: 1 });
    expect((await fetch(url('/api/config/shop'))).status).toBe(200);

    // A request begun in the grace, whose body is still on its way when the grace ends.
    const { hostname, port } = new URL(shop.baseUrl);
    const inFlight = net.connect({ host: hostname, port: Number(port) });
    const answer = untilClosed(inFlight);
    const body = JSON.stringify({ email: 'late.shopper@example.com' });
    inFlight.write(
      'POST /api/users/forgot-password HTTP/1.1\r\nHost: shop.example\r\n' +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );

    // The grace is over once the shop takes no new connection.
    await until(async () => !(await accepts(shop.baseUrl)));
    expect(shop.child.exitCode).toBeNull();
    inFlight.write(body.slice(10));
    const sent = await answer;
    expect(sent).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(sent.slice(sent.indexOf('\r\n\r\n') + 4)).toBe(
      JSON.stringify({ message: 'Password reset link has been sent' }),
    );

    await shop.exited();
    expect(shop.child.exitCode).toBe(0);
  });
});

describe('a shop told to stop while its relay has a mail', () => {
  let dataDir: string;
  let relay: SmtpStandIn;
  let shop: ShopProcess;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'shop-drain-mail-'));
    // A relay that takes a mail and never says it has it.
    relay = await startSmtpStandIn({ acceptAfterMs: 120_000 });
    shop = await startShopProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${path.join(dataDir, 'shop.db')}`,
      DRAIN_SECONDS: '0',
      SMTP_URL: relay.url,
      MAIL_FROM: 'shop@larkspur.example.test',
    });
  });
  afterAll(async () => {
    shop.child.kill('SIGKILL');
    await shop.exited();
    await relay.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('hands the mail back to the outbox, due at once for another sender, and exits 0', async () => {
    const account = { name: 'Rhea Relay', email: 'rhea@example.com', password: 'a long password' };
    const post = (target: string, body: unknown) =>
      fetch(`${shop.baseUrl}${target}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    // Registering mails the new account a link to prove its address.
    expect((await post('/api/users', account)).status).toBe(201);
    await vi.waitFor(
      () => expect(relay.arriving.map((mail) => mail.to)).toEqual([[account.email]]),
      {
        timeout: 10_000,
      },
    );

    const stopped = Date.now();
    shop.child.kill('SIGTERM');
    await shop.exited();
    expect(shop.child.exitCode).toBe(0);

    const database = openDatabase({ dialect: 'sqlite', filename: path.join(dataDir, 'shop.db') });
    try {
      const mails = await database.db
        .selectFrom('mail_outbox')
        .select(['recipient', 'status', 'attempts', 'lease_token', 'next_attempt_at'])
        .execute();
      expect(
        mails.map(({ recipient, status, attempts, lease_token }) => ({
          recipient,
          status,
          attempts,
          lease_token,
        })),
      ).toEqual([{ recipient: account.email, status: 'waiting', attempts: 0, lease_token: null }]);
      // Due now, not once the lease this sender took would have run out (45 s on).
      const due = new Date(String(mails[0]?.next_attempt_at)).getTime();
      expect(due).toBeGreaterThanOrEqual(stopped);
      expect(due).toBeLessThanOrEqual(Date.now());
    } finally {
      await database.close();
    }
  });
});

/**
 * A load balancer as small as can be: it asks each instance's health every 100 ms, sends each
 * request to the next instance whose last answer was 200, and never tries a request again.
 */
interface Balancer {
  url: string;
  add(baseUrl: string): void;
  remove(baseUrl: string): void;
  /** Whether the balancer sends requests to this instance now. */
  sendsTo(baseUrl: string): boolean;
  close(): Promise<void>;
}

async function startBalancer(): Promise<Balancer> {
  const healthy = new Map<string, boolean>();
  const agent = new http.Agent({ keepAlive: true, timeout: 1000 });
  let next = 0;
  let closed = false;
  const checking = new Set<Promise<void>>();

  async function watch(baseUrl: string) {
    while (!closed && healthy.has(baseUrl)) {
      const answer = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(3000) })
        .then((response) => response.status)
        .catch(() => 0);
      if (healthy.has(baseUrl)) healthy.set(baseUrl, answer === 200);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const server = http.createServer((request, response) => {
    const up = [...healthy].flatMap(([baseUrl, isUp]) => (isUp ? [baseUrl] : []));
    const target = up[next++ % Math.max(up.length, 1)];
    if (target === undefined) {
      response.writeHead(502).end('no instance is up');
      return;
    }
    const { hostname, port } = new URL(target);
    const upstream = http.request(
      {
        hostname,
        port,
        path: request.url,
        method: request.method,
        headers: request.headers,
        agent,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', (error) => response.destroy(error));
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    add(baseUrl) {
      healthy.set(baseUrl, false);
      const watching = watch(baseUrl).finally(() => checking.delete(watching));
      checking.add(watching);
    },
    remove: (baseUrl) => void healthy.delete(baseUrl),
    sendsTo: (baseUrl) => healthy.get(baseUrl) === true,
    async close() {
      closed = true;
      await Promise.all(checking);
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a rolling restart of two instances on PostgreSQL behind a balancer',
  () => {
    let database: TestDatabaseUrl;
    let balancer: Balancer;
    const dataDirs: string[] = [];
    const shops: ShopProcess[] = [];

    /** One more instance of the shop on the test database. */
    async function startInstance(): Promise<ShopProcess> {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-rolling-'));
      dataDirs.push(dataDir);
      const shop = await startShopProcess({
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        JWT_SECRET: 'one secret shared by every instance of this shop',
        DRAIN_SECONDS: '2',
      });
      shops.push(shop);
      return shop;
    }

    beforeAll(async () => {
      database = await createTestDatabaseUrl('postgres');
      balancer = await startBalancer();
    });
    afterAll(async () => {
      for (const shop of shops) shop.child.kill('SIGKILL');
      await Promise.all(shops.map((shop) => shop.exited()));
      await balancer.close();
      await database.drop();
      await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
    });

    it('loses no request, though the balancer tries none again', async () => {
      const [first, second] = await Promise.all([startInstance(), startInstance()]);
      for (const shop of [first, second]) balancer.add(shop.baseUrl);
      await vi.waitFor(() => expect(balancer.sendsTo(first.baseUrl)).toBe(true));
      await vi.waitFor(() => expect(balancer.sendsTo(second.baseUrl)).toBe(true));

      // Shoppers asking all along: a search the database answers, a kept list, the shop's details.
      const outcomes: string[] = [];
      let asking = true;
      const asks = ['/api/products?keyword=ring', '/api/products', '/api/config/shop'];
      const shopper = async (which: number) => {
        for (let n = which; asking; n += 1) {
          const target = `${balancer.url}${asks[n % asks.length] ?? '/'}`;
          outcomes.push(
            await fetch(target)
              .then(
                async (response) => `${response.status} ${(await response.text()).slice(0, 80)}`,
              )
              .catch((error: unknown) => `failed: ${String(error)}`),
          );
        }
      };
      const answeredOnce = () => outcomes.length;
      const shoppers = [0, 1, 2].map(shopper);
      const moreAnswers = async (count: number) => {
        const from = answeredOnce();
        await vi.waitFor(() => expect(answeredOnce()).toBeGreaterThanOrEqual(from + count), {
          timeout: 20_000,
        });
      };

      await moreAnswers(30);
      first.child.kill('SIGTERM');
      await first.exited();
      expect(first.child.exitCode).toBe(0);
      balancer.remove(first.baseUrl);

      const third = await startInstance();
      balancer.add(third.baseUrl);
      await vi.waitFor(() => expect(balancer.sendsTo(third.baseUrl)).toBe(true), {
        timeout: 10_000,
      });
      await moreAnswers(30);
      second.child.kill('SIGTERM');
      await second.exited();
      expect(second.child.exitCode).toBe(0);
      balancer.remove(second.baseUrl);
      await moreAnswers(30);

      asking = false;
      await Promise.all(shoppers);
      expect(outcomes.filter((outcome) => !outcome.startsWith('200 '))).toEqual([]);
    }, 180_000);
  },
);
