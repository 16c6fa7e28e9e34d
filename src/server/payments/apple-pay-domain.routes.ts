import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ShopError } from '../http/errors';
import type { ShopSettings } from '../settings/shop-settings';

/** Where Apple looks for the file that proves the shop's domain is the merchant's. */
export const APPLE_PAY_DOMAIN_FILE = '/.well-known/apple-developer-merchantid-domain-association';

/**
 * Apple Pay's domain association file, as the owner pasted it into the settings: served as plain
 * text, never redirected, while Apple Pay is on; 404 otherwise. Asked again before each use, since
 * the owner may replace it at any moment.
 */
export const applePayDomainRoutes: FastifyPluginAsyncZod<{ settings: ShopSettings }> = async (
  app,
  { settings },
) => {
  app.get(APPLE_PAY_DOMAIN_FILE, { schema: { hide: true } }, (_request, reply) => {
    const { applePay, applePayDomainFile } = settings.current().payments;
    if (!applePay || applePayDomainFile === '') {
      throw new ShopError('NOT_FOUND', 'Apple Pay is not on');
    }
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(applePayDomainFile);
  });
};
