import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shopIdentitySchema } from '../../shared/api';
import type { ShopSettings } from '../settings/shop-settings';

/**
 * Who sells: the trader's identity for the footer, the contact page, the terms and receipts, as
 * the settings say now. Whoever keeps a copy asks again before each use (`no-cache`): the owner
 * may change them at any moment, and a copy served while it is checked in the background (as
 * `stale-while-revalidate` lets a browser do) would show the old phone number after a save.
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
      void reply.header('cache-control', 'no-cache');
      return settings.current().shop;
    },
  );
};
