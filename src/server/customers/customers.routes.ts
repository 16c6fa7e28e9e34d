import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../shared/api';
import {
  customerDetailSchema,
  customerPageSchema,
  customerQuerySchema,
} from '../../shared/customers';
import { errorBodySchema } from '../../shared/errors';
import type { Guards } from '../accounts/authentication';
import type { ShopDatabase } from '../db/database';
import { customerDetail, customerPage } from './customers.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
const bearer = [{ bearer: [] }];

/** The customers, for staff and the owner: found by name or email, each with their orders. */
export const customersRoutes: FastifyPluginAsyncZod<{
  database: ShopDatabase;
  guards: Guards;
}> = async (app, { database, guards }) => {
  app.get(
    '/customers',
    {
      onRequest: guards.staff,
      schema: {
        tags: ['admin: customers'],
        summary:
          'Accounts found by name or email, newest first, 20 a page, with their orders in sum',
        security: bearer,
        querystring: customerQuerySchema,
        response: { 200: customerPageSchema, ...errors },
      },
    },
    (request) => customerPage(database, request.query),
  );

  app.get(
    '/customers/:id',
    {
      onRequest: guards.staff,
      schema: {
        tags: ['admin: customers'],
        summary: 'One account with every order of theirs, what they spent and what went back',
        security: bearer,
        params: idParamsSchema,
        response: { 200: customerDetailSchema, ...errors },
      },
    },
    (request) => customerDetail(database, request.params.id),
  );
};
