import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { errorBodySchema } from '../../shared/errors';
import { pingDatabase, type ShopDatabase } from '../db/database';
import { ShopError } from './errors';

export const healthRoutes: FastifyPluginAsyncZod<{ database: ShopDatabase }> = async (
  app,
  { database },
) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['operations'],
        summary: 'Whether the server and its database answer',
        response: { 200: z.object({ status: z.literal('ok') }), 503: errorBodySchema },
      },
    },
    async (request) => {
      try {
        await pingDatabase(database.db);
      } catch (error) {
        request.log.error({ err: error }, 'database did not answer the health check');
        throw new ShopError('SERVICE_UNAVAILABLE', 'The database is not answering');
      }
      return { status: 'ok' as const };
    },
  );
};
