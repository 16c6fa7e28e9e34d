import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUserUpdateBodySchema,
  closeAccountBodySchema,
  loginBodySchema,
  profileUpdateBodySchema,
  registerBodySchema,
} from '../../shared/accounts/accounts';
import { adminUserPageSchema } from '../../shared/accounts/accounts';
import { userInfoSchema, userSchema } from '../../shared/accounts/users';
import { closedAccountSchema, yourDataSchema } from '../../shared/accounts/your-data';
import { errorBodySchema } from '../../shared/errors';
import { idParamsSchema, pageQuerySchema } from '../../shared/api';
import { perAddress } from '../http/rate-limits';
import type { AccountsContext } from './accounts-context';
import { callerOf, type Guards } from './authentication';
import { closeAccountAsAdmin, closeOwnAccount } from './close-account';
import {
  getUser,
  presentUser,
  register,
  signIn,
  updateProfile,
  updateUserAsAdmin,
  userPage,
} from './users.service';
import { dataOf } from './your-data';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};
const bearer = [{ bearer: [] }];

export const usersRoutes: FastifyPluginAsyncZod<{
  accounts: AccountsContext;
  guards: Guards;
}> = async (app, { accounts, guards }) => {
  app.post(
    '/users',
    {
      config: { rateLimit: perAddress(20, '1 hour') },
      schema: {
        tags: ['accounts'],
        summary: 'Register; the answer signs the new customer in',
        body: registerBodySchema,
        response: { 201: userInfoSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await register(accounts, request.body)),
  );

  app.post(
    '/users/login',
    {
      config: { rateLimit: perAddress(100, '15 minutes') },
      schema: {
        tags: ['accounts'],
        summary: 'Sign in with email and password',
        body: loginBodySchema,
        response: { 200: userInfoSchema, ...errors },
      },
    },
    (request) => signIn(accounts, request.body, request.ip),
  );

  app.get(
    '/users/profile',
    {
      onRequest: guards.signedIn,
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user',
        security: bearer,
        response: { 200: userSchema, ...errors },
      },
    },
    (request) => presentUser(callerOf(request)),
  );

  app.put(
    '/users/profile',
    {
      onRequest: guards.signedIn,
      schema: {
        tags: ['accounts'],
        summary: 'Change name, email or password; a new email or password needs the current one',
        security: bearer,
        body: profileUpdateBodySchema,
        response: { 200: userInfoSchema, ...errors },
      },
    },
    (request) => updateProfile(accounts, callerOf(request), request.body, request.ip),
  );

  app.get(
    '/users/profile/data',
    {
      onRequest: guards.signedIn,
      schema: {
        tags: ['accounts'],
        summary:
          'Everything the shop holds about the signed-in person, as a JSON file to keep (no secrets)',
        security: bearer,
        response: { 200: yourDataSchema, ...errors },
      },
    },
    async (request, reply) => {
      const data = await dataOf(accounts, callerOf(request));
      return reply
        .header(
          'content-disposition',
          `attachment; filename="larkspur-data-${data.exportedAt.slice(0, 10)}.json"`,
        )
        .send(data);
    },
  );

  app.delete(
    '/users/profile',
    {
      onRequest: guards.signedIn,
      schema: {
        tags: ['accounts'],
        summary:
          'Close the signed-in account, with its password: settled orders kept for the tax records without who or where, open ones whole until settled (listed), reviews as a former customer',
        security: bearer,
        body: closeAccountBodySchema,
        response: { 200: closedAccountSchema, ...errors },
      },
    },
    (request) => closeOwnAccount(accounts, callerOf(request), request.body, request.ip),
  );

  app.get(
    '/users',
    {
      onRequest: guards.admin,
      schema: {
        tags: ['admin: users'],
        summary: 'Every user, newest first, 20 a page',
        security: bearer,
        querystring: pageQuerySchema,
        response: { 200: adminUserPageSchema, ...errors },
      },
    },
    (request) => userPage(accounts, request.query.pageNumber),
  );

  app.get(
    '/users/:id',
    {
      onRequest: guards.admin,
      schema: {
        tags: ['admin: users'],
        summary: 'One user',
        security: bearer,
        params: idParamsSchema,
        response: { 200: userSchema, ...errors },
      },
    },
    (request) => getUser(accounts, request.params.id),
  );

  app.put(
    '/users/:id',
    {
      onRequest: guards.admin,
      schema: {
        tags: ['admin: users'],
        summary: "Change a user's name, email or admin rights",
        security: bearer,
        params: idParamsSchema,
        body: adminUserUpdateBodySchema,
        response: { 200: userSchema, ...errors },
      },
    },
    (request) => updateUserAsAdmin(accounts, callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/users/:id',
    {
      onRequest: guards.admin,
      schema: {
        tags: ['admin: users'],
        summary:
          "Remove a user: a customer's settled orders are kept for the tax records without who or where, open ones whole until settled (listed), their reviews as a former customer",
        security: bearer,
        params: idParamsSchema,
        response: { 200: closedAccountSchema, ...errors },
      },
    },
    (request) => closeAccountAsAdmin(accounts, callerOf(request), request.params.id),
  );
};
