import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, messageSchema } from '../../shared/api';
import { subscribeBodySchema } from '../../shared/newsletter';
import type { ShopDatabase } from '../db/database';
import { perAddress } from '../http/rate-limits';
import { subscribe } from './newsletter.service';

export const newsletterRoutes: FastifyPluginAsyncZod<{ database: ShopDatabase }> = async (
  app,
  { database },
) => {
  app.post(
    '/subscribers',
    {
      config: { rateLimit: perAddress(20, '1 hour') },
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe an email address to the newsletter',
        body: subscribeBodySchema,
        response: { 201: messageSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await subscribe(database, request.body)),
  );
};
