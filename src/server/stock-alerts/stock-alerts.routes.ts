import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { errorBodySchema } from '../../shared/errors';
import { messageSchema } from '../../shared/api';
import { idParamsSchema } from '../../shared/api';
import { stockAlertBodySchema } from '../../shared/stock-alerts/stock-alerts';
import { perAddress } from '../http/rate-limits';
import { cancelAlert, requestAlert, type StockAlertsContext } from './stock-alerts.service';

const tags = ['catalogue'];

export const stockAlertsRoutes: FastifyPluginAsyncZod<{ alerts: StockAlertsContext }> = async (
  app,
  { alerts },
) => {
  app.post(
    '/products/:id/alerts',
    {
      config: { rateLimit: perAddress(20, '1 hour') },
      schema: {
        tags,
        summary: 'Be mailed once when a sold-out product or variant is back in stock',
        params: idParamsSchema,
        body: stockAlertBodySchema,
        response: {
          201: messageSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await requestAlert(alerts, request.params.id, request.body)),
  );

  app.post(
    '/stock-alerts/cancel/:token',
    {
      config: { rateLimit: perAddress(60, '1 hour') },
      schema: {
        tags,
        summary: 'Cancel a back-in-stock alert with the link from its mail',
        params: z.object({ token: z.string().min(1).max(200) }),
        response: { 200: messageSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    (request) => cancelAlert(alerts, request.params.token),
  );
};
