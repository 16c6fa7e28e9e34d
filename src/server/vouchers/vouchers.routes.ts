import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { errorBodySchema } from '../../shared/api';
import { voucherSchema } from '../../shared/orders';
import type { Guards } from '../accounts/authentication';
import type { ShopDatabase } from '../db/database';
import { presentVoucher, usableVoucher } from './vouchers.service';

export const vouchersRoutes: FastifyPluginAsyncZod<{
  database: ShopDatabase;
  guards: Guards;
}> = async (app, { database, guards }) => {
  app.get(
    '/vouchers/code/:code',
    {
      onRequest: guards.signedIn,
      schema: {
        tags: ['vouchers'],
        summary: 'The voucher a code names, if it can be used now',
        security: [{ bearer: [] }],
        params: z.object({ code: z.string().min(1).max(100) }),
        response: { 200: z.array(voucherSchema), 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => [presentVoucher(await usableVoucher(database.db, request.params.code))],
  );
};
