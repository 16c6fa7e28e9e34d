import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { errorBodySchema } from '../../shared/api';
import {
  idParamsSchema,
  productDetailSchema,
  productListQuerySchema,
  productPageSchema,
  productSchema,
} from '../../shared/catalog';
import type { ShopDatabase } from '../db/database';
import { getProduct, getSimilarProducts, listProducts } from './catalog.service';

export const catalogRoutes: FastifyPluginAsyncZod<{ database: ShopDatabase }> = async (
  app,
  { database },
) => {
  app.get(
    '/products',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'A page of products, or of search results',
        querystring: productListQuerySchema,
        response: { 200: productPageSchema },
      },
    },
    (request) => listProducts(database, request.query),
  );

  app.get(
    '/products/:id',
    {
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
      schema: {
        tags: ['catalogue'],
        summary: 'Up to four other products of the same category, in stock first',
        params: idParamsSchema,
        response: { 200: z.array(productSchema), 404: errorBodySchema },
      },
    },
    (request) => getSimilarProducts(database, request.params.id),
  );
};
