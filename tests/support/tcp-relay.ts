import net from 'node:net';

/**
 * A TCP relay in front of a server (the test PostgreSQL), which a test can cut, as a network
 * failure or a database restart would, and restore on the same port; or silence, as a network
 * partition does, where nothing is refused and nothing gets through.
 */
export interface TcpRelay {
  port: number;
  /** Drops every connection through it and refuses new ones. */
  cut(): Promise<void>;
  /** Takes connections again, on the same port. */
  restore(): Promise<void>;
  /** Passes nothing either way, on open connections or new ones, and closes none of them. */
  silence(): void;
  /** Passes again what silence held back, and all that follows. */
  speak(): void;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream: net.Socket;
}

function join({ client, upstream }: Pair) {
  client.pipe(upstream);
  upstream.pipe(client);
}

function hold({ client, upstream }: Pair) {
  client.unpipe(upstream);
  upstream.unpipe(client);
  client.pause();
  upstream.pause();
}

export async function startTcpRelay(target: { host: string; port: number }): Promise<TcpRelay> {
  const sockets = new Set<net.Socket>();
  const pairs = new Set<Pair>();
  let silent = false;
  const server = net.createServer((client) => {
    const pair = { client, upstream: net.connect(target.port, target.host) };
    for (const socket of [client, pair.upstream]) {
      sockets.add(socket);
      socket.on('close', () => {
        sockets.delete(socket);
        pairs.delete(pair);
      });
      socket.on('error', () => {
        client.destroy();
        pair.upstream.destroy();
      });
    }
    pairs.add(pair);
    if (silent) hold(pair);
    else join(pair);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });
  const port = await listen(0);
  return {
    port,
    cut: stop,
    restore: async () => {
      await listen(port);
    },
    silence() {
      silent = true;
      for (const pair of pairs) hold(pair);
    },
    speak() {
      silent = false;
      for (const pair of pairs) join(pair);
    },
    close: stop,
  };
}
