import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentConfigSchema, type PaymentConfig } from '../../shared/payments';
import { penceToPounds } from '../../shared/money';
import type { Config } from '../config';

export const paymentConfigRoutes: FastifyPluginAsyncZod<{
  payment: Config['payment'];
  giftWrapPence: Config['giftWrapPence'];
}> = async (app, { payment, giftWrapPence }) => {
  const answer: PaymentConfig = {
    provider: payment.provider,
    clientId: payment.clientId,
    currency: 'GBP',
    giftWrapPrice: penceToPounds(giftWrapPence),
  };
  app.get(
    '/config/paypal',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Which payment provider the checkout uses, its public client id, and what gift wrap costs',
        response: { 200: paymentConfigSchema },
      },
    },
    () => answer,
  );
};
