import { cpus, loadavg } from 'node:os';

/** One line of the closing summary: a figure, and the contract's target when it has one. */
export interface SummaryLine {
  measure: string;
  figure: string;
  target?: string;
  /** Whether the figure meets the target; absent when there is no target. */
  met?: boolean;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

// Decimal units, as the contract's targets are written (110 KB, 200 MB).
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
export const mb = (bytes: number) => `${(bytes / 1000 / 1000).toFixed(0)} MB`;
export const ms = (milliseconds: number) => `${milliseconds.toFixed(2)} ms`;

/** Columns padded to their widest cell; numbers (and figures starting with one) to the right. */
export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const alignRight = headers.map(
    (_, column) =>
      column > 0 && rows.every((row) => /^[-\d.(]|^$/.test(row[column] ?? '')) && rows.length > 0,
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) =>
        alignRight[column] ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [
    line(headers),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map((row) => line(row)),
  ]
    .map((text) => `  ${text}`)
    .join('\n');
}

/** A part's title, with how busy the machine is as it starts: other work slows every figure. */
export function heading(title: string) {
  const load = loadavg()[0] ?? 0;
  console.info(`\n== ${title} ==\n  (load average ${load.toFixed(1)} on ${cpus().length} CPUs)`);
}

export function printSummary(lines: readonly SummaryLine[]) {
  heading('Summary');
  console.info(
    table(
      ['measure', 'figure', 'target', 'met'],
      lines.map((line) => [
        line.measure,
        line.figure,
        line.target ?? '',
        line.met === undefined ? '' : line.met ? 'yes' : 'NO',
      ]),
    ),
  );
}
