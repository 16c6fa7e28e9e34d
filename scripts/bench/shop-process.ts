// The shop as `npm start` runs it (the built server, in its own process, with the demo catalogue),
// for measuring from outside as a shopper's browser would reach it.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, waitForHealth } from '../../tests/support/shop-process';

const ROOT = path.resolve(import.meta.dirname, '../..');
const LOG_KEPT = 20_000;

export interface RunningShop {
  baseUrl: string;
  pid: number;
  /** Resident memory of the first start, which added the demo catalogue, just after it. */
  seedingMemory: number;
  /** What the shop has written to its standard output and error lately. */
  log(): string;
  stop(): Promise<void>;
}

/**
 * Builds what is missing or older than its sources, exactly as `npm start` does; the build's own
 * output is shown only when it fails.
 */
export function buildIfStale() {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-if-stale.mjs')], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (result.status !== 0)
    throw new Error(`The shop could not be built:\n${result.stdout}${result.stderr}`);
  const built = result.stdout.split('\n').filter((line) => line.startsWith('Building'));
  if (built.length > 0) console.info(built.join('\n'));
}

/** A process's resident memory in bytes, or undefined once it has gone. */
export function residentMemory(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
    return kib === undefined ? undefined : Number(kib) * 1024;
  } catch {
    return undefined;
  }
}

interface ShopProcess {
  pid: number;
  log: () => string;
  stop: () => Promise<void>;
}

/** One run of the built server on the given data folder, answering /api/health. */
async function launch(
  environment: NodeJS.ProcessEnv,
  dataDir: string,
  port: number,
  secrets: { jwt: string; admin: string },
): Promise<ShopProcess> {
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-LOG_KEPT));
  const server = spawn(process.execPath, [path.join(ROOT, 'dist/server/main.js')], {
    cwd: ROOT,
    env: {
      PATH: environment.PATH,
      HOME: environment.HOME,
      ...(environment.CACHE_MAX_MB ? { CACHE_MAX_MB: environment.CACHE_MAX_MB } : {}),
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${path.join(dataDir, 'shop.db')}`,
      PUBLIC_URL: baseUrl,
      SEED: 'demo',
      JWT_SECRET: secrets.jwt,
      ADMIN_PASSWORD: secrets.admin,
      PAYMENT_PROVIDER: 'paypal',
      PAYPAL_API_BASE: 'http://127.0.0.1:9',
      PAYPAL_CLIENT_ID: 'bench-placeholder',
      PAYPAL_CLIENT_SECRET: 'bench-placeholder',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', keep);
  server.stderr.on('data', keep);
  server.once('exit', (code, signal) => {
    log += `\n[the shop's process ended: ${signal ?? `exit code ${code}`}]`;
  });
  const stop = async () => {
    if (server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  };
  try {
    await waitForHealth(baseUrl, server, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  if (server.pid === undefined) throw new Error('The shop started without a process id');
  return { pid: server.pid, log: () => log, stop };
}

/**
 * Starts the built shop on a free port with a fresh SQLite database holding the demo catalogue.
 * It runs as in production (React's production build renders pages; JSON logs at `warn`, so
 * the load is not spent writing two log lines a request); PayPal credentials are placeholders
 * that nothing here ever uses. The first start adds the demo catalogue (making its images), which
 * leaves that process larger than a shop ever is again; so it is stopped, and the shop measured
 * is a second start on the same data, as a shop runs every day after its first.
 */
export async function startShop(environment: NodeJS.ProcessEnv): Promise<RunningShop> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-bench-'));
  const port = await freePort();
  const secrets = {
    jwt: randomBytes(48).toString('base64url'),
    admin: randomBytes(12).toString('base64url'),
  };
  try {
    const seeding = await launch(environment, dataDir, port, secrets);
    const seedingMemory = residentMemory(seeding.pid) ?? 0;
    await seeding.stop();
    const shop = await launch(environment, dataDir, port, secrets);
    return {
      baseUrl: `http://127.0.0.1:${port}`,
      pid: shop.pid,
      seedingMemory,
      log: shop.log,
      async stop() {
        await shop.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
