import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../shared/api';
import {
  customerDetailSchema,
  customerPageSchema,
  customerQuerySchema,
} from '../../shared/customers/customers';
import { errorBodySchema } from '../../shared/errors';
import { noteBodySchema } from '../../shared/orders/order-desk';
import { callerOf, type Guards } from '../accounts/authentication';
import type { ShopDatabase } from '../db/database';
import { addCustomerNote, customerDetail, customerPage } from './customers.service';

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
          'Customers, accounts and guests, found by name or email, newest first, 20 a page, with their orders in sum',
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
        summary:
          'One customer (an account or a guest) with every order of theirs, what they spent and what went back, their addresses, phones and staff notes',
        security: bearer,
        params: idParamsSchema,
        response: { 200: customerDetailSchema, ...errors },
      },
    },
    (request) => customerDetail(database, request.params.id),
  );

  app.post(
    '/customers/:id/notes',
    {
      onRequest: guards.staff,
      schema: {
        tags: ['admin: customers'],
        summary: "Write a note on a customer, for staff's eyes only",
        security: bearer,
        params: idParamsSchema,
        body: noteBodySchema,
        response: { 201: customerDetailSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addCustomerNote(database, callerOf(request), request.params.id, request.body)),
  );
};
