import argon2 from 'argon2';
import { readFile } from 'node:fs/promises';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

const ASKED_AT_ONCE = 20;
/** Half of libuv's thread pool of 4, which file reads and DNS look-ups share with argon2. */
const BOUND = 2;
/** Twenty hashes at a tenth of a second each, two at a time, on a busy machine. */
const TWENTY_HASHES_MS = 60_000;

let storedHash: string;

beforeAll(async () => {
  storedHash = await hashPassword('the right password');
});

afterEach(() => {
  vi.restoreAllMocks();
});

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
  it('hashes with argon2id and checks a password against its hash', async () => {
    expect(storedHash).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    expect(await verifyPassword(storedHash, 'the right password')).toBe(true);
    expect(await verifyPassword(storedHash, 'a wrong password')).toBe(false);
    expect(await verifyPassword('not a hash', 'the right password')).toBe(false);
  });

  it(
    'runs at most two hashes and checks at a time, however many are asked for at once',
    async () => {
      const mostAtOnce = countArgon2AtOnce();
      const hashes = Array.from({ length: ASKED_AT_ONCE / 2 }, (_, index) =>
        hashPassword(`password ${index}`),
      );
      const checks = Array.from({ length: ASKED_AT_ONCE / 2 }, () =>
        verifyPassword(storedHash, 'a wrong password'),
      );
      expect(await Promise.all(checks)).toEqual(Array<boolean>(ASKED_AT_ONCE / 2).fill(false));
      for (const hash of await Promise.all(hashes)) expect(hash).toMatch(/^\$argon2id\$/);
      expect(mostAtOnce()).toBe(BOUND);
    },
    TWENTY_HASHES_MS,
  );

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
    TWENTY_HASHES_MS,
  );
});
