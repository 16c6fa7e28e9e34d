import { useId } from 'react';
import { formatPence, poundsToPence } from '../../../shared/money';
import type { SalesDay } from '../../../shared/desk';
import { cell, headCell } from './admin-table';

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
/** `2026-03-02` → `2 Mar`. */
const dayOf = (date: string) => dayFormat.format(new Date(`${date}T12:00:00Z`));
const pounds = (amount: number) => formatPence(poundsToPence(amount));

// Drawn in a box of these units and stretched to the chart's size: bars need no fixed aspect.
const SLOT = 10;
const BAR = 7;
const UP = 100;

interface Bars {
  width: number;
  height: number;
  /** Where a day's gross bar starts and how tall it is; its refunds hang below the line. */
  bars: { x: number; grossTop: number; gross: number; refunds: number; day: SalesDay }[];
}

/** Gross above a baseline, refunds below it, on one scale so that their sizes compare. */
function barsOf(days: readonly SalesDay[], most: number): Bars {
  const scale = most === 0 ? 0 : UP / most;
  const down = Math.max(...days.map((day) => day.refunds), 0) * scale;
  return {
    width: days.length * SLOT,
    height: UP + down,
    bars: days.map((day, index) => ({
      x: index * SLOT + (SLOT - BAR) / 2,
      grossTop: UP - day.gross * scale,
      gross: day.gross * scale,
      refunds: day.refunds * scale,
      day,
    })),
  };
}

function DaysTable({ days }: { days: readonly SalesDay[] }) {
  return (
    <table className="w-full max-w-lg border-collapse">
      <thead className="border-b border-line">
        <tr>
          {['Day', 'Orders', 'Gross', 'Refunds'].map((heading) => (
            <th key={heading} scope="col" className={headCell}>
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-line">
        {days.map((day) => (
          <tr key={day.date}>
            <th scope="row" className={`${cell} text-left font-normal`}>
              <time dateTime={day.date}>{dayOf(day.date)}</time>
            </th>
            <td className={`${cell} tabular-nums`}>{day.orders}</td>
            <td className={`${cell} tabular-nums`}>{pounds(day.gross)}</td>
            <td className={`${cell} tabular-nums`}>{pounds(day.refunds)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Each of the last 30 days as a bar: gross paid above the line, refunds below it. The picture is
 * summed up in words for screen readers, and every figure is in the table beneath it.
 */
export function SalesChart({ days }: { days: readonly SalesDay[] }) {
  const captionId = useId();
  const summaryId = useId();
  if (days.length === 0) return null;
  const most = Math.max(...days.map((day) => Math.max(day.gross, day.refunds)));
  const best = days.reduce((top, day) => (day.gross > top.gross ? day : top));
  const chart = barsOf(days, most);
  const first = days[0];
  const last = days.at(-1);
  return (
    <figure className="flex flex-col gap-3">
      <figcaption id={captionId} className="font-medium">
        Each day of the last 30
      </figcaption>
      <p id={summaryId} className="text-sm text-muted">
        {most === 0
          ? 'No sales or refunds in the last 30 days.'
          : `Bars above the line are gross paid, below it refunds. The best day was ${dayOf(best.date)}, with ${pounds(best.gross)}.`}
      </p>
      <div className="flex gap-2">
        <p className="w-16 shrink-0 text-right text-xs text-muted tabular-nums" aria-hidden="true">
          {pounds(most)}
        </p>
        <svg
          role="img"
          aria-labelledby={captionId}
          aria-describedby={summaryId}
          viewBox={`0 0 ${chart.width} ${chart.height}`}
          preserveAspectRatio="none"
          className="h-48 min-w-0 flex-1"
        >
          {chart.bars.map((bar) => (
            <g key={bar.day.date}>
              <title>{`${dayOf(bar.day.date)}: ${bar.day.orders} orders, ${pounds(bar.day.gross)} gross, ${pounds(bar.day.refunds)} refunded`}</title>
              <rect
                x={bar.x}
                y={bar.grossTop}
                width={BAR}
                height={bar.gross}
                className="fill-accent"
              />
              <rect x={bar.x} y={UP} width={BAR} height={bar.refunds} className="fill-error" />
            </g>
          ))}
          <line
            x1={0}
            x2={chart.width}
            y1={UP}
            y2={UP}
            vectorEffect="non-scaling-stroke"
            className="stroke-ink"
          />
        </svg>
      </div>
      <p className="ml-18 flex justify-between text-xs text-muted" aria-hidden="true">
        <span>{first && dayOf(first.date)}</span>
        <span>{last && dayOf(last.date)}</span>
      </p>
      <details>
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm underline underline-offset-4">
          The figures for each day
        </summary>
        <DaysTable days={days} />
      </details>
    </figure>
  );
}
