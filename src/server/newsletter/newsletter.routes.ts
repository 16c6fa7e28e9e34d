import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { subscriberPageSchema } from '../../shared/newsletter/newsletter';
import { errorBodySchema } from '../../shared/errors';
import { messageSchema } from '../../shared/api';
import { pageQuerySchema } from '../../shared/api';
import { subscribeBodySchema } from '../../shared/newsletter/newsletter';
import type { Guards } from '../accounts/authentication';
import { perAddress } from '../http/rate-limits';
import {
  confirmSubscription,
  subscribe,
  subscriberPage,
  subscribersCsv,
  unsubscribe,
  type NewsletterContext,
} from './newsletter.service';

const adminErrors = { 401: errorBodySchema, 403: errorBodySchema };
/** The token of a link in a newsletter mail. */
const linkParams = z.object({ token: z.string().min(1).max(200) });
const admin = { tags: ['admin: subscribers'], security: [{ bearer: [] }] };

export const newsletterRoutes: FastifyPluginAsyncZod<{
  newsletter: NewsletterContext;
  guards: Guards;
}> = async (app, { newsletter, guards }) => {
  app.post(
    '/subscribers',
    {
      config: { rateLimit: perAddress(20, '1 hour') },
      schema: {
        tags: ['newsletter'],
        summary:
          'Subscribe an email address: it is mailed a link to confirm, and nothing else until then',
        body: subscribeBodySchema,
        response: { 201: messageSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await subscribe(newsletter, request.body)),
  );

  app.post(
    '/subscribers/confirm/:token',
    {
      config: { rateLimit: perAddress(60, '1 hour') },
      schema: {
        tags: ['newsletter'],
        summary: 'Confirm a subscription with the link from its confirmation mail',
        params: linkParams,
        response: { 200: messageSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    (request) => confirmSubscription(newsletter, request.params.token),
  );

  app.post(
    '/subscribers/unsubscribe/:token',
    {
      config: { rateLimit: perAddress(60, '1 hour') },
      schema: {
        tags: ['newsletter'],
        summary: 'Unsubscribe with the link from a newsletter mail',
        params: linkParams,
        response: { 200: messageSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    (request) => unsubscribe(newsletter, request.params.token),
  );

  app.get(
    '/subscribers',
    {
      onRequest: guards.admin,
      schema: {
        ...admin,
        summary: 'Subscribers, confirmed or not, newest first, 20 a page',
        querystring: pageQuerySchema,
        response: { 200: subscriberPageSchema, ...adminErrors },
      },
    },
    (request) => subscriberPage(newsletter, request.query.pageNumber),
  );

  app.get(
    '/subscribers/export.csv',
    {
      onRequest: guards.admin,
      schema: {
        ...admin,
        summary: 'Every confirmed subscriber as a CSV file (email, subscribed_at, confirmed_at)',
        produces: ['text/csv'],
        response: { 200: z.string(), ...adminErrors },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="subscribers.csv"')
        .header('cache-control', 'no-store')
        .send(await subscribersCsv(newsletter)),
  );
};
