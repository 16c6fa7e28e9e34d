import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shopIdentitySchema, type ShopIdentity } from '../../shared/api';

/** Who sells: the trader's identity for the footer, the contact page, the terms and receipts. */
export const shopRoutes: FastifyPluginAsyncZod<{ trader: ShopIdentity }> = async (
  app,
  { trader },
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
      void reply.header('cache-control', 'public, max-age=300');
      return trader;
    },
  );
};
