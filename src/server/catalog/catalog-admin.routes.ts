import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminProductPageSchema,
  adminProductQuerySchema,
  adminProductSchema,
  priceHistoryQuerySchema,
  priceHistorySchema,
  productUpdateBodySchema,
} from '../../shared/catalog/catalog-admin';
import { errorBodySchema } from '../../shared/errors';
import { messageSchema } from '../../shared/api';
import { idParamsSchema } from '../../shared/api';
import { callerOf, type Guards } from '../accounts/authentication';
import type { ShopDatabase } from '../db/database';
import type { ShopSettings } from '../settings/shop-settings';
import type { StockAlertsContext } from '../stock-alerts/stock-alerts.service';
import {
  createDraftProduct,
  getAdminProduct,
  listAdminProducts,
  removeProduct,
  saveProduct,
} from './catalog-admin.service';
import { getPriceHistory } from './sale-prices';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const security = [{ bearer: [] }];
const tags = ['admin: products'];

export const catalogAdminRoutes: FastifyPluginAsyncZod<{
  database: ShopDatabase;
  guards: Guards;
  alerts: StockAlertsContext;
  /** Stock at or below the settings' `lowStock` is low. */
  settings: ShopSettings;
}> = async (app, { database, guards, alerts, settings }) => {
  app.get(
    '/admin/products',
    {
      onRequest: guards.staff,
      schema: {
        tags,
        security,
        summary:
          'Every product, drafts included, newest first, 20 a page; by words, category and stock',
        querystring: adminProductQuerySchema,
        response: { 200: adminProductPageSchema, ...errors },
      },
    },
    (request) => listAdminProducts(database, request.query, settings.current().lowStock),
  );

  app.get(
    '/admin/products/:id',
    {
      onRequest: guards.staff,
      schema: {
        tags,
        security,
        summary: 'One product, draft or not',
        params: idParamsSchema,
        response: { 200: adminProductSchema, ...errors },
      },
    },
    (request) => getAdminProduct(database, request.params.id),
  );

  app.get(
    '/products/:id/price-history',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        security,
        summary:
          'Every price a product sold at, or one of its variants (?variant=), oldest first: what a was price is judged by',
        params: idParamsSchema,
        querystring: priceHistoryQuerySchema,
        response: { 200: priceHistorySchema, ...errors },
      },
    },
    (request) => getPriceHistory(database.db, request.params.id, request.query.variant),
  );

  app.post(
    '/products',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        security,
        summary: 'A new, empty draft product',
        response: { 201: adminProductSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createDraftProduct(database, callerOf(request))),
  );

  app.put(
    '/products/:id',
    {
      onRequest: guards.staff,
      schema: {
        tags,
        security,
        summary:
          'Save every field of a product with its options, variants and specifications; a saved draft goes on sale; staff may change only stock',
        params: idParamsSchema,
        body: productUpdateBodySchema,
        response: { 200: adminProductSchema, ...errors },
      },
    },
    (request) => saveProduct(alerts, callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/products/:id',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        security,
        summary: 'Delete a product; orders keep their own copy of it',
        params: idParamsSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    (request) => removeProduct(database, callerOf(request), request.params.id),
  );
};
