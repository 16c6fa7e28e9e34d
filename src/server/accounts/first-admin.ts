import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/schema';
import { newId } from '../sql/ids';
import { hashPassword } from './passwords';
import { emailTaken, hasAdmin, insertUser } from './users.repository';

/** The first admin, made with a password the shop chose: its only copy outside the hash. */
export interface NewAdmin {
  email: string;
  password: string;
}

/**
 * Makes the shop's first admin when there is none, so a new shop can be managed at once; the
 * password is hashed at the shop's cost. When the shop chose the password (no ADMIN_PASSWORD),
 * answers it for the caller to show once the admin is stored: nobody can see it again.
 */
export async function ensureFirstAdmin(
  db: Db,
  { admin, passwordHashCost }: Pick<Config, 'admin' | 'passwordHashCost'>,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<NewAdmin | undefined> {
  if (await hasAdmin(db)) return undefined;
  if (await emailTaken(db, admin.email)) {
    log.warn(`No admin made: ${admin.email} already belongs to a customer account`);
    return undefined;
  }
  const password = admin.password ?? randomBytes(12).toString('base64url');
  await insertUser(db, {
    id: newId(),
    name: 'Shop Admin',
    email: admin.email,
    passwordHash: await hashPassword(password, passwordHashCost),
    role: 'admin',
  });
  if (admin.password === undefined) return { email: admin.email, password };
  log.info(`Admin account made: ${admin.email}`);
  return undefined;
}
