import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '../db/timestamps';
import type { Role, UsersTable } from './users.table';

type Db = Kysely<Database>;
export type UserRow = Selectable<UsersTable>;

export interface NewUser {
  id: string;
  name: string;
  email: string;
  passwordHash: string;
  role: Role;
}

export async function insertUser(db: Db, user: NewUser): Promise<void> {
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

export async function hasAdmin(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .executeTakeFirst();
  return row !== undefined;
}

export async function emailTaken(db: Db, email: string): Promise<boolean> {
  return (await findUserByEmail(db, email)) !== undefined;
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function listUsers(db: Db): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().orderBy('created_at').orderBy('id').execute();
}

export interface UserChanges {
  name?: string;
  email?: string;
  role?: Role;
  passwordHash?: string;
  /** Ends every session of the user: tokens carry the version they were made with. */
  endSessions?: boolean;
}

export async function updateUser(db: Db, id: string, changes: UserChanges): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.email === undefined ? {} : { email: changes.email }),
      ...(changes.role === undefined ? {} : { role: changes.role }),
      ...(changes.passwordHash === undefined ? {} : { password_hash: changes.passwordHash }),
      ...(changes.endSessions ? { session_version: eb('session_version', '+', 1) } : {}),
      updated_at: nowIso(),
    }))
    .where('id', '=', id)
    .execute();
}

export async function deleteUser(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
