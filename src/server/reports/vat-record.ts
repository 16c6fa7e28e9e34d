import { ukDay } from '../../shared/uk-time';
import { quarterKey, refundVat, VAT_RATE_WORDS } from '../../shared/vat';
import type { Db } from '../db/schema';
import { money, type CsvRow } from '../http/csv-download';
import { quarterAsked, rangeOf, type VatContext } from './vat-quarter';
import type { BatchEnd, InstantRange } from '../db/tax-points';
import { salesAfter, type QuarterSale } from '../orders/order-figures';
import { quarterRefundsAfter, type QuarterRefund } from './quarter-refunds';

export const VAT_RECORD_COLUMNS = [
  'date',
  'type',
  'order',
  'payment',
  'gross',
  'net',
  'vat',
  'rate',
] as const;

/** How many rows the record reads at a time: what is held in memory while it is written. */
export const VAT_RECORD_BATCH = 1000;

const saleRow = (sale: QuarterSale): CsvRow => [
  ukDay(sale.paidAt),
  'sale',
  sale.orderNumber,
  sale.captureId,
  money(sale.totalPence),
  money(sale.totalPence - sale.taxPence),
  money(sale.taxPence),
  VAT_RATE_WORDS,
];

/** Money back, written below zero, so that each column adds up to the return as it stands. */
const refundRow = (refund: QuarterRefund): CsvRow => {
  const vat = refundVat(refund.amountPence);
  return [
    ukDay(refund.settledAt),
    'refund',
    refund.orderNumber,
    refund.captureId,
    money(-refund.amountPence),
    money(-(refund.amountPence - vat)),
    money(-vat),
    VAT_RATE_WORDS,
  ];
};

/** Every row of a kind, read a batch at a time by key, each batch after the last one's end. */
async function* inBatches<Row extends { end: BatchEnd }>(
  read: (after: BatchEnd | undefined, limit: number) => Promise<Row[]>,
  rowOf: (row: Row) => CsvRow,
): AsyncGenerator<CsvRow> {
  let after: BatchEnd | undefined;
  for (;;) {
    const batch = await read(after, VAT_RECORD_BATCH);
    for (const row of batch) yield rowOf(row);
    const last = batch.at(-1);
    if (!last || batch.length < VAT_RECORD_BATCH) return;
    after = last.end;
  }
}

async function* recordRows(db: Db, range: InstantRange): AsyncGenerator<CsvRow> {
  yield* inBatches((after, limit) => salesAfter(db, range, after, limit), saleRow);
  yield* inBatches((after, limit) => quarterRefundsAfter(db, range, after, limit), refundRow);
}

/**
 * The VAT record of a quarter, for the accountant's software: a row for each sale (by when it was
 * paid) and then each refund (by when it went through), whose gross, net and VAT columns add up
 * to the return's figures. The quarter is checked at once; the rows are read as they are written.
 */
export function vatRecordFor(
  { database: { db }, vat }: VatContext,
  asked: string | undefined,
  now = new Date(),
): { fileName: string; rows: AsyncIterable<CsvRow> } {
  const quarter = quarterAsked(asked, vat, now);
  return {
    fileName: `vat-record-${quarterKey(quarter)}.csv`,
    rows: recordRows(db, rangeOf(quarter)),
  };
}
