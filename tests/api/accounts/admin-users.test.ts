import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { adminUserPageSchema } from '../../../src/shared/accounts/accounts';
import { userSchema } from '../../../src/shared/accounts/users';
import { addUser, bearer, type TestUser } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { startTestShop, type TestShop } from '../../support/test-shop';

describe.each(testDialects())('admin users on %s', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  let customer: TestUser;

  beforeAll(async () => {
    shop = await startTestShop(dialect);
    admin = await addUser(shop, { role: 'admin', name: 'Ada Admin' });
    customer = await addUser(shop, { name: 'Cy Customer' });
  });
  afterAll(() => shop.close());

  const call = (
    method: 'GET' | 'PUT' | 'DELETE',
    url: string,
    token: string | undefined,
    body?: unknown,
  ) =>
    shop.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });

  const roleOf = async (id: string) =>
    (
      await shop.database.db
        .selectFrom('users')
        .select('role')
        .where('id', '=', id)
        .executeTakeFirst()
    )?.role;

  describe('refuses everyone but admins, before looking at the body', () => {
    const adminCalls = () =>
      [
        ['GET', '/api/users', undefined],
        ['GET', `/api/users/${customer.id}`, undefined],
        ['PUT', `/api/users/${customer.id}`, { name: 'x', email: 'x@example.com', isAdmin: true }],
        ['PUT', `/api/users/${customer.id}`, { not: 'even valid' }],
        ['DELETE', `/api/users/${customer.id}`, undefined],
      ] as const;

    it('answers a guest 401 on every admin call', async () => {
      for (const [method, url, body] of adminCalls()) {
        const response = await call(method, url, undefined, body);
        expect(response.statusCode, `${method} ${url}`).toBe(401);
        expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
      }
    });

    it('answers a customer 403 on every admin call, and changes nothing', async () => {
      for (const [method, url, body] of adminCalls()) {
        const response = await call(method, url, customer.token, body);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json()).toEqual({
          message: 'Only shop admins can do that',
          code: 'FORBIDDEN',
        });
      }
      expect(await roleOf(customer.id)).toBe('customer');
    });
  });

  it('lists every user without a password hash', async () => {
    const response = await call('GET', '/api/users', admin.token);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/password|argon2/i);
    const { users, page, pages } = z
      .strictObject({
        ...adminUserPageSchema.shape,
        users: z.array(z.strictObject(userSchema.shape)),
      })
      .parse(response.json());
    expect({ page, pages }).toEqual({ page: 1, pages: 1 });
    expect(users).toEqual(
      expect.arrayContaining([
        { _id: admin.id, name: 'Ada Admin', email: admin.email, isAdmin: true, role: 'admin' },
        {
          _id: customer.id,
          name: 'Cy Customer',
          email: customer.email,
          isAdmin: false,
          role: 'customer',
        },
      ]),
    );
  });

  it('shows one user, and 404 for one that does not exist', async () => {
    const found = await call('GET', `/api/users/${customer.id}`, admin.token);
    expect(found.json()).toEqual({
      _id: customer.id,
      name: 'Cy Customer',
      email: customer.email,
      isAdmin: false,
      role: 'customer',
    });
    const missing = await call('GET', '/api/users/no-such-user', admin.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'User not found', code: 'USER_NOT_FOUND' });
  });

  it('makes a customer an admin, whose existing token gains admin rights', async () => {
    const promoted = await addUser(shop);
    expect((await call('GET', '/api/users', promoted.token)).statusCode).toBe(403);
    const response = await call('PUT', `/api/users/${promoted.id}`, admin.token, {
      name: 'Promoted',
      email: promoted.email,
      isAdmin: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      _id: promoted.id,
      name: 'Promoted',
      email: promoted.email,
      isAdmin: true,
      role: 'admin',
    });
    expect((await call('GET', '/api/users', promoted.token)).statusCode).toBe(200);
  });

  it("ends a demoted admin's admin rights at once", async () => {
    const other = await addUser(shop, { role: 'admin' });
    expect((await call('GET', '/api/users', other.token)).statusCode).toBe(200);
    const response = await call('PUT', `/api/users/${other.id}`, admin.token, {
      name: other.name,
      email: other.email,
      isAdmin: false,
    });
    expect(response.json()).toMatchObject({ isAdmin: false });
    expect((await call('GET', '/api/users', other.token)).statusCode).toBe(403);
    // Still a customer who may use the shop.
    expect((await call('GET', '/api/users/profile', other.token)).statusCode).toBe(200);
  });

  it('will not let an admin un-admin or delete themself', async () => {
    const demote = await call('PUT', `/api/users/${admin.id}`, admin.token, {
      name: admin.name,
      email: admin.email,
      isAdmin: false,
    });
    expect(demote.statusCode).toBe(400);
    expect(demote.json()).toEqual({
      message: 'You cannot remove your own admin rights',
      code: 'OWN_ADMIN_RIGHTS',
    });
    const remove = await call('DELETE', `/api/users/${admin.id}`, admin.token);
    expect(remove.statusCode).toBe(400);
    expect(remove.json()).toEqual({
      message: 'You cannot delete your own account',
      code: 'OWN_ACCOUNT',
    });
    expect(await roleOf(admin.id)).toBe('admin');
  });

  it('lets an admin rename themself while staying admin', async () => {
    const response = await call('PUT', `/api/users/${admin.id}`, admin.token, {
      name: 'Ada A.',
      email: admin.email,
      isAdmin: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Ada A.', isAdmin: true });
  });

  it('refuses a taken email (409) and bad bodies (400), changing nothing', async () => {
    const target = await addUser(shop);
    const taken = await call('PUT', `/api/users/${target.id}`, admin.token, {
      name: 'X',
      email: customer.email.toUpperCase(),
      isAdmin: false,
    });
    expect(taken.statusCode).toBe(409);
    for (const body of [
      { name: 'X', email: 'x@example.com' },
      { name: 'X', email: 'x@example.com', isAdmin: 'yes' },
      { name: '', email: 'x@example.com', isAdmin: false },
      { name: 'X', email: 'nope', isAdmin: false },
    ]) {
      const response = await call('PUT', `/api/users/${target.id}`, admin.token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call('GET', `/api/users/${target.id}`, admin.token)).json()).toMatchObject({
      name: target.name,
      email: target.email,
    });
    const missing = await call('PUT', '/api/users/no-such-user', admin.token, {
      name: 'X',
      email: 'x@example.com',
      isAdmin: false,
    });
    expect(missing.statusCode).toBe(404);
  });

  it("deletes a user: their token stops at once and their reviews stay, as a former customer's", async () => {
    const leaving = await addUser(shop, { name: 'Lee Leaving' });
    const product = await addProduct(shop.database);
    const review = await shop.app.inject({
      method: 'POST',
      url: `/api/products/${product.id}/review`,
      headers: bearer(leaving.token),
      payload: { rating: 4, comment: 'Lovely' },
    });
    expect(review.statusCode).toBe(201);

    const response = await call('DELETE', `/api/users/${leaving.id}`, admin.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'User removed' });
    expect((await call('GET', '/api/users/profile', leaving.token)).statusCode).toBe(401);
    expect((await call('GET', `/api/users/${leaving.id}`, admin.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/users/${leaving.id}`, admin.token)).statusCode).toBe(404);
    const detail = await shop.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
    expect(detail.json()).toMatchObject({
      numReviews: 1,
      reviews: [{ name: 'A former customer', rating: 4, comment: 'Lovely' }],
    });
  });
});
