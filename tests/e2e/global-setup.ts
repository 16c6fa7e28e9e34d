import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, waitForHealth } from '../support/shop-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Where the shop writes its mails, as it has no SMTP server here. */
    outboxDir: string;
    admin: { email: string; password: string };
  }
}

const ADMIN = { email: 'admin@example.com', password: 'admin-password-for-journeys' };

/** Starts the built shop once, with the demo catalogue, for every journey. */
export default async function setup(project: TestProject) {
  const serverEntry = path.resolve('dist/server/main.js');
  if (!existsSync(serverEntry) || !existsSync(path.resolve('dist/web/index.html'))) {
    throw new Error('Build the shop first: npm run build');
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const server = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${path.join(dataDir, 'shop.db')}`,
      PUBLIC_URL: baseUrl,
      SEED: 'demo',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      // Journeys register and sign in many times; their hashes need not resist cracking.
      PASSWORD_HASH_COST: 'test',
      // The journeys' API calls say which client they stand for (see newCustomer in support.ts).
      TRUST_PROXY: 'loopback',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await waitForHealth(baseUrl, server, () => log);
  project.provide('baseUrl', baseUrl);
  project.provide('outboxDir', path.join(dataDir, 'outbox'));
  project.provide('admin', ADMIN);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  };
}
