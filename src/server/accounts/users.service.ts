import { randomBytes } from 'node:crypto';
import { ADMIN_PAGE_SIZE } from '../../shared/api';
import type { AdminUserPage } from '../../shared/accounts/accounts';
import {
  INVALID_CREDENTIALS,
  type AdminUserUpdateBody,
  type LoginBody,
  type ProfileUpdateBody,
  type RegisterBody,
} from '../../shared/accounts/accounts';
import type { User, UserInfo } from '../../shared/accounts/users';
import type { PasswordHashCost } from '../config';
import { isUniqueViolation } from '../db/constraint-errors';
import { newId } from '../sql/ids';
import { ShopError } from '../http/errors';
import { pageCount, pageOffset } from '../http/paging';
import type { AccountsContext } from './accounts-context';
import { hashPassword, verifyPassword } from './passwords';
import { spendAllResets } from './password-resets.repository';
import {
  findCredentialsByEmail,
  findCredentialsById,
  findUserById,
  insertUser,
  listUserSlice,
  updateUser,
  type UserChanges,
} from './users.repository';
import type { Role, UserAccount, UserCredentials } from './user-account';
import { changedFields, recordChange } from '../audit/audit-log';
import { mailEmailProof } from './email-proof';

const emailTaken = () =>
  new ShopError('EMAIL_TAKEN', 'An account with that email address already exists');

export function presentUser(user: Pick<UserAccount, 'id' | 'name' | 'email' | 'role'>): User {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    isAdmin: user.role === 'admin',
    role: user.role,
  };
}

async function userInfoOf({ tokens }: AccountsContext, user: UserAccount): Promise<UserInfo> {
  const token = await tokens.sign({ userId: user.id, sessionVersion: user.sessionVersion });
  return { ...presentUser(user), token };
}

export const userNotFound = () => new ShopError('USER_NOT_FOUND', 'User not found');

async function reloadUser({ database }: AccountsContext, id: string): Promise<UserAccount> {
  const user = await findUserById(database.db, id);
  if (!user) throw userNotFound();
  return user;
}

/**
 * The role an admin's change gives an account: `role` when sent; else `isAdmin`, where true makes
 * an admin and false takes admin rights away (a customer then), leaving other roles as they are.
 */
function roleAfter(current: Role, body: AdminUserUpdateBody): Role {
  if (body.role !== undefined) return body.role;
  if (body.isAdmin === true) return 'admin';
  if (body.isAdmin === false && current === 'admin') return 'customer';
  return current;
}

/**
 * Writes changes, turning a clash with another account's email into a readable 409. A new email
 * or password spends every reset link the account has out: one mailed to the old address, or
 * asked for before the password changed, must not change it again. A new email is not proved
 * until the link then mailed to it is followed.
 */
