import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shopIdentitySchema } from '../../shared/api';
import { PUBLIC_CACHING } from '../http/response-cache';
import type { ShopSettings } from '../settings/shop-settings';

/**
 * Who sells: the trader's identity for the footer, the contact page, the terms and receipts, as
 * the settings say now. A browser asks again each time (the owner may have changed them); a shared
 * cache may keep it a minute, as it keeps the pages that show it.
 */
export const shopRoutes: FastifyPluginAsyncZod<{ settings: ShopSettings }> = async (
  app,
  { settings },
) => {
  app.get(
    '/config/shop',
    {
      schema: {
        tags: ['shop'],
        summary: "The trader's name, address, contact details, VAT and company numbers",
        security: [],
        response: { 200: shopIdentitySchema },
      },
    },
    (_request, reply) => {
      void reply.header('cache-control', PUBLIC_CACHING);
      return settings.current().shop;
    },
  );
};
