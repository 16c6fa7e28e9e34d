import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { errorBodySchema } from '../../shared/errors';
import { adminOrderPageSchema, orderSearchQuerySchema } from '../../shared/orders/orders';
import { idParamsSchema, pageQuerySchema } from '../../shared/api';
import {
  myOrdersPageSchema,
  orderKeyQuerySchema,
  orderSchema,
  recipientOrderSchema,
} from '../../shared/orders/orders';
import {
  orderBodySchema,
  paymentBodySchema,
  quoteBodySchema,
  quoteSchema,
} from '../../shared/orders/checkout';
import { paymentAnswerSchema } from '../../shared/payments/payments';
import { callerOf, type Guards } from '../accounts/authentication';
import { buyerOf, guestsGiveAnEmail } from './checkout/buyer';
import { orderByKey } from './guest-orders';
import { openPayment } from './checkout/open-payment';
import type { OrdersContext } from './orders-context';
import { orderFor, ordersPageOf } from './order-queries';
import { findOrders } from './search-orders';
import { placeOrder } from './checkout/place-order';
import { quoteBasket } from './checkout/quote';

export const orderErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  402: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  500: errorBodySchema,
  502: errorBodySchema,
};
const errors = orderErrors;
export const bearer = [{ bearer: [] }];
/** A guest may call without a token; a token, when sent, must be valid. */
export const guestOrBearer: { [label: string]: string[] }[] = [{}, { bearer: [] }];

export const ordersRoutes: FastifyPluginAsyncZod<{
  orders: OrdersContext;
  guards: Guards;
}> = async (app, { orders, guards }) => {
  app.post(
    '/orders/quote',
    {
      onRequest: guards.guestOrSignedIn,
      schema: {
        tags: ['orders'],
        summary: 'Price a basket from the database, as the place-order screen shows it',
        security: [],
        body: quoteBodySchema,
        response: { 200: quoteSchema, ...errors },
      },
    },
    (request) => quoteBasket(orders, request.body, request.ip, request.user ?? undefined),
  );

  app.post(
    '/payments',
    {
      onRequest: guards.guestOrSignedIn,
      preValidation: guestsGiveAnEmail,
      schema: {
        tags: ['orders'],
        summary:
          'Price the basket from the database and open a payment for that total (signed in, or a guest with an email)',
        security: guestOrBearer,
        body: paymentBodySchema,
        response: { 200: paymentAnswerSchema, ...errors },
      },
    },
    (request) =>
      openPayment(
        orders,
        buyerOf(request.user, request.body.email, request.body.buyer),
        request.body,
        request.ip,
      ),
  );

  app.post(
    '/orders',
    {
      onRequest: guards.guestOrSignedIn,
      preValidation: guestsGiveAnEmail,
      schema: {
        tags: ['orders'],
        summary:
          "Capture an approved payment and make its order, once per payment (a guest's answer carries its link)",
        security: guestOrBearer,
        body: orderBodySchema,
        response: { 200: orderSchema, 201: orderSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { order, created } = await placeOrder(
        orders,
        buyerOf(request.user, request.body.email, request.body.buyer),
        request.body,
        request.ip,
      );
      return reply.status(created ? 201 : 200).send(order);
    },
  );

  app.get(
    '/orders/myorders',
    {
      onRequest: guards.signedIn,
      schema: {
        tags: ['orders'],
        summary: "The signed-in customer's orders, newest first, 20 a page",
        security: bearer,
        querystring: pageQuerySchema,
        response: { 200: myOrdersPageSchema, ...errors },
      },
    },
    (request) => ordersPageOf(orders, callerOf(request), request.query.pageNumber),
  );

  app.get(
    '/orders',
    {
      onRequest: guards.staff,
      schema: {
        tags: ['admin: orders'],
        summary: 'Orders found by words, status and days paid, newest first, 20 a page',
        security: bearer,
        querystring: orderSearchQuerySchema,
        response: { 200: adminOrderPageSchema, ...errors },
      },
    },
    (request) => findOrders(orders, request.query),
  );

  app.get(
    '/orders/:id',
    {
      onRequest: guards.guestOrSignedIn,
      schema: {
        tags: ['orders'],
        summary:
          "One order, for its owner, staff or an admin; a guest's to the holder of its key (without street, phone or email); a gift's to its recipient's key (without prices or address); anyone else's is not found",
        security: guestOrBearer,
        params: idParamsSchema,
        querystring: orderKeyQuerySchema,
        response: { 200: z.union([orderSchema, recipientOrderSchema]), ...errors },
      },
    },
    ({ params, query, user }) =>
      query.key === undefined
        ? orderFor(orders, callerOf({ user }), params.id)
        : orderByKey(orders, params.id, query.key),
  );
};
