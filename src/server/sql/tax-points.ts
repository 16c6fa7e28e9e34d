import type { VatTotals } from '../../shared/reports/vat';

// What the VAT return reads of sales and refunds by their tax points, in the shape both their
// domains answer it: ranges of instants, batches read by key, and sums as the database gives them.

/** Instants as ISO strings: a range holds `from` up to, not at, `to`. */
export interface InstantRange {
  from: string;
  to: string;
}

/**
 * Where the last batch ended: its last row's tax point as the database gave it (compared again
 * as stored, so that no rewriting of it can make a row come round twice) and its id.
 */
export interface BatchEnd {
  at: string | Date;
  id: string;
}

/** A count and sums of money as the database answers them (a string on PostgreSQL), in pence. */
export const totalsOf = (row: {
  count: number | string;
  gross: number | string | null;
  vat: number | string | null;
  outside?: number | string | null;
}): VatTotals => ({
  count: Number(row.count),
  grossPence: Number(row.gross ?? 0),
  vatPence: Number(row.vat ?? 0),
  outsidePence: Number(row.outside ?? 0),
});
