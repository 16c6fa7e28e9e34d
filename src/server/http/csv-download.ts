import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

/** An amount of money in a CSV cell: written in pounds with its pence, `-12.50` for money back. */
export interface MoneyCell {
  readonly pence: number;
}
export const money = (pence: number): MoneyCell => ({ pence });

/** `-1250` → `-12.50`: what a spreadsheet and an accountant's software read as a sum of money. */
const poundsOf = ({ pence }: MoneyCell) => (pence / 100).toFixed(2);

export type CsvCell = string | number | MoneyCell | null | undefined;
export type CsvRow = readonly CsvCell[];

/** What a spreadsheet would run as a formula when a text cell begins with it. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text a spreadsheet would run as a formula, made plain text by a leading apostrophe. */
export const defused = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/**
 * Rows as a CSV file, written as they come: UTF-8 with a byte order mark (which spreadsheets need
 * to read the pound sign), a header row, RFC 4180 quoting and line ends, and every text cell
 * defused. Numbers and money are never text, so `-12.50` stays a number.
 */
export function csvOf(columns: readonly string[], rows: AsyncIterable<CsvRow> | Iterable<CsvRow>) {
  const file = stringify({
    bom: true,
    header: true,
    columns: [...columns],
    record_delimiter: 'windows',
    cast: {
      string: defused,
      object: (value) => poundsOf(value as unknown as MoneyCell),
    },
  });
  return { file, source: Readable.from(rows, { objectMode: true }) };
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
  rows: AsyncIterable<CsvRow> | Iterable<CsvRow>,
) {
  const { file, source } = csvOf(columns, rows);
  pipeline(source, file, (error) => {
    if (error) reply.log.error({ err: error, fileName }, 'A CSV download ended short');
  });
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(file);
}
