import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../shared/errors';
import {
  wishlistParamsSchema,
  wishlistQuerySchema,
  wishlistSchema,
} from '../../shared/wishlist/wishlist';
import { callerOf, type Guards } from '../accounts/authentication';
import type { ShopDatabase } from '../db/database';
import { addToWishlist, removeFromWishlist, wishlist } from './wishlist.service';

const tags = ['accounts'];
const security = [{ bearer: [] }];
const path = '/users/profile/wishlist';

/** The signed-in customer's own wishlist; nobody reads or changes another's. */
export const wishlistRoutes: FastifyPluginAsyncZod<{
  database: ShopDatabase;
  guards: Guards;
}> = async (app, { database, guards }) => {
  app.get(
    path,
    {
      onRequest: guards.signedIn,
      schema: {
        tags,
        summary: 'Your wishlist, at today’s prices and stock, the item added last first',
        security,
        response: { 200: wishlistSchema, 401: errorBodySchema },
      },
    },
    (request) => wishlist(database, callerOf(request)),
  );

  app.put(
    `${path}/:productId`,
    {
      onRequest: guards.signedIn,
      schema: {
        tags,
        summary:
          'Keep a product (or, with ?variant=, one of its variants) on your wishlist; answers the list. Keeping it again changes nothing',
        security,
        params: wishlistParamsSchema,
        querystring: wishlistQuerySchema,
        response: {
          200: wishlistSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    (request) =>
      addToWishlist(database, callerOf(request), request.params.productId, request.query),
  );

  app.delete(
    `${path}/:productId`,
    {
      onRequest: guards.signedIn,
      schema: {
        tags,
        summary:
          'Take a product (or, with ?variant=, one of its variants) off your wishlist; answers the list, whether or not it was there',
        security,
        params: wishlistParamsSchema,
        querystring: wishlistQuerySchema,
        response: { 200: wishlistSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    (request) =>
      removeFromWishlist(database, callerOf(request), request.params.productId, request.query),
  );
};
