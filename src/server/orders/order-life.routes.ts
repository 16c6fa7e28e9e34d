import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { messageSchema } from '../../shared/api';
import { idParamsSchema } from '../../shared/api';
import { orderKeyQuerySchema, orderSchema } from '../../shared/orders/orders';
import { dispatchBodySchema } from '../../shared/orders/parcels';
import {
  exchangeBodySchema,
  refundBodySchema,
  returnBodySchema,
  returnCloseBodySchema,
} from '../../shared/orders/after-sale';
import { failedRefundSchema, paymentWithoutOrderSchema } from '../../shared/payments/payments';
import { callerOf, type Guards } from '../accounts/authentication';
import { listFailedRefunds, listPaymentsWithoutOrder } from '../payments/refunds.service';
import { cancelOrder } from './after-sale/cancel';
import { closeReturn } from './after-sale/close-return';
import { exchangeOrder } from './after-sale/exchange';
import { deliverOrder } from './dispatch/deliver';
import { dispatchOrder } from './dispatch/dispatch';
import { refundOrder } from './after-sale/refund';
import { requestReturn } from './after-sale/request-return';
import { retryFailedRefund } from './after-sale/retry-refund';
import { cancelByKey, claimOrder } from './guest-orders';
import { bearer, guestOrBearer, orderErrors as errors } from './orders.routes';
import type { OrdersContext } from './orders-context';

/** Moving an order on after it is paid: dispatch, delivery, cancellation, returns and refunds. */
export const orderLifeRoutes: FastifyPluginAsyncZod<{
  orders: OrdersContext;
  guards: Guards;
}> = async (app, { orders, guards }) => {
  app.put(
    '/orders/:id/dispatched',
    {
      onRequest: guards.staff,
      schema: {
        tags: ['admin: orders'],
        summary:
          'Mark a paid order dispatched, with its carrier and tracking number (mails the customer)',
        security: bearer,
        params: idParamsSchema,
        body: dispatchBodySchema.nullish(),
        response: { 200: orderSchema, ...errors },
      },
    },
    (request) => dispatchOrder(orders, callerOf(request), request.params.id, request.body ?? {}),
  );

  app.put(
    '/orders/:id/delivered',
    {
      onRequest: guards.staff,
      schema: {
        tags: ['admin: orders'],
        summary: 'Mark a dispatched order delivered (mails the customer)',
        security: bearer,
        params: idParamsSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    (request) => deliverOrder(orders, callerOf(request), request.params.id),
  );

  app.post(
    '/orders/:id/cancel',
    {
      onRequest: guards.guestOrSignedIn,
      schema: {
        tags: ['orders'],
        summary:
          "Cancel an order not yet dispatched: full refund, stock back (owner or admin, or a guest's with its key)",
        security: guestOrBearer,
        params: idParamsSchema,
        querystring: orderKeyQuerySchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    ({ params, query, user }) =>
      query.key === undefined
        ? cancelOrder(orders, callerOf({ user }), params.id)
        : cancelByKey(orders, params.id, query.key),
  );

  app.post(
    '/orders/:id/claim',
    {
      onRequest: guards.signedIn,
      schema: {
        tags: ['orders'],
        summary:
          "Add a guest's order to the signed-in customer's account, opened by its key; only with the email it was placed with",
        security: bearer,
        params: idParamsSchema,
        querystring: orderKeyQuerySchema.required(),
        response: { 200: orderSchema, ...errors },
      },
    },
    (request) => claimOrder(orders, callerOf(request), request.params.id, request.query.key),
  );

  app.post(
    '/orders/:id/return',
    {
      onRequest: guards.signedIn,
      schema: {
        tags: ['orders'],
        summary: 'Ask to return a delivered order within 14 days of delivery (owner)',
        security: bearer,
        params: idParamsSchema,
        body: returnBodySchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    (request) => requestReturn(orders, callerOf(request), request.params.id, request.body),
  );

  app.post(
    '/orders/:id/return/close',
    {
      onRequest: guards.staff,
      schema: {
        tags: ['admin: orders'],
        summary:
          'End a return: refunded, exchanged or rejected, with a note for the customer (mails them)',
        security: bearer,
        params: idParamsSchema,
        body: returnCloseBodySchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    (request) => closeReturn(orders, callerOf(request), request.params.id, request.body),
  );

  app.post(
    '/orders/:id/exchange',
    {
      onRequest: guards.staff,
      schema: {
        tags: ['admin: orders'],
        summary:
          'Send a replacement for what came back: a new order of total 0 to the same address, taking its stock; the return closes as exchanged',
        security: bearer,
        params: idParamsSchema,
        body: exchangeBodySchema,
        response: { 201: orderSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await exchangeOrder(orders, callerOf(request), request.params.id, request.body)),
  );

  app.post(
    '/orders/:id/refunds',
    {
      onRequest: guards.admin,
      schema: {
        tags: ['admin: orders'],
        summary: 'Refund part or all of a paid order, putting chosen items back in stock',
        security: bearer,
        params: idParamsSchema,
        body: refundBodySchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    (request) => refundOrder(orders, callerOf(request), request.params.id, request.body),
  );

  app.get(
    '/refunds/failed',
    {
      onRequest: guards.admin,
      schema: {
        tags: ['admin: orders'],
        summary: 'Refunds the payment provider did not take: money still owed',
        security: bearer,
        response: { 200: z.array(failedRefundSchema), ...errors },
      },
    },
    () => listFailedRefunds(orders.database.db),
  );

  app.get(
    '/payments/without-order',
    {
      onRequest: guards.admin,
      schema: {
        tags: ['admin: orders'],
        summary:
          'Payments taken that made no order, newest first (the latest 100), each with its refund',
        security: bearer,
        response: { 200: z.array(paymentWithoutOrderSchema), ...errors },
      },
    },
    () => listPaymentsWithoutOrder(orders.database.db),
  );

  app.post(
    '/refunds/:id/retry',
    {
      onRequest: guards.admin,
      schema: {
        tags: ['admin: orders'],
        summary: 'Ask the payment provider again for a refund it refused',
        security: bearer,
        params: idParamsSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    (request) => retryFailedRefund(orders, callerOf(request), request.params.id),
  );
};
