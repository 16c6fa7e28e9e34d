import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/schema';
import { newId } from '../db/ids';
import { hashPassword } from './passwords';
import { emailTaken, hasAdmin, insertUser } from './users.repository';

/**
 * Makes the shop's first admin when there is none, so a new shop can be managed at once; the
 * password is hashed at the shop's cost.
 */
export async function ensureFirstAdmin(
  db: Db,
  { admin, passwordHashCost }: Pick<Config, 'admin' | 'passwordHashCost'>,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<void> {
  if (await hasAdmin(db)) return;
  if (await emailTaken(db, admin.email)) {
    log.warn(`No admin made: ${admin.email} already belongs to a customer account`);
    return;
  }
  const password = admin.password ?? randomBytes(12).toString('base64url');
  await insertUser(db, {
    id: newId(),
    name: 'Shop Admin',
    email: admin.email,
    passwordHash: await hashPassword(password, passwordHashCost),
    role: 'admin',
  });
  if (admin.password === undefined) {
    log.warn(
      `Admin account made: ${admin.email} with password ${password} (shown once; set ADMIN_PASSWORD to choose it)`,
    );
  } else {
    log.info(`Admin account made: ${admin.email}`);
  }
}
