import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { errorBodySchema } from '../../shared/errors';
import type { ShopDatabase } from '../db/database';
import type { Draining } from './draining';
import { ShopError } from './errors';

export const healthRoutes: FastifyPluginAsyncZod<{
  database: ShopDatabase;
  draining: Draining;
}> = async (app, { database, draining }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['operations'],
        summary:
          'Whether the server and its database answer; 503 too once the server is stopping, so that balancers send it nothing new',
        response: { 200: z.object({ status: z.literal('ok') }), 503: errorBodySchema },
      },
    },
    async (request) => {
      if (draining.phase !== 'serving') {
        throw new ShopError(
          'SERVICE_UNAVAILABLE',
          'This server is stopping: it answers what it is sent for a few seconds more',
        );
      }
      try {
        await database.ping();
      } catch (error) {
        request.log.error({ err: error }, 'database did not answer the health check');
        throw new ShopError('SERVICE_UNAVAILABLE', 'The database is not answering');
      }
      return { status: 'ok' as const };
    },
  );
};
