import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, messageSchema, pageQuerySchema } from '../../shared/api';
import { errorBodySchema } from '../../shared/errors';
import {
  promotionBodySchema,
  promotionPageSchema,
  promotionSchema,
} from '../../shared/promotions/promotions';
import { callerOf, type Guards } from '../accounts/authentication';
import {
  createPromotion,
  getPromotion,
  listAdminPromotions,
  removePromotion,
  savePromotion,
  type PromotionsContext,
} from './promotions-admin.service';

/** The back office's automatic promotions: admins alone, every change audited. */
export const promotionsRoutes: FastifyPluginAsyncZod<{
  guards: Guards;
  context: PromotionsContext;
}> = async (app, { guards, context }) => {
  const errors = {
    400: errorBodySchema,
    401: errorBodySchema,
    403: errorBodySchema,
    404: errorBodySchema,
  };
  const admin = { tags: ['admin: promotions'], security: [{ bearer: [] }] };

  app.get(
    '/promotions',
    {
      onRequest: guards.admin,
      schema: {
        ...admin,
        summary: 'Every promotion, the latest to end first, 20 a page',
        querystring: pageQuerySchema,
        response: { 200: promotionPageSchema, ...errors },
      },
    },
    (request) => listAdminPromotions(context, request.query.pageNumber),
  );

  app.post(
    '/promotions',
    {
      onRequest: guards.admin,
      schema: {
        ...admin,
        summary: 'A new promotion, live from its start to its end with no code',
        body: promotionBodySchema,
        response: { 201: promotionSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createPromotion(context, callerOf(request), request.body)),
  );

  app.get(
    '/promotions/:id',
    {
      onRequest: guards.admin,
      schema: {
        ...admin,
        summary: 'One promotion',
        params: idParamsSchema,
        response: { 200: promotionSchema, ...errors },
      },
    },
    (request) => getPromotion(context, request.params.id),
  );

  app.put(
    '/promotions/:id',
    {
      onRequest: guards.admin,
      schema: {
        ...admin,
        summary: 'Save a promotion',
        params: idParamsSchema,
        body: promotionBodySchema,
        response: { 200: promotionSchema, ...errors },
      },
    },
    (request) => savePromotion(context, callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/promotions/:id',
    {
      onRequest: guards.admin,
      schema: {
        ...admin,
        summary: 'Delete a promotion; orders keep the name and discount they got',
        params: idParamsSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    (request) => removePromotion(context, callerOf(request), request.params.id),
  );
};
