import { spawn, type ChildProcess } from 'node:child_process';
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

/** A shop started from its source as its own process, as `npm start` would start it. */
export interface ShopProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Everything it printed so far. */
  log(): string;
  /** Resolves once the process has ended, however it ended. */
  exited(): Promise<void>;
}

/**
 * Starts the shop as its own process on a free port (`NODE_ENV=test`, no demo catalogue, log at
 * warn, cheap password hashes) and waits for it to answer /api/health.
 */
export async function startShopProcess(environment: Record<string, string>): Promise<ShopProcess> {
  const port = environment.PORT ?? String(await freePort());
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      SEED: 'none',
      LOG_LEVEL: 'warn',
      PASSWORD_HASH_COST: 'test',
      ...environment,
      PORT: port,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const ended = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const shop = {
    child,
    baseUrl: `http://127.0.0.1:${port}`,
    log: () => output,
    exited: () => ended,
  };
  await waitForHealth(shop.baseUrl, child, shop.log);
  return shop;
}
