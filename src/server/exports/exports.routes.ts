import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { errorBodySchema } from '../../shared/errors';
import {
  IMPORT_MAX_BYTES,
  ORDER_EXPORT_COLUMNS,
  PRODUCT_EXPORT_COLUMNS,
  PRODUCTS_FILE_NAME,
  importAnswerSchema,
  importQuerySchema,
  ordersExportQuerySchema,
  ordersFileName,
} from '../../shared/exports/exports';
import { callerOf, type Guards } from '../accounts/authentication';
import { productExportRows } from '../catalog/export-products';
import { importProducts } from '../catalog/import-products';
import type { ShopDatabase } from '../db/database';
import { sendCsv } from '../http/csv-download';
import { acceptCsvBodies, CsvFile } from '../http/csv-upload';
import { sendJsonWithLongList } from '../http/paged-text';
import { orderExportRows } from '../orders/export-orders';
import type { StockAlertsContext } from '../stock-alerts/stock-alerts.service';

const owner = { tags: ['admin: exports'], security: [{ bearer: [] }] };
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
/** A download's answer: a CSV file, UTF-8 with a byte order mark. */
const csvFile = (description: string) => ({
  description,
  content: { 'text/csv': { schema: z.string() } },
});

/** The price list as its route reads it: the body is only ever a CsvFile (see acceptCsvBodies). */
const priceListSchema = z
  .custom<CsvFile>((body) => body instanceof CsvFile, {
    error: 'Please send the file as text/csv: the products export, changed in a spreadsheet',
  })
  .meta({
    type: 'string',
    description: `The products export (${PRODUCT_EXPORT_COLUMNS.join(', ')}), changed in a spreadsheet, up to ${IMPORT_MAX_BYTES / 1024 / 1024} MB`,
  });

/** A price list loaded back: only this route reads a CSV body, and it reads nothing else. */
const importRoutes: FastifyPluginAsyncZod<{
  guards: Guards;
  alerts: StockAlertsContext;
}> = async (imports, { guards, alerts }) => {
  acceptCsvBodies(imports, IMPORT_MAX_BYTES);
  imports.post(
    '/imports/products',
    {
      onRequest: guards.admin,
      bodyLimit: IMPORT_MAX_BYTES,
      schema: {
        ...owner,
        summary:
          'Check (dryRun=true) or apply a price list: each row sets the price and stock of the SKU, or product sold one way, it names; any refusal applies nothing',
        consumes: ['text/csv'],
        querystring: importQuerySchema,
        body: priceListSchema,
        response: {
          200: importAnswerSchema,
          ...errors,
          413: errorBodySchema,
          415: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { changes, ...rest } = await importProducts(alerts, callerOf(request), request.body, {
        dryRun: request.query.dryRun,
      });
      // The answer as importAnswerSchema has it, its changes written a few hundred at a turn.
      sendJsonWithLongList(reply, rest, 'changes', changes);
      return reply;
    },
  );
};

/** The owner's files: orders for the accountant, products for a stock-take, a price list back. */
export const exportsRoutes: FastifyPluginAsyncZod<{
  database: ShopDatabase;
  guards: Guards;
  alerts: StockAlertsContext;
}> = async (app, { database, guards, alerts }) => {
  app.get(
    '/exports/orders.csv',
    {
      onRequest: guards.admin,
      schema: {
        ...owner,
        summary: `Orders paid on UK days from and to (both included), a row per order line (${ORDER_EXPORT_COLUMNS.join(', ')})`,
        querystring: ordersExportQuerySchema,
        response: { 200: csvFile('The orders as a CSV file'), ...errors },
      },
    },
    (request, reply) => {
      const { query } = request;
      sendCsv(
        reply,
        ordersFileName(query),
        ORDER_EXPORT_COLUMNS,
        orderExportRows(database.db, query),
      );
    },
  );

  app.get(
    '/exports/products.csv',
    {
      onRequest: guards.admin,
      schema: {
        ...owner,
        summary: `Every product, a row per variant or per product sold one way (${PRODUCT_EXPORT_COLUMNS.join(', ')})`,
        response: {
          200: csvFile('The products as a CSV file'),
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    (_request, reply) => {
      sendCsv(reply, PRODUCTS_FILE_NAME, PRODUCT_EXPORT_COLUMNS, productExportRows(database.db));
    },
  );

  await app.register(importRoutes, { guards, alerts });
};
