import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentConfigSchema, type PaymentConfig } from '../../shared/payments';
import type { Config } from '../config';

export const paymentConfigRoutes: FastifyPluginAsyncZod<{ payment: Config['payment'] }> = async (
  app,
  { payment },
) => {
  const answer: PaymentConfig = {
    provider: payment.provider,
    clientId: payment.clientId,
    currency: 'GBP',
  };
  app.get(
    '/config/paypal',
    {
      schema: {
        tags: ['payments'],
        summary: 'Which payment provider the checkout uses, and its public client id',
        response: { 200: paymentConfigSchema },
      },
    },
    () => answer,
  );
};
