import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { heading, type SummaryLine } from './report';

const ROUNDS = 15;

/**
 * How long a refused sign-in takes for an email with an account and for one without. The two
 * should match: a difference would tell an outsider which emails have accounts.
 */
export async function signInTiming(): Promise<SummaryLine[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: 'sqlite::memory:',
    SEED: 'none',
    LOG_LEVEL: 'silent',
  });
  const database = openDatabase(config.database);
  await migrateToLatest(database);
  const app = await buildApp({ config, database, webRoot: dataDir });
  let address = 0;
  const attempt = async (email: string) => {
    address += 1;
    const start = process.hrtime.bigint();
    await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password: 'not the password' },
      remoteAddress: `10.9.${Math.floor(address / 250)}.${(address % 250) + 1}`,
    });
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  try {
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round <= ROUNDS; round += 1) {
      // A fresh account each round, so its own failure limit never answers for it.
      const email = `bench${round}@example.com`;
      await app.inject({
        method: 'POST',
        url: '/api/users',
        payload: { email, password: 'bench password' },
        remoteAddress: `10.8.0.${round + 1}`,
      });
      const knownMs = await attempt(email);
      const unknownMs = await attempt(`nobody${round}@example.com`);
      if (round > 0) {
        known.push(knownMs);
        unknown.push(unknownMs);
      }
    }
    const median = (times: number[]) => [...times].sort((a, b) => a - b)[times.length >> 1] ?? 0;
    const ratio = median(unknown) / median(known);
    heading(`Refused sign-in (median of ${ROUNDS})`);
    console.info(`  wrong password, account exists:  ${median(known).toFixed(1)} ms`);
    console.info(`  no such account:                 ${median(unknown).toFixed(1)} ms`);
    console.info(`  ratio:                           ${ratio.toFixed(2)}`);
    return [{ measure: 'refused sign-in, no account / account', figure: ratio.toFixed(2) }];
  } finally {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
