import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { errorBodySchema } from '../../shared/errors';
import { messageSchema } from '../../shared/api';
import { idParamsSchema } from '../../shared/api';
import {
  productDetailSchema,
  productListQuerySchema,
  productPageSchema,
  productSchema,
} from '../../shared/catalog/catalog';
import { myReviewSchema, reviewBodySchema } from '../../shared/catalog/catalog';
import { callerOf, type Guards } from '../accounts/authentication';
import type { ShopDatabase } from '../db/database';
import { noteProductsShown } from '../http/response-cache';
import type { ShopSettings } from '../settings/shop-settings';
import type { ShelfIndex } from './shelf-index';
import {
  addReview,
  getMyReview,
  getProduct,
  getSimilarProducts,
  listProducts,
} from './catalog.service';

export const catalogRoutes: FastifyPluginAsyncZod<{
  database: ShopDatabase;
  guards: Guards;
  /** Whether new reviews wait for the owner (`reviews.holdNew`). */
  settings: ShopSettings;
  /** What listings are filtered and sorted by. */
  shelves: ShelfIndex;
}> = async (app, { database, guards, settings, shelves }) => {
  app.get(
    '/products',
    {
      // The same for every caller; changed by what any listing shows (a name, a price, a product
      // going out of stock), and by the stock of a product it shows moving.
      config: { publicCache: 'listings' },
      schema: {
        tags: ['catalogue'],
        summary:
          'A page of products, or of search results; of one category or department; filtered, sorted and with the counts of each filter',
        querystring: productListQuerySchema,
        response: { 200: productPageSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const page = await listProducts(database, shelves, request.query);
      noteProductsShown(
        request,
        page.products.map((product) => product._id),
      );
      return page;
    },
  );

  app.get(
    '/products/:id',
    {
      // The same for every caller; changed by a change to this product, its stock or reviews.
      config: { publicCache: 'product' },
      schema: {
        tags: ['catalogue'],
        summary: 'One product with its reviews, newest first',
        params: idParamsSchema,
        response: { 200: productDetailSchema, 404: errorBodySchema },
      },
    },
    (request) => getProduct(database, request.params.id),
  );

  app.get(
    '/products/:id/similar',
    {
      // The same for every caller; other products, shown as cards show them: whether each is in
      // stock, which only a listing's change moves (its stock count may lag, as cards do not show it).
      config: { publicCache: 'listings' },
      schema: {
        tags: ['catalogue'],
        summary:
          'Up to four other products of the same category: those sharing the most facets first, then those in stock',
        params: idParamsSchema,
        response: { 200: z.array(productSchema), 404: errorBodySchema },
      },
    },
    (request) => getSimilarProducts(database, request.params.id),
  );

  app.post(
    '/products/:id/review',
    {
      onRequest: guards.signedIn,
      schema: {
        tags: ['catalogue'],
        summary: 'Review a product, once per customer',
        security: [{ bearer: [] }],
        params: idParamsSchema,
        body: reviewBodySchema,
        response: {
          201: messageSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await addReview(
            database,
            request.params.id,
            callerOf(request),
            request.body,
            settings.current().reviews,
          ),
        ),
  );

  // Asked apart from the product, whose answer is the same for every caller and kept in caches.
  app.get(
    '/products/:id/my-review',
    {
      onRequest: guards.signedIn,
      schema: {
        tags: ['catalogue'],
        summary: "The signed-in customer's own review of a product, or null",
        security: [{ bearer: [] }],
        params: idParamsSchema,
        response: { 200: myReviewSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await getMyReview(database, request.params.id, callerOf(request).id)),
  );
};
