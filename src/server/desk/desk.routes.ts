import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deskSchema } from '../../shared/desk/desk';
import { errorBodySchema } from '../../shared/errors';
import { callerOf, type Guards } from '../accounts/authentication';
import { deskFor, type DeskContext } from './desk.service';

const errors = { 401: errorBodySchema, 403: errorBodySchema };
const bearer = [{ bearer: [] }];

/** The owner's desk: staff and the owner read it; the money on it is the owner's alone. */
export const deskRoutes: FastifyPluginAsyncZod<{ desk: DeskContext; guards: Guards }> = async (
  app,
  { desk, guards },
) => {
  app.get(
    '/admin/desk',
    {
      onRequest: guards.staff,
      schema: {
        tags: ['admin: desk'],
        summary:
          "Today's work: orders to send, returns, failed refunds, low stock; sales for the owner",
        security: bearer,
        response: { 200: deskSchema, ...errors },
      },
    },
    (request) => deskFor(desk, callerOf(request)),
  );
};