async function saveChanges(
  context: AccountsContext,
  id: string,
  changes: UserChanges,
  byAdmin?: UserAccount,
) {
  let newEmail: boolean;
  try {
    newEmail = await context.database.db.transaction().execute(async (trx) => {
      const before = await findUserById(trx, id);
      if (!before) throw userNotFound();
      const emailChanges = changes.email !== undefined && changes.email !== before.email;
      await updateUser(trx, id, emailChanges ? { ...changes, emailProvedAt: null } : changes);
      if (emailChanges || changes.passwordHash !== undefined) await spendAllResets(trx, id);
      const changed =
        byAdmin &&
        changedFields(
          { name: before.name, email: before.email, role: before.role },
          { name: changes.name, email: changes.email, role: changes.role },
        );
      if (byAdmin && changed) {
        await recordChange(trx, byAdmin, {
          action: 'user.updated',
          target: { type: 'user', id, label: changes.email ?? before.email },
          ...changed,
        });
      }
      return emailChanges;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  if (newEmail) mailEmailProof(context, await reloadUser(context, id));
}

const dummyHashes = new Map<PasswordHashCost, Promise<string>>();

/**
 * A password is checked even for an unknown email, against a hash of nothing in particular made
 * at the shop's cost, so the time an answer takes does not tell whether an account exists.
 */
async function passwordMatches(
  cost: PasswordHashCost,
  user: UserCredentials | undefined,
  password: string,
): Promise<boolean> {
  let dummyHash = dummyHashes.get(cost);
  if (!dummyHash) {
    dummyHash = hashPassword(randomBytes(16).toString('hex'), cost);
    dummyHashes.set(cost, dummyHash);
  }
  return verifyPassword(user?.passwordHash ?? (await dummyHash), password);
}

export async function register(context: AccountsContext, body: RegisterBody): Promise<UserInfo> {
  const id = newId();
  try {
    await insertUser(context.database.db, {
      id,
      name: body.name ?? '',
      email: body.email,
      passwordHash: await hashPassword(body.password, context.passwordHashCost),
      role: 'customer',
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  const user = await reloadUser(context, id);
  mailEmailProof(context, user);
  return userInfoOf(context, user);
}

/**
 * Failed sign-ins are counted per account and per client address: a stranger's guesses lock the
 * stranger's address out of that account, never the owner, whose right password from an address
 * with no recent failures still signs in.
 */
export const signInFailuresKey = (email: string, address: string) => `${email} from ${address}`;

export async function signIn(
  context: AccountsContext,
  body: LoginBody,
  address: string,
): Promise<UserInfo> {
  const failures = context.limits.signInFailures;
  const key = signInFailuresKey(body.email, address);
  // The attempt is counted before the password is checked, so a burst of guesses sent at once
  // gets no more checks than the limit allows; a success then forgets the count.
  await failures.count(key);
  const user = await findCredentialsByEmail(context.database.db, body.email);
  const matches = await passwordMatches(context.passwordHashCost, user, body.password);
  if (!user || !matches) {
    throw new ShopError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  }
  await failures.forget(key);
  return userInfoOf(context, user);
}

/**
 * A new email or password, or closing the account, needs the current password, so a borrowed
 * session cannot take over. Wrong ones count against the account's sign-in failures.
 */
export async function confirmCurrentPassword(
  context: AccountsContext,
  user: UserAccount,
  currentPassword: string | undefined,
  address: string,
): Promise<void> {
  if (currentPassword === undefined) {
    throw new ShopError(
      'CURRENT_PASSWORD_REQUIRED',
      'Please enter your current password to change your email or password',
      [{ path: 'currentPassword', message: 'Please enter your current password' }],
    );
  }
  const failures = context.limits.signInFailures;
  const key = signInFailuresKey(user.email, address);
  await failures.count(key);
  const credentials = await findCredentialsById(context.database.db, user.id);
  if (!credentials || !(await verifyPassword(credentials.passwordHash, currentPassword))) {
    throw new ShopError('CURRENT_PASSWORD_WRONG', 'Your current password is not correct', [
      { path: 'currentPassword', message: 'Your current password is not correct' },
    ]);
  }
  await failures.forget(key);
}

export async function updateProfile(
  context: AccountsContext,
  user: UserAccount,
  body: ProfileUpdateBody,
  address: string,
): Promise<UserInfo> {
  const emailChanges = body.email !== user.email;
  if (emailChanges || body.password !== undefined) {
    await confirmCurrentPassword(context, user, body.currentPassword, address);
  }
  await saveChanges(context, user.id, {
    name: body.name,
    email: body.email,
    ...(body.password === undefined
      ? {}
      : {
          passwordHash: await hashPassword(body.password, context.passwordHashCost),
          endSessions: true,
        }),
  });
  // The answer carries a token of the new session version, so this session carries on.
  return userInfoOf(context, await reloadUser(context, user.id));
}

/** One page of every account, newest first: the admin's list. */
export async function userPage(
  { database }: AccountsContext,
  pageNumber: number,
): Promise<AdminUserPage> {
  const { users, total } = await listUserSlice(database.db, {
    offset: pageOffset(pageNumber, ADMIN_PAGE_SIZE),
    limit: ADMIN_PAGE_SIZE,
  });
  return {
    users: users.map(presentUser),
    page: pageNumber,
    pages: pageCount(total, ADMIN_PAGE_SIZE),
  };
}

export async function getUser(context: AccountsContext, id: string): Promise<User> {
  return presentUser(await reloadUser(context, id));
}

export async function updateUserAsAdmin(
  context: AccountsContext,
  admin: UserAccount,
  id: string,
  body: AdminUserUpdateBody,
): Promise<User> {
  const current = await reloadUser(context, id);
  const role = roleAfter(current.role, body);
  if (id === admin.id && role !== 'admin') {
    throw new ShopError('OWN_ADMIN_RIGHTS', 'You cannot remove your own admin rights');
  }
  await saveChanges(context, id, { name: body.name, email: body.email, role }, admin);
  return presentUser(await reloadUser(context, id));
}
