import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A port nothing on this machine is listening on. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no free port'));
      });
    });
  });
}

/**
 * Waits until a shop started as its own process answers /api/health. Two minutes: the first
 * start of a shop draws the demo catalogue's pictures, which takes a while on a busy machine.
 */
export async function waitForHealth(baseUrl: string, server: ChildProcess, log: () => string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The shop stopped while starting:\n${log()}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The shop did not answer /api/health within two minutes:\n${log()}`);
}
