import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentConfigSchema, type PaymentConfig } from '../../shared/payments/payments';
import type { Config } from '../config';
import type { ShopSettings } from '../settings/shop-settings';

/** PayPal's API for real money; any other base is its sandbox, or a stand-in. */
const LIVE_PAYPAL_API = 'https://api-m.paypal.com';

export const paymentConfigRoutes: FastifyPluginAsyncZod<{
  payment: Config['payment'];
  /** What gift wrap costs (`giftWrap.price`), as the settings say now. */
  settings: ShopSettings;
}> = async (app, { payment, settings }) => {
  app.get(
    '/config/paypal',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Which payment provider the checkout uses, its public client id, the ways to pay that are on, and what gift wrap costs',
        response: { 200: paymentConfigSchema },
      },
    },
    (): PaymentConfig => {
      const { giftWrap, payments } = settings.current();
      return {
        provider: payment.provider,
        clientId: payment.clientId,
        currency: 'GBP',
        giftWrapPrice: giftWrap.price,
        methods: {
          card: payments.card,
          applePay: payments.applePay,
          googlePay: payments.googlePay,
          payLaterMessages: payments.payLaterMessages,
        },
        sdkUrl: payment.sdkUrl,
        googlePaySdkUrl: payment.googlePaySdkUrl,
        live: payment.provider === 'paypal' && payment.apiBase === LIVE_PAYPAL_API,
      };
    },
  );
};
