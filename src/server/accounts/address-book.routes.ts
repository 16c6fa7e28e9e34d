import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addressBookSchema,
  savedAddressBodySchema,
  savedAddressSchema,
} from '../../shared/accounts/address-book';
import { idParamsSchema, messageSchema } from '../../shared/api';
import { errorBodySchema } from '../../shared/errors';
import type { ShopDatabase } from '../db/database';
import { callerOf, type Guards } from './authentication';
import {
  addressBook,
  changeAddress,
  removeAddress,
  saveAddress,
  useAddress,
} from './address-book.service';

const tags = ['accounts'];
const security = [{ bearer: [] }];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/** The signed-in customer's own address book; nobody reads or changes another's. */
export const addressBookRoutes: FastifyPluginAsyncZod<{
  database: ShopDatabase;
  guards: Guards;
}> = async (app, { database, guards }) => {
  app.get(
    '/users/addresses',
    {
      onRequest: guards.signedIn,
      schema: {
        tags,
        summary: 'Your saved delivery addresses, the one saved or chosen most recently first',
        security,
        response: { 200: addressBookSchema, 401: errorBodySchema },
      },
    },
    (request) => addressBook(database, callerOf(request)),
  );

  app.post(
    '/users/addresses',
    {
      onRequest: guards.signedIn,
      schema: {
        tags,
        summary:
          'Save a delivery address (201), or move the same one already saved to the top (200)',
        security,
        body: savedAddressBodySchema,
        response: { 200: savedAddressSchema, 201: savedAddressSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { saved, created } = await saveAddress(database, callerOf(request), request.body);
      return reply.status(created ? 201 : 200).send(saved);
    },
  );

  app.put(
    '/users/addresses/:id',
    {
      onRequest: guards.signedIn,
      schema: {
        tags,
        summary: 'Change a saved address; it keeps its place',
        security,
        params: idParamsSchema,
        body: savedAddressBodySchema,
        response: { 200: savedAddressSchema, ...errors },
      },
    },
    (request) => changeAddress(database, callerOf(request), request.params.id, request.body),
  );

  app.post(
    '/users/addresses/:id/use',
    {
      onRequest: guards.signedIn,
      schema: {
        tags,
        summary: 'Say a saved address was chosen at checkout: it goes to the top',
        security,
        params: idParamsSchema,
        response: { 200: savedAddressSchema, ...errors },
      },
    },
    (request) => useAddress(database, callerOf(request), request.params.id),
  );

  app.delete(
    '/users/addresses/:id',
    {
      onRequest: guards.signedIn,
      schema: {
        tags,
        summary: 'Remove a saved address',
        security,
        params: idParamsSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    (request) => removeAddress(database, callerOf(request), request.params.id),
  );
};
