import { ukDay } from '../../shared/uk-time';
import { quarterKey, VAT_RATE_WORDS } from '../../shared/reports/vat';
import { outsideVatReason } from '../../shared/reports/gift-card-vat';
import type { Db } from '../db/schema';
import { money, RECORDS_A_PAGE, type CsvPages, type CsvRow } from '../http/csv-download';
import { quarterAsked, rangeOf, type VatContext } from './vat-quarter';
import { isGiftCardMark } from '../payments/gift-card-mark';
import type { BatchEnd, InstantRange } from '../sql/tax-points';
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
  'outside_vat',
  'outside_vat_reason',
] as const;

/** The PayPal capture the money was taken by or given back to, or `gift cards`. */
const paymentOf = (captureId: string) => (isGiftCardMark(captureId) ? 'gift cards' : captureId);

/**
 * A sale: its money within VAT (`gross`, `net`, `vat`), then what of it is outside VAT because of
 * gift cards and why, which no box counts.
 */
const saleRow = (sale: QuarterSale): CsvRow => {
  const gross = sale.totalPence - sale.outsidePence;
  const reason = outsideVatReason({
    totalPence: sale.totalPence,
    outsidePence: sale.outsidePence,
    giftCardVat: sale.giftCardVat,
  });
  return [
    ukDay(sale.paidAt),
    'sale',
    sale.orderNumber,
    paymentOf(sale.captureId),
    money(gross),
    money(gross - sale.taxPence),
    money(sale.taxPence),
    VAT_RATE_WORDS,
    money(sale.outsidePence),
    reason ?? '',
  ];
};

/** Money back, written below zero, so that each column adds up to the return as it stands. */
const refundRow = (refund: QuarterRefund): CsvRow => [
  ukDay(refund.settledAt),
  'refund',
  refund.orderNumber,
  paymentOf(refund.captureId),
  money(-refund.vatablePence),
  money(-(refund.vatablePence - refund.vatPence)),
  money(-refund.vatPence),
  VAT_RATE_WORDS,
  money(-refund.outsidePence),
  refund.outsideReason ?? '',
];

/** Every row of a kind, a page at a time by key, each page read after the last one's end. */
async function* inPages<Row extends { end: BatchEnd }>(
  read: (after: BatchEnd | undefined, limit: number) => Promise<Row[]>,
  rowOf: (row: Row) => CsvRow,
): AsyncGenerator<CsvRow[]> {
  let after: BatchEnd | undefined;
  for (;;) {
    const batch = await read(after, RECORDS_A_PAGE);
    yield batch.map(rowOf);
    const last = batch.at(-1);
    if (!last || batch.length < RECORDS_A_PAGE) return;
    after = last.end;
  }
}

async function* recordRows(db: Db, range: InstantRange): AsyncGenerator<CsvRow[]> {
  yield* inPages((after, limit) => salesAfter(db, range, after, limit), saleRow);
  yield* inPages((after, limit) => quarterRefundsAfter(db, range, after, limit), refundRow);
}

/**
 * The VAT record of a quarter, for the accountant's software: a row for each sale (by when it was
 * paid) and then each refund (by when it went through), whose gross, net and VAT columns add up
 * to the return's figures, and whose outside_vat column holds what gift cards put outside VAT. The quarter is checked at once; the rows are read as they are written.
 */
export function vatRecordFor(
  { database: { db }, settings }: VatContext,
  asked: string | undefined,
  now = new Date(),
): { fileName: string; pages: CsvPages } {
  const { vat } = settings.current();
  const quarter = quarterAsked(asked, vat, now);
  return {
    fileName: `vat-record-${quarterKey(quarter)}.csv`,
    pages: recordRows(db, rangeOf(quarter)),
  };
}
