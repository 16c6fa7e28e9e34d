import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import {
  adminVoucherSchema,
  voucherPageSchema,
  voucherUpdateBodySchema,
} from '../../shared/vouchers/vouchers';
import { errorBodySchema } from '../../shared/errors';
import { messageSchema } from '../../shared/api';
import { idParamsSchema, pageQuerySchema } from '../../shared/api';
import { voucherSchema } from '../../shared/vouchers/vouchers';
import { callerOf, type Guards } from '../accounts/authentication';
import type { ShopDatabase } from '../db/database';
import type { ShopSettings } from '../settings/shop-settings';
import {
  createDraftVoucher,
  createVoucher,
  getAdminVoucher,
  listAdminVouchers,
  removeVoucher,
  saveVoucher,
} from './vouchers-admin.service';
import type { VoucherGuesses } from './voucher-guesses';
import { presentVoucher, usableVoucher } from './vouchers.service';

export const vouchersRoutes: FastifyPluginAsyncZod<{
  database: ShopDatabase;
  /** The delivery services a free-delivery voucher may name. */
  settings: ShopSettings;
  guards: Guards;
  /** Look-ups of codes per address and account, so that codes cannot be found by trying them. */
  guesses: VoucherGuesses;
}> = async (app, { database, settings, guards, guesses }) => {
  app.get(
    '/vouchers/code/:code',
    {
      onRequest: guards.signedIn,
      schema: {
        tags: ['vouchers'],
        summary: 'The voucher a code names, if it can be used now (30 look-ups an hour)',
        security: [{ bearer: [] }],
        params: z.object({ code: z.string().min(1).max(100) }),
        response: {
          200: z.array(voucherSchema),
          401: errorBodySchema,
          404: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      // 30 look-ups an hour from one address and for one account, shared with pricing.
      await guesses.count({ address: request.ip, userId: callerOf(request).id });
      return [presentVoucher(await usableVoucher(database.db, request.params.code))];
    },
  );

  const adminErrors = {
    400: errorBodySchema,
    401: errorBodySchema,
    403: errorBodySchema,
    404: errorBodySchema,
    409: errorBodySchema,
  };
  const admin = { tags: ['admin: vouchers'], security: [{ bearer: [] }] };

  app.get(
    '/vouchers',
    {
      onRequest: guards.admin,
      schema: {
        ...admin,
        summary: 'Every voucher, drafts included, newest first, 20 a page',
        querystring: pageQuerySchema,
        response: { 200: voucherPageSchema, ...adminErrors },
      },
    },
    (request) => listAdminVouchers(database, request.query.pageNumber),
  );

  app.get(
    '/vouchers/:id',
    {
      onRequest: guards.admin,
      schema: {
        ...admin,
        summary: 'One voucher',
        params: idParamsSchema,
        response: { 200: adminVoucherSchema, ...adminErrors },
      },
    },
    (request) => getAdminVoucher(database, request.params.id),
  );

  app.post(
    '/vouchers',
    {
      onRequest: guards.admin,
      schema: {
        ...admin,
        summary:
          'A new voucher: with a body (as a save takes it), live at once; without one, an empty draft that no shopper can use until it is saved',
        // A POST without a body reaches the route as null.
        body: voucherUpdateBodySchema.nullish(),
        response: { 201: adminVoucherSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const admin = callerOf(request);
      const made =
        request.body === null || request.body === undefined
          ? await createDraftVoucher(database, admin)
          : await createVoucher({ database, settings }, admin, request.body);
      return reply.status(201).send(made);
    },
  );

  app.put(
    '/vouchers/:id',
    {
      onRequest: guards.admin,
      schema: {
        ...admin,
        summary: 'Save a voucher; codes are unique whatever their case',
        params: idParamsSchema,
        body: voucherUpdateBodySchema,
        response: { 200: adminVoucherSchema, ...adminErrors },
      },
    },
    (request) =>
      saveVoucher({ database, settings }, callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/vouchers/:id',
    {
      onRequest: guards.admin,
      schema: {
        ...admin,
        summary: 'Delete a voucher; orders keep the name and discount they used',
        params: idParamsSchema,
        response: { 200: messageSchema, ...adminErrors },
      },
    },
    (request) => removeVoucher(database, callerOf(request), request.params.id),
  );
};
