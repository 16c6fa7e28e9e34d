import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { ShopDatabase } from '../db/database';
import type { PaymentProvider } from './payment-provider';
import { createPayPalClient } from './paypal-client';
import { createTestProvider, type TestProvider } from './test-provider';

/** The test provider, whose checkout form approves card and wallet payments through the shop. */
export const isTestProvider = (provider: PaymentProvider): provider is TestProvider =>
  'approve' in provider;

/** The provider PAYMENT_PROVIDER names: PayPal's API, or the built-in test payments. */
export function createPaymentProvider(
  payment: Config['payment'],
  database: ShopDatabase,
  log: FastifyBaseLogger,
): PaymentProvider {
  if (payment.provider === 'test') return createTestProvider(database);
  return createPayPalClient({
    apiBase: payment.apiBase,
    clientId: payment.clientId,
    clientSecret: payment.clientSecret,
    log,
  });
}
