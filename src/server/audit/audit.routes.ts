import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '../../shared/audit/audit';
import { errorBodySchema } from '../../shared/errors';
import type { Guards } from '../accounts/authentication';
import type { ShopDatabase } from '../db/database';
import { auditPage } from './audit-log';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

export const auditRoutes: FastifyPluginAsyncZod<{
  database: ShopDatabase;
  guards: Guards;
}> = async (app, { database, guards }) => {
  app.get(
    '/audit',
    {
      onRequest: guards.admin,
      schema: {
        tags: ['admin: audit'],
        summary: 'Every change by staff or admins, newest first, 50 a page',
        security: [{ bearer: [] }],
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errors },
      },
    },
    (request) => auditPage(database.db, request.query),
  );
};
