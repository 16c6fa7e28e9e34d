import type { Selectable } from 'kysely';
import { alongRead, countRows, readPage } from '../sql/page-read';
import type { Db } from '../db/schema';
import { holds } from '../sql/text-match';
import { nowIso, toIsoString } from '../sql/timestamps';
import type { Role, UserAccount, UserCredentials } from './user-account';
import type { UsersTable } from './users.table';

type UserRow = Selectable<UsersTable>;

const USER_ACCOUNT_COLUMNS = [
  'id',
  'name',
  'email',
  'role',
  'session_version',
  'created_at',
  'email_proved_at',
] as const;

function toUserAccount(row: Pick<UserRow, (typeof USER_ACCOUNT_COLUMNS)[number]>): UserAccount {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    sessionVersion: row.session_version,
    createdAt: toIsoString(row.created_at),
    emailProvedAt: row.email_proved_at === null ? null : toIsoString(row.email_proved_at),
  };
}

function toUserCredentials(row: UserRow): UserCredentials {
  return { ...toUserAccount(row), passwordHash: row.password_hash };
}

interface NewUser {
  id: string;
  name: string;
  email: string;
  passwordHash: string;
  role: Role;
  /** When the address was proved: the first admin's, or a test's; a new customer's is not yet. */
  emailProvedAt?: string;
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
      email_proved_at: user.emailProvedAt ?? null,
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
  return (await findCredentialsByEmail(db, email)) !== undefined;
}

/** The account with this id, without its password. */
export async function findUserById(db: Db, id: string): Promise<UserAccount | undefined> {
  const row = await db
    .selectFrom('users')
    .select(USER_ACCOUNT_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toUserAccount(row);
}

/** The account with this id and its password hash, to check or change the password. */
export async function findCredentialsById(
  db: Db,
  id: string,
): Promise<UserCredentials | undefined> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toUserCredentials(row);
}

/** The account with this email and its password hash, to sign in. */
export async function findCredentialsByEmail(
  db: Db,
  email: string,
): Promise<UserCredentials | undefined> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirst();
  return row && toUserCredentials(row);
}

/** A slice of every account, newest first, with how many there are in all. */
export function listUserSlice(
  db: Db,
  slice: { offset: number; limit: number },
): Promise<{ users: UserAccount[]; total: number }> {
  return searchUserSlice(db, { words: undefined, ...slice });
}

export interface UserChanges {
  name?: string;
  email?: string;
  role?: Role;
  passwordHash?: string;
  /** Ends every session of the user: tokens carry the version they were made with. */
  endSessions?: boolean;
  /** When the address was proved; null: not (yet) proved, as after a change of email. */
  emailProvedAt?: string | null;
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
      ...(changes.emailProvedAt === undefined ? {} : { email_proved_at: changes.emailProvedAt }),
      updated_at: nowIso(),
    }))
    .where('id', '=', id)
    .execute();
}

/**
 * Records that the account's address, while it is still `email`, was proved by a link mailed to
 * it; the first proof's time is kept. False when the account has another address now, or is gone.
 */
export async function markEmailProved(db: Db, id: string, email: string): Promise<boolean> {
  const proved = await db
    .updateTable('users')
    .set({ email_proved_at: nowIso() })
    .where('id', '=', id)
    .where('email', '=', email)
    .where('email_proved_at', 'is', null)
    .executeTakeFirst();
  if (proved.numUpdatedRows > 0n) return true;
  const still = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', id)
    .where('email', '=', email)
    .executeTakeFirst();
  return still !== undefined;
}

export async function deleteUser(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * A slice of the accounts whose name or email holds `words` (any case; every account when there
 * are none), newest first, with how many there are in all. Words inside a name cannot use an
 * index: each search reads the users table once. Every account is read in order along
 * users_newest_idx, a page past the middle from the oldest end.
 */
export async function searchUserSlice(
  db: Db,
  { words, offset, limit }: { words: string | undefined; offset: number; limit: number },
): Promise<{ users: UserAccount[]; total: number }> {
  let query = db.selectFrom('users');
  if (words !== undefined && words !== '') {
    query = query.where((eb) => eb.or([holds('name', words), holds('email', words)]));
  }
  const { rows, total } = await readPage(
    { offset, limit },
    () => countRows(query),
    (at) =>
      alongRead(query.select(USER_ACCOUNT_COLUMNS), at, [
        ['created_at', 'desc'],
        ['id', 'desc'],
      ]).execute(),
  );
  return { users: rows.map(toUserAccount), total };
}
