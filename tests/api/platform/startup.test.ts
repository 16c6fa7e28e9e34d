import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface Outcome {
  code: number | null;
  output: string;
}

/** Starts the real server entry point and waits for it to give up. */
async function startServer(environment: Record<string, string>): Promise<Outcome> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-start-'));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, SEED: 'none', NODE_ENV: 'test', ...environment },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('starting the shop with a bad configuration', () => {
  let busy: Server;
  let busyPort = 0;

  beforeAll(async () => {
    busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const address = busy.address();
    busyPort = address && typeof address === 'object' ? address.port : 0;
  });
  afterAll(() => new Promise((resolve) => busy.close(resolve)));

  it('says which port is taken', async () => {
    const outcome = await startServer({ PORT: String(busyPort), DATABASE_URL: 'sqlite::memory:' });
    expect(outcome.code).toBe(1);
    expect(outcome.output).toContain(
      `port ${busyPort} is already in use; set PORT to another port`,
    );
    expect(outcome.output).not.toMatch(/\n\s+at /);
  });

  it('says the database URL is not one it can use', async () => {
    const outcome = await startServer({ DATABASE_URL: 'mysql://root:pw@localhost/shop' });
    expect(outcome.code).toBe(1);
    expect(outcome.output).toContain('DATABASE_URL must start with sqlite: or postgres://');
    expect(outcome.output).not.toContain(':pw@');
  });

  it('says when the database cannot be reached', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(address && typeof address === 'object' ? address.port : 1));
      });
    });
    const outcome = await startServer({
      DATABASE_URL: `postgres://nobody@127.0.0.1:${closedPort}/none`,
    });
    expect(outcome.code).toBe(1);
    expect(outcome.output).toContain('cannot use the database (PostgreSQL at DATABASE_URL)');
  });
});
