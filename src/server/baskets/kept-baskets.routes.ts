import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  guestBasketBodySchema,
  keptBasketBodySchema,
  keptBasketParamsSchema,
  keptBasketSchema,
  keptBasketTokenSchema,
} from '../../shared/baskets/baskets';
import { errorBodySchema } from '../../shared/errors';
import { callerOf, type Guards } from '../accounts/authentication';
import { perAddress } from '../http/rate-limits';
import {
  basketOfCaller,
  basketOfToken,
  keepBasketOfCaller,
  keepBasketOfToken,
  keepGuestBasket,
  type KeptBasketsContext,
} from './kept-baskets.service';

const tags = ['basket'];
const signedIn = { tags, security: [{ bearer: [] }] };
/** A shopper's basket changes with each click; a stranger guessing tokens is stopped long before. */
const tokenCalls = { rateLimit: perAddress(600, '1 hour') };

/**
 * The baskets the shop keeps: the signed-in customer's own, and a guest's who asked to be
 * reminded, opened by its token without signing in. Each answers the lines at today's prices.
 */
export const keptBasketsRoutes: FastifyPluginAsyncZod<{
  baskets: KeptBasketsContext;
  guards: Guards;
}> = async (app, { baskets, guards }) => {
  const { database } = baskets;

  app.get(
    '/basket',
    {
      onRequest: guards.signedIn,
      schema: {
        ...signedIn,
        summary: 'Your basket as the shop keeps it for every device, at today’s prices and stock',
        response: { 200: keptBasketSchema, 401: errorBodySchema },
      },
    },
    (request) => basketOfCaller(database, callerOf(request)),
  );

  app.put(
    '/basket',
    {
      onRequest: guards.signedIn,
      schema: {
        ...signedIn,
        summary:
          'Keep your basket: the lines sent replace those kept; lines no longer on sale are left out',
        body: keptBasketBodySchema,
        response: { 200: keptBasketSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    (request) => keepBasketOfCaller(database, callerOf(request), request.body),
  );

  app.post(
    '/baskets',
    {
      config: { rateLimit: perAddress(20, '1 hour') },
      schema: {
        tags,
        summary:
          'A guest asks to be reminded of their basket by email: records that consent and keeps the basket under a new random token',
        security: [],
        body: guestBasketBodySchema,
        response: { 201: keptBasketTokenSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await keepGuestBasket(baskets, request.body)),
  );

  app.get(
    '/baskets/:token',
    {
      config: tokenCalls,
      schema: {
        tags,
        summary: 'The basket a token opens (a guest’s, or a reminder’s link), at today’s prices',
        security: [],
        params: keptBasketParamsSchema,
        response: {
          200: keptBasketSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    (request) => basketOfToken(database, request.params.token),
  );

  app.put(
    '/baskets/:token',
    {
      config: tokenCalls,
      schema: {
        tags,
        summary: 'Keep the basket a token opens: the lines sent replace those kept',
        security: [],
        params: keptBasketParamsSchema,
        body: keptBasketBodySchema,
        response: {
          200: keptBasketSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    (request) => keepBasketOfToken(database, request.params.token, request.body),
  );
};
