import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUserUpdateBodySchema,
  loginBodySchema,
  profileUpdateBodySchema,
  registerBodySchema,
} from '../../shared/accounts';
import { adminUserPageSchema } from '../../shared/accounts';
import { userInfoSchema, userSchema } from '../../shared/users';
import { errorBodySchema } from '../../shared/errors';
import { messageSchema } from '../../shared/api';
import { idParamsSchema, pageQuerySchema } from '../../shared/api';
import { perAddress } from '../http/rate-limits';
import type { AccountsContext } from './accounts-context';
import { callerOf, type Guards } from './authentication';
import {
  deleteUserAsAdmin,
  getUser,
  presentUser,
  register,
  signIn,
  updateProfile,
  updateUserAsAdmin,
  userPage,
} from './users.service';

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
        summary: 'Delete a user; their reviews stay, under their name',
        security: bearer,
        params: idParamsSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    (request) => deleteUserAsAdmin(accounts, callerOf(request), request.params.id),
  );
};
