import { CsvError, parse } from 'csv-parse';
import type { FastifyInstance } from 'fastify';
import { defused } from './csv-download';
import { nextTurn } from './paged-text';

/**
 * A CSV file sent as a request's body, kept whole. Its text is out of sight of the shop's rule
 * for the text of fields (clean-text.ts), as an uploaded picture's bytes are: a file holds line
 * breaks by nature, and its cells are judged by the use that reads them.
 */
export class CsvFile {
  readonly #text: string;

  constructor(text: string) {
    this.#text = text;
  }

  get text(): string {
    return this.#text;
  }
}

/**
 * Lets the routes of this scope (and only them) take a `text/csv` body of up to `maxBytes`, as a
 * CsvFile; a body of any other type is 415, and a larger one 413.
 */
export function acceptCsvBodies(app: FastifyInstance, maxBytes: number): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: maxBytes },
    (_request, body, done) => {
      done(null, new CsvFile(typeof body === 'string' ? body : body.toString('utf8')));
    },
  );
}

/** A cell as it was before the shop's CSV downloads defused it: `'=SUM(A1)` is `=SUM(A1)` again. */
export const undefused = (cell: string): string =>
  cell.startsWith("'") && defused(cell.slice(1)) === cell ? cell.slice(1) : cell;

/** One record of a CSV file, with its row as a spreadsheet numbers it (the first is row 1). */
export interface CsvRecord {
  row: number;
  cells: string[];
}

export interface CsvReading {
  /** Every record read, blank ones (a spreadsheet's empty rows) left out. */
  records: CsvRecord[];
  /** The records that could not be read, each with what a person would fix. */
  unreadable: { row: number; message: string }[];
}

function unreadableWords(error: CsvError): string {
  return error.code === 'CSV_QUOTE_NOT_CLOSED'
    ? 'This row cannot be read: a quoted cell is never closed, which takes the rest of the file with it'
    : 'This row cannot be read as CSV';
}

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/**
 * How much of a file is read at a turn: 64 KB take the CSV library about a millisecond, so a
 * 5 MB file is read in some eighty turns, with other requests answered between them.
 */
const CHARACTERS_A_TURN = 64 * 1024;

/**
 * Reads a CSV file (RFC 4180, a byte order mark or not) record by record, by the CSV library, a
 * piece at a time with a turn of the event loop for everyone else between pieces. A record that
 * cannot be read is noted with its row and the reading goes on, so that it is reported with every
 * other mistake of the file.
 */
export async function readCsv(text: string): Promise<CsvReading> {
  const records: CsvRecord[] = [];
  const unreadable: CsvReading['unreadable'] = [];
  let row = 0;
  const parser = parse({
    bom: true,
    relax_column_count: true,
    // A quote mark inside a cell that is not quoted (`Tee "best"`) is read as written, as
    // spreadsheets read it; only a quoted cell never closed is beyond reading.
    relax_quotes: true,
    skip_records_with_error: true,
    on_skip: (error) => {
      row += 1;
      if (error) unreadable.push({ row, message: unreadableWords(error) });
    },
    on_record: (cells: string[]) => {
      row += 1;
      if (!isBlank(cells)) records.push({ row, cells });
      return null;
    },
  });
  let failure: Error | undefined;
  const done = new Promise<void>((resolve) => {
    parser.on('error', (error) => {
      failure = error;
      resolve();
    });
    parser.on('end', () => resolve());
  });
  // Every record is taken in on_record: nothing is passed on to read.
  parser.resume();
  for (let at = 0; at < text.length && failure === undefined; at += CHARACTERS_A_TURN) {
    parser.write(text.slice(at, at + CHARACTERS_A_TURN));
    await nextTurn();
  }
  if (failure === undefined) parser.end();
  await done;
  if (failure !== undefined) {
    if (!(failure instanceof CsvError)) throw failure;
    unreadable.push({ row: row + 1, message: 'The file cannot be read as CSV from this row on' });
  }
  return { records, unreadable };
}
