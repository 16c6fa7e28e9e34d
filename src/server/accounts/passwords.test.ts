import argon2 from 'argon2';
import { readFile } from 'node:fs/promises';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import { hashPassword, verifyPassword } from './passwords';

const ASKED_AT_ONCE = 20;
/** Half of libuv's thread pool of 4, which file reads and DNS look-ups share with argon2. */
const BOUND = 2;
/** Twenty checks at a tenth of a second each, two at a time, on a busy machine. */
const TWENTY_CHECKS_MS = 60_000;

/** A hash at the production cost: each check of it takes about a tenth of a second. */
let storedHash: string;
/** The same password at the test shops' cost. */
let cheapHash: string;

beforeAll(async () => {
  [storedHash, cheapHash] = await Promise.all([
    hashPassword('the right password', 'standard'),
    hashPassword('the right password', 'test'),
  ]);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** What a shop in production needs, and nothing about its passwords. */
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'a secret of at least thirty-two bytes',
  PAYPAL_CLIENT_ID: 'id',
  PAYPAL_CLIENT_SECRET: 'secret',
};

/** The argon2 variant and parameters a hash says it was made with. */
function parametersOf(hash: string) {
  const [, variant, version, parameters] = hash.split('$');
  return {
    variant,
    version,
    ...Object.fromEntries(
      (parameters ?? '').split(',').map((pair) => {
        const [name = '', value] = pair.split('=');
        return [name, Number(value)];
      }),
    ),
  };
}

/** Counts how many of argon2's hashes and checks are under way together, at most. */
function countArgon2AtOnce() {
  let running = 0;
  let most = 0;
  const counted =
    <Args extends unknown[], Result>(work: (...args: Args) => Promise<Result>) =>
    async (...args: Args): Promise<Result> => {
      running += 1;
      most = Math.max(most, running);
      try {
        return await work(...args);
      } finally {
        running -= 1;
      }
    };
  const { hash, verify } = argon2;
  vi.spyOn(argon2, 'hash').mockImplementation(counted(hash));
  vi.spyOn(argon2, 'verify').mockImplementation(counted(verify));
  return () => most;
}

describe('password hashing', () => {
  it("hashes in production at argon2id's recommended cost: 64 MiB, 3 passes, 4 lanes", async () => {
    const hash = await hashPassword('the right password', loadConfig(PRODUCTION).passwordHashCost);
    expect(parametersOf(hash)).toEqual({
      variant: 'argon2id',
      version: 'v=19',
      m: 65536,
      t: 3,
      p: 4,
    });
    expect(parametersOf(storedHash)).toEqual(parametersOf(hash));
    expect(await verifyPassword(hash, 'the right password')).toBe(true);
    expect(await verifyPassword(hash, 'a wrong password')).toBe(false);
  });

  it('hashes cheaply at the test cost, which production refuses', async () => {
    expect(parametersOf(cheapHash)).toEqual({
      variant: 'argon2id',
      version: 'v=19',
      m: 1024,
      t: 1,
      p: 1,
    });
    expect(() => loadConfig({ ...PRODUCTION, PASSWORD_HASH_COST: 'test' })).toThrow(
      'PASSWORD_HASH_COST=test makes stolen password hashes quick to crack',
    );
  });

  it('checks a password against a hash of either cost, whichever the shop makes now', async () => {
    for (const hash of [storedHash, cheapHash]) {
      expect(await verifyPassword(hash, 'the right password')).toBe(true);
      expect(await verifyPassword(hash, 'a wrong password')).toBe(false);
    }
    expect(await verifyPassword('not a hash', 'the right password')).toBe(false);
  });

  it('runs at most two hashes and checks at a time, however many are asked for at once', async () => {
    const mostAtOnce = countArgon2AtOnce();
    const hashes = Array.from({ length: ASKED_AT_ONCE / 2 }, (_, index) =>
      hashPassword(`password ${index}`, 'test'),
    );
    const checks = Array.from({ length: ASKED_AT_ONCE / 2 }, () =>
      verifyPassword(cheapHash, 'a wrong password'),
    );
    expect(await Promise.all(checks)).toEqual(Array<boolean>(ASKED_AT_ONCE / 2).fill(false));
    for (const hash of await Promise.all(hashes)) expect(hash).toMatch(/^\$argon2id\$/);
    expect(mostAtOnce()).toBe(BOUND);
  });

  it(
    'leaves threads for a file read started while 20 checks wait',
    async () => {
      let checked = 0;
      const checks = Array.from({ length: ASKED_AT_ONCE }, () =>
        verifyPassword(storedHash, 'a wrong password').finally(() => (checked += 1)),
      );
      await readFile(import.meta.filename);
      const checkedWhenRead = checked;
      await Promise.all(checks);
      // With all 20 on libuv's 4 threads, the read waits in line behind at least 17 of them.
      expect(checkedWhenRead).toBeLessThan(ASKED_AT_ONCE / 2);
    },
    TWENTY_CHECKS_MS,
  );
});
