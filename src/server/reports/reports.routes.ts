import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { errorBodySchema } from '../../shared/errors';
import { vatQuerySchema, vatReportSchema } from '../../shared/reports/vat';
import type { Guards } from '../accounts/authentication';
import { sendCsv } from '../http/csv-download';
import type { VatContext } from './vat-quarter';
import { VAT_RECORD_COLUMNS, vatRecordFor } from './vat-record';
import { vatReportFor } from './vat-report';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const owner = { tags: ['admin: reports'], security: [{ bearer: [] }] };

/** The owner's reports: the VAT return of a quarter, and the record behind it. */
export const reportsRoutes: FastifyPluginAsyncZod<{ reports: VatContext; guards: Guards }> = async (
  app,
  { reports, guards },
) => {
  app.get(
    '/reports/vat',
    {
      onRequest: guards.admin,
      schema: {
        ...owner,
        summary: "A quarter's VAT return: sales, refunds and the boxes 1, 2, 6, 8 and 9",
        querystring: vatQuerySchema,
        response: { 200: vatReportSchema, ...errors },
      },
    },
    (request) => vatReportFor(reports, request.query.quarter),
  );

  app.get(
    '/reports/vat.csv',
    {
      onRequest: guards.admin,
      schema: {
        ...owner,
        summary: `A quarter's VAT record as a CSV file, a row per sale and per refund (${VAT_RECORD_COLUMNS.join(', ')})`,
        querystring: vatQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors },
      },
    },
    (request, reply) => {
      // The quarter is checked here, before the first byte of the file is sent.
      const { fileName, pages } = vatRecordFor(reports, request.query.quarter);
      sendCsv(reply, fileName, VAT_RECORD_COLUMNS, pages);
    },
  );
};
