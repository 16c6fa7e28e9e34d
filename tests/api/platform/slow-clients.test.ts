import http from 'node:http';
import net from 'node:net';
import { CONNECTIONS_PER_ADDRESS } from '../../../src/server/http/connections';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDialects } from '../../support/databases';
import { startTestShop, type TestShop } from '../../support/test-shop';

const IDLE_SOCKETS = 1000;

/**
 * A raw connection to the shop, to send it exactly what a slow or broken client would; from a
 * loopback address of its own when given one (127.0.0.0/8 is all this machine).
 */
function connect(shop: TestShop, localAddress?: string): Promise<net.Socket> {
  const { hostname, port } = new URL(shop.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port: Number(port), host: hostname, localAddress }, () =>
      resolve(socket),
    );
    socket.once('error', reject);
    // A connection the shop closes at once is read to its end, so that `closed` says so.
    socket.resume();
  });
}

/** The status of GET `path`, asked from a loopback address of its own. */
function statusFrom(shop: TestShop, localAddress: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(`${shop.baseUrl}${path}`, { localAddress }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
      .once('error', reject);
  });
}

/** Everything the shop sent on a connection until it closed it. */
function untilClosed(socket: net.Socket): Promise<string> {
  return new Promise((resolve) => {
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(received));
  });
}

async function rawAnswer(shop: TestShop, requestLine: string): Promise<string> {
  const socket = await connect(shop);
  const answer = untilClosed(socket);
  socket.write(`${requestLine}\r\nHost: shop.example\r\nConnection: close\r\n\r\n`);
  return answer;
}

describe('clients that are slow, idle or speak to a proxy', () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await startTestShop('sqlite');
  });
  afterAll(() => shop.close());

  it('closes connections whose headers or body never finish arriving, and idle ones', async () => {
    const halfHeaders = await connect(shop);
    halfHeaders.write('GET /api/health HTTP/1.1\r\nHost: shop.example\r\n');
    const halfBody = await connect(shop);
    halfBody.write(
      'POST /api/users/login HTTP/1.1\r\nHost: shop.example\r\n' +
        'Content-Type: application/json\r\nContent-Length: 200\r\n\r\n{"email":',
    );
    const kept = await connect(shop);
    kept.write('GET /api/health HTTP/1.1\r\nHost: shop.example\r\n\r\n');
    const started = Date.now();
    const closedAfter = (socket: net.Socket) =>
      untilClosed(socket).then((received) => ({ received, ms: Date.now() - started }));

    const [headers, body, idle] = await Promise.all([
      closedAfter(halfHeaders),
      closedAfter(halfBody),
      closedAfter(kept),
    ]);
    // The kept-alive connection was answered, then closed once idle.
    expect(idle.received).toMatch(/^HTTP\/1\.1 200/);
    expect(idle.ms).toBeLessThan(headers.ms);
    // Headers that never end are cut off first (10 s), a body that never ends later (30 s).
    expect(headers.received).toMatch(/^HTTP\/1\.1 408/);
    expect(headers.ms).toBeLessThan(body.ms);
    expect(body.received).toMatch(/^HTTP\/1\.1 408/);
    expect(body.received).toContain('"code":"REQUEST_TIMEOUT"');
  }, 75_000);

  it(`answers its health check while one client opens ${IDLE_SOCKETS} idle connections`, async () => {
    const idle = await Promise.all(
      Array.from({ length: IDLE_SOCKETS }, () => connect(shop, '127.0.0.7')),
    );
    try {
      // One address holds no more than its share; the rest are closed as they arrive.
      await vi.waitFor(
        () =>
          expect(idle.filter((socket) => socket.closed)).toHaveLength(
            IDLE_SOCKETS - CONNECTIONS_PER_ADDRESS,
          ),
        { timeout: 5000, interval: 50 },
      );
      expect(await statusFrom(shop, '127.0.0.8', '/api/health')).toBe(200);
    } finally {
      for (const socket of idle) socket.destroy();
    }
  });

  it('refuses a request line in absolute form, or *, with 400', async () => {
    for (const line of [
      'GET http://shop.example/api/health HTTP/1.1',
      'GET http://shop.example/ HTTP/1.1',
      'GET http://shop.example/product/abc HTTP/1.1',
      'OPTIONS * HTTP/1.1',
    ]) {
      const answer = await rawAnswer(shop, line);
      expect(answer, line).toMatch(/^HTTP\/1\.1 400/);
      expect(answer, line).toContain('"code":"BAD_REQUEST"');
    }
    expect(await rawAnswer(shop, 'GET /api/health HTTP/1.1')).toMatch(/^HTTP\/1\.1 200/);
  });
});

describe.each(testDialects())('a client that hangs up mid-request on %s', (dialect) => {
  let shop: TestShop;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    shop = await startTestShop(
      dialect,
      { LOG_LEVEL: 'info' },
      {
        logStream: {
          write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>),
        },
      },
    );
  });
  afterAll(() => shop.close());

  it('is logged as a client that went away, at the level of a request, not as an outage', async () => {
    // The shop has begun reading the body once it lets the request's stream flow.
    const reading = new Promise<void>((resolve) => {
      shop.app.server.once('request', (request: http.IncomingMessage) => {
        request.once('resume', () => resolve());
      });
    });
    const socket = await connect(shop);
    socket.write(
      'POST /api/users/login HTTP/1.1\r\nHost: shop.example\r\nContent-Type: application/json\r\n' +
        'Content-Length: 200\r\n\r\n{"email":"gone@example.com",',
    );
    await reading;
    socket.destroy();

    const wentAway = await vi.waitFor(() => {
      const line = lines.find((each) => String(each.msg).startsWith('the client went away'));
      if (!line) throw new Error('not logged yet');
      return line;
    });
    const { time, pid, hostname, reqId, ...said } = wentAway;
    expect([typeof time, typeof pid, typeof hostname, typeof reqId]).toEqual([
      'number',
      'number',
      'string',
      'string',
    ]);
    expect(said).toEqual({
      level: 30,
      req: { method: 'POST', url: '/api/users/login', remoteAddress: '127.0.0.1' },
      msg: 'the client went away before its request arrived whole: nothing was done or answered',
    });
    // The line above is written where an outage would have been: none was.
    expect(lines.filter((line) => Number(line.level) >= 40)).toEqual([]);
  });
});
