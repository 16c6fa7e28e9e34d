import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '../db/timestamps';
import type { Role } from './users.table';

export interface NewUser {
  id: string;
  name: string;
  email: string;
  passwordHash: string;
  role: Role;
}

export async function insertUser(db: Kysely<Database>, user: NewUser): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('users')
    .values({
      id: user.id,
      name: user.name,
      email: user.email,
      password_hash: user.passwordHash,
      role: user.role,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export async function hasAdmin(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .executeTakeFirst();
  return row !== undefined;
}

export async function emailTaken(db: Kysely<Database>, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  return row !== undefined;
}
