import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, messageSchema, type Message } from '../../shared/api';
import { paymentWords } from '../../shared/payments/payment-methods';
import { testApprovalBodySchema } from '../../shared/payments/payments';
import { findTestCard } from '../../shared/payments/test-cards';
import type { ShopDatabase } from '../db/database';
import { ShopError } from '../http/errors';
import { findPayment } from './payment-ledger.repository';
import type { TestProvider } from './test-provider';

/**
 * `POST /api/payments/:id/test-approval`, served only in test mode: what PayPal's card fields and
 * wallet sheets do for a real payment, the test checkout's form does here. A card payment is
 * approved with a test card (its 3-D Secure result and any decline come with it), a wallet one
 * as it is; the order is then placed as for PayPal.
 */
export const testApprovalRoutes: FastifyPluginAsyncZod<{
  database: ShopDatabase;
  provider: TestProvider;
}> = async (app, { database, provider }) => {
  app.post(
    '/payments/:id/test-approval',
    {
      schema: {
        tags: ['payments'],
        summary: 'Test mode only: approve a card or wallet payment as the checkout form does',
        security: [],
        params: idParamsSchema,
        body: testApprovalBodySchema,
        response: { 200: messageSchema },
      },
    },
    async (request): Promise<Message> => {
      const payment = await findPayment(database.db, request.params.id);
      if (!payment || payment.status !== 'opened') {
        throw new ShopError('PAYMENT_NOT_FOUND', 'That payment could not be found');
      }
      if (payment.method === 'paypal') {
        throw new ShopError('BAD_REQUEST', 'A PayPal payment is approved in PayPal, not here');
      }
      const given = request.body.card;
      const card = given === undefined ? undefined : findTestCard(given);
      if (payment.method === 'card' && !card) {
        throw new ShopError(
          'VALIDATION_FAILED',
          'This shop is in test mode: use one of the test cards shown. No real card is taken.',
        );
      }
      const source = provider.approve(payment, {
        card: payment.method === 'card' ? card : undefined,
      });
      return { message: `Approved with ${paymentWords(source)} (test, no money taken).` };
    },
  );
};
