import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../shared/api';
import {
  bulkDispatchAnswerSchema,
  bulkDispatchBodySchema,
  noteBodySchema,
  slipsQuerySchema,
  slipsSchema,
} from '../../shared/orders/order-desk';
import { orderSchema } from '../../shared/orders/orders';
import { trackingBodySchema } from '../../shared/orders/parcels';
import { callerOf, type Guards } from '../accounts/authentication';
import { addNote } from './add-note';
import { correctOrderTracking } from './dispatch/correct-tracking';
import { dispatchMany } from './dispatch/dispatch-many';
import { packingSlips } from './dispatch/packing-slips';
import { bearer, orderErrors as errors } from './orders.routes';
import type { OrdersContext } from './orders-context';

/** The back office's work on orders beside moving them: notes, dispatching many, tracking. */
export const orderDeskRoutes: FastifyPluginAsyncZod<{
  orders: OrdersContext;
  guards: Guards;
}> = async (app, { orders, guards }) => {
  app.post(
    '/orders/:id/notes',
    {
      onRequest: guards.staff,
      schema: {
        tags: ['admin: orders'],
        summary: "Write a note on an order, for staff's eyes only",
        security: bearer,
        params: idParamsSchema,
        body: noteBodySchema,
        response: { 201: orderSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addNote(orders, callerOf(request), request.params.id, request.body)),
  );

  app.get(
    '/orders/slips',
    {
      onRequest: guards.staff,
      schema: {
        tags: ['admin: orders'],
        summary: 'A pick list and the packing slips of the orders given',
        security: bearer,
        querystring: slipsQuerySchema,
        response: { 200: slipsSchema, ...errors },
      },
    },
    (request) => packingSlips(orders, callerOf(request), request.query.orders),
  );

  app.post(
    '/orders/dispatch',
    {
      onRequest: guards.staff,
      schema: {
        tags: ['admin: orders'],
        summary: 'Dispatch many orders at once; each refusal is listed and stops no other',
        security: bearer,
        body: bulkDispatchBodySchema,
        response: { 200: bulkDispatchAnswerSchema, ...errors },
      },
    },
    (request) => dispatchMany(orders, callerOf(request), request.body),
  );

  app.put(
    '/orders/:id/tracking',
    {
      onRequest: guards.staff,
      schema: {
        tags: ['admin: orders'],
        summary: "Correct a dispatched order's tracking (mails the customer the right one)",
        security: bearer,
        params: idParamsSchema,
        body: trackingBodySchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    (request) => correctOrderTracking(orders, callerOf(request), request.params.id, request.body),
  );
};
