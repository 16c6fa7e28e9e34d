import { randomInt } from 'node:crypto';
import { hashPassword } from '../../src/server/accounts/passwords';
import { insertUser } from '../../src/server/accounts/users.repository';
import type { Role } from '../../src/server/accounts/user-account';
import { newId } from '../../src/server/sql/ids';
import { userInfoSchema } from '../../src/shared/accounts/users';
import type { TestShop } from './test-shop';

export interface TestUser {
  id: string;
  name: string;
  email: string;
  password: string;
  token: string;
}

let sequence = 0;

/** A client address of its own, so one test's attempts never count against another's limits. */
export function freshAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A caller of a test shop's API, `call('PUT', url, token, body)`, signed in when given a token;
 * it takes the shop when called, so a suite can make it before the shop has started.
 */
export function apiCaller(currentShop: () => TestShop) {
  return (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token?: string,
    payload?: unknown,
  ) =>
    currentShop().app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

/** Signs in over HTTP, as a browser would, and answers the token. */
export async function signIn(shop: TestShop, email: string, password: string): Promise<string> {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password },
    remoteAddress: freshAddress(),
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return userInfoSchema.parse(response.json()).token;
}

/**
 * Puts an account straight into the database, its password hashed at the shop's cost, then signs
 * it in.
 */
export async function addUser(
  shop: TestShop,
  {
    role = 'customer',
    ...fields
  }: {
    role?: Role;
    name?: string;
    email?: string;
    /** Whether the account has proved its email address (a mailed link followed). */
    proved?: boolean;
  } = {},
): Promise<TestUser> {
  sequence += 1;
  const user = {
    id: newId(),
    name: fields.name ?? `${role === 'admin' ? 'Admin' : 'Customer'} ${sequence}`,
    email: fields.email ?? `${role}${sequence}-${newId().slice(0, 6)}@example.com`,
    password: `password-${sequence}-secret`,
  };
  await insertUser(shop.database.db, {
    ...user,
    passwordHash: await hashPassword(user.password, shop.config.passwordHashCost),
    role,
    ...(fields.proved ? { emailProvedAt: new Date().toISOString() } : {}),
  });
  return { ...user, token: await signIn(shop, user.email, user.password) };
}
