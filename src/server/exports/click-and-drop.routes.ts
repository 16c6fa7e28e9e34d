import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import {
  CLICK_AND_DROP_COLUMNS,
  TRACKING_COLUMNS,
  clickAndDropFileName,
  clickAndDropQuerySchema,
  trackingImportAnswerSchema,
} from '../../shared/orders/click-and-drop';
import { errorBodySchema } from '../../shared/errors';
import { IMPORT_MAX_BYTES, importQuerySchema } from '../../shared/exports/exports';
import { ukDay } from '../../shared/uk-time';
import { callerOf, type Guards } from '../accounts/authentication';
import { sendCsv } from '../http/csv-download';
import { acceptCsvBodies, CsvFile } from '../http/csv-upload';
import { clickAndDropRows } from '../orders/dispatch/click-and-drop-export';
import type { OrdersContext } from '../orders/orders-context';
import { importTracking } from '../orders/dispatch/tracking-import';

const desk = { tags: ['admin: exports'], security: [{ bearer: [] }] };
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

/** The despatched orders file as its route reads it: only ever a CsvFile (see acceptCsvBodies). */
const despatchedOrdersSchema = z
  .custom<CsvFile>((body) => body instanceof CsvFile, {
    error: 'Please send the file as text/csv: the despatched orders Click & Drop exports',
  })
  .meta({
    type: 'string',
    description: `Click & Drop's despatched orders (${Object.values(TRACKING_COLUMNS).join(', ')}), up to ${IMPORT_MAX_BYTES / 1024 / 1024} MB`,
  });

/** The tracking numbers back from Click & Drop: only this route reads a CSV body here. */
const trackingImportRoutes: FastifyPluginAsyncZod<{
  guards: Guards;
  orders: OrdersContext;
}> = async (imports, { guards, orders }) => {
  acceptCsvBodies(imports, IMPORT_MAX_BYTES);
  imports.post(
    '/imports/tracking',
    {
      onRequest: guards.staff,
      bodyLimit: IMPORT_MAX_BYTES,
      schema: {
        ...desk,
        summary:
          "Check (dryRun=true) or apply Click & Drop's despatched orders: each row dispatches its paid order with Royal Mail and its tracking number, mailed once; refusals are listed one by one",
        consumes: ['text/csv'],
        querystring: importQuerySchema,
        body: despatchedOrdersSchema,
        response: {
          200: trackingImportAnswerSchema,
          ...errors,
          413: errorBodySchema,
          415: errorBodySchema,
        },
      },
    },
    (request) =>
      importTracking(orders, callerOf(request), request.body, { dryRun: request.query.dryRun }),
  );
};

/** Royal Mail Click & Drop by file: the orders to post out, and their tracking numbers back in. */
export const clickAndDropRoutes: FastifyPluginAsyncZod<{
  guards: Guards;
  orders: OrdersContext;
}> = async (app, { guards, orders }) => {
  app.get(
    '/exports/click-and-drop.csv',
    {
      onRequest: guards.staff,
      schema: {
        ...desk,
        summary: `The orders ticked, or every paid order, in Click & Drop's order import format (${CLICK_AND_DROP_COLUMNS.join(', ')}); collect orders left out`,
        querystring: clickAndDropQuerySchema,
        response: {
          200: {
            description: 'The orders as a CSV file for Click & Drop',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const pages = await clickAndDropRows(orders, request.query);
      return sendCsv(reply, clickAndDropFileName(ukDay(new Date())), CLICK_AND_DROP_COLUMNS, pages);
    },
  );

  await app.register(trackingImportRoutes, { guards, orders });
};
