import type { FastifyHttpOptions, FastifyInstance } from 'fastify';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { ShopError } from './errors';

/**
 * How long a client may take. A slow or idle client holds a socket and memory, and enough of
 * them would take the shop off the air: headers must arrive within 10 s and a whole request
 * within 30 s, else the connection is closed (after a 408); a kept-alive connection with nothing
 * to do is closed after 5 s. The server looks for late ones every second.
 */
const CONNECTION_LIMITS = {
  headersMs: 10_000,
  requestMs: 30_000,
  idleKeepAliveMs: 5_000,
  checkEveryMs: 1_000,
} as const;

export const connectionOptions = {
  requestTimeout: CONNECTION_LIMITS.requestMs,
  keepAliveTimeout: CONNECTION_LIMITS.idleKeepAliveMs,
  http: {
    headersTimeout: CONNECTION_LIMITS.headersMs,
    connectionsCheckingInterval: CONNECTION_LIMITS.checkEveryMs,
  },
} satisfies Pick<FastifyHttpOptions<Server>, 'requestTimeout' | 'keepAliveTimeout' | 'http'>;

/**
 * The shop answers requests for its own paths only: a request line in absolute form
 * (`GET http://host/path`, meant for a proxy) or `*` (`OPTIONS *`) is refused before anything
 * else looks at it.
 */
export function registerOriginFormOnly(app: FastifyInstance): void {
  // Every request passes here, a kept answer's too: a callback, which costs no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.raw.url?.startsWith('/')) return done();
    done(new ShopError('BAD_REQUEST', 'That address is not valid'));
  });
}

/**
 * How many connections one client address may hold open at once. A browser opens six or so; a
 * whole office or a mobile network behind one address a few dozen. Beyond this a connection is
 * closed as it arrives, so that one client's heap of idle sockets cannot use up the process's
 * file descriptors and keep everyone else out.
 */
export const CONNECTIONS_PER_ADDRESS = 128;

/**
 * Caps each client address's open connections (see CONNECTIONS_PER_ADDRESS). Only for a shop
 * that clients reach directly: behind a proxy every connection comes from the proxy, which holds
 * slow clients itself.
 */
export function limitConnectionsPerAddress(app: FastifyInstance): void {
  const open = new Map<string, number>();
  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > CONNECTIONS_PER_ADDRESS) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
