import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, messageSchema, pageQuerySchema } from '../../shared/api';
import { errorBodySchema } from '../../shared/errors';
import {
  newsletterBodySchema,
  newsletterDetailSchema,
  newsletterPageSchema,
} from '../../shared/newsletters/newsletters';
import { callerOf, type Guards } from '../accounts/authentication';
import {
  createNewsletter,
  getNewsletter,
  listAdminNewsletters,
  saveNewsletter,
  sendNewsletter,
  sendTest,
  type NewslettersContext,
} from './newsletters.service';

/** The owner's newsletters: admins alone, each change audited. */
export const newslettersRoutes: FastifyPluginAsyncZod<{
  guards: Guards;
  context: NewslettersContext;
}> = async (app, { guards, context }) => {
  const errors = {
    400: errorBodySchema,
    401: errorBodySchema,
    403: errorBodySchema,
    404: errorBodySchema,
  };
  const admin = { tags: ['admin: newsletters'], security: [{ bearer: [] }] };

  app.get(
    '/newsletters',
    {
      onRequest: guards.admin,
      schema: {
        ...admin,
        summary: 'Every newsletter, newest first, 20 a page, with how its sending stands',
        querystring: pageQuerySchema,
        response: { 200: newsletterPageSchema, ...errors },
      },
    },
    (request) => listAdminNewsletters(context, request.query.pageNumber),
  );

  app.post(
    '/newsletters',
    {
      onRequest: guards.admin,
      schema: {
        ...admin,
        summary:
          'A new draft newsletter: a subject and a Markdown body, a line `{{product:<id>}}` a product card',
        body: newsletterBodySchema,
        response: { 201: newsletterDetailSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createNewsletter(context, callerOf(request), request.body)),
  );

  app.get(
    '/newsletters/:id',
    {
      onRequest: guards.admin,
      schema: {
        ...admin,
        summary:
          'One newsletter with its preview (the mail’s `html` and `text`) and how many it would go to now',
        params: idParamsSchema,
        response: { 200: newsletterDetailSchema, ...errors },
      },
    },
    (request) => getNewsletter(context, request.params.id),
  );

  app.put(
    '/newsletters/:id',
    {
      onRequest: guards.admin,
      schema: {
        ...admin,
        summary: 'Save a draft newsletter; one being sent or sent is 409',
        params: idParamsSchema,
        body: newsletterBodySchema,
        response: { 200: newsletterDetailSchema, ...errors, 409: errorBodySchema },
      },
    },
    (request) => saveNewsletter(context, callerOf(request), request.params.id, request.body),
  );

  app.post(
    '/newsletters/:id/test',
    {
      onRequest: guards.admin,
      schema: {
        ...admin,
        summary: 'Mail the newsletter, marked [Test], to the calling admin alone; 10 an hour',
        params: idParamsSchema,
        response: { 200: messageSchema, ...errors, 429: errorBodySchema },
      },
    },
    (request) => sendTest(context, callerOf(request), request.params.id),
  );

  app.post(
    '/newsletters/:id/send',
    {
      onRequest: guards.admin,
      schema: {
        ...admin,
        summary:
          'Send a draft to every subscriber whose newsletter consent stands now, at the settings’ pace; again is 409',
        params: idParamsSchema,
        response: { 200: newsletterDetailSchema, ...errors, 409: errorBodySchema },
      },
    },
    (request) => sendNewsletter(context, callerOf(request), request.params.id),
  );
};
