import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deliveryAnswerSchema, deliveryQuerySchema } from '../../shared/delivery/delivery';
import { errorBodySchema } from '../../shared/errors';
import type { ShopDatabase } from '../db/database';
import type { ShopSettings } from '../settings/shop-settings';
import { deliveryFor } from './delivery.service';

/** Which services a basket may use, at what price and with what dates: for every shopper. */
export const deliveryRoutes: FastifyPluginAsyncZod<{
  database: ShopDatabase;
  settings: ShopSettings;
}> = async (app, { database, settings }) => {
  app.get(
    '/delivery',
    {
      schema: {
        tags: ['delivery'],
        summary:
          'The delivery services a basket may use now, cheapest first, with prices and dates; ' +
          'the holiday and banner showing',
        security: [],
        querystring: deliveryQuerySchema,
        response: { 200: deliveryAnswerSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    (request, reply) => {
      // The dates move with the clock and the settings: a copy is checked before each use.
      void reply.header('cache-control', 'no-cache');
      return deliveryFor(database.db, settings.current(), request.query.items);
    },
  );
};
