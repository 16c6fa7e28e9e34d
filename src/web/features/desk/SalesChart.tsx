import { useCallback, useId } from 'react';
import { formatPence, poundsToPence } from '../../../shared/money';
import type { SalesDay } from '../../../shared/desk/desk';
import { cell, headCell } from '../../back-office/admin-table';

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
/** `2026-03-02` → `2 Mar`. */
const dayOf = (date: string) => dayFormat.format(new Date(`${date}T12:00:00Z`));
const pounds = (amount: number) => formatPence(poundsToPence(amount));

/**
 * Draws the days with Chartist, fetched only when the desk shows sales so that no other page
 * carries it. Gross paid goes above the line and refunds below it, on one scale so their sizes
 * compare; each bar is 70% of its day's width, whatever the screen. Without `matchMedia` (which
 * Chartist needs) the chart is left out: the summary and the table still carry every figure.
 */
function useBars(
  days: readonly SalesDay[],
  most: number,
): (container: HTMLDivElement | null) => (() => void) | undefined {
  return useCallback(
    (container: HTMLDivElement | null) => {
      if (!container || typeof window.matchMedia !== 'function') return undefined;
      let gone = false;
      let chart: { detach(): void } | undefined;
      void import('chartist')
        .then(({ BarChart, FixedScaleAxis }) => {
          if (gone) return;
          const lowest = -Math.max(...days.map((day) => day.refunds), 0);
          const bars = new BarChart(
            container,
            {
              labels: days.map((day) => dayOf(day.date)),
              series: [days.map((day) => day.gross), days.map((day) => -day.refunds)],
            },
            {
              high: most === 0 ? 1 : most,
              low: lowest,
              stackBars: true,
              stackMode: 'accumulate-relative',
              chartPadding: { top: 0, right: 0, bottom: 0, left: 0 },
              axisX: { showLabel: false, showGrid: false, offset: 0 },
              axisY: { type: FixedScaleAxis, ticks: [0], showLabel: false, offset: 0 },
            },
          );
          bars.on('draw', (drawn) => {
            if (drawn.type !== 'bar') return;
            const day = days[drawn.index];
            drawn.element.attr({
              style: `stroke-width: ${(drawn.chartRect.width() / days.length) * 0.7}px`,
            });
            if (day && drawn.seriesIndex === 0) {
              drawn.element
                .elem('title')
                .text(
                  `${dayOf(day.date)}: ${day.orders} orders, ${pounds(day.gross)} gross, ${pounds(day.refunds)} refunded`,
                );
            }
          });
          chart = bars;
        })
        .catch(() => {
          // The table and the summary stand without the picture.
        });
      return () => {
        gone = true;
        chart?.detach();
        container.replaceChildren();
      };
    },
    [days, most],
  );
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
  const most = Math.max(0, ...days.map((day) => Math.max(day.gross, day.refunds)));
  const bars = useBars(days, most);
  if (days.length === 0) return null;
  const best = days.reduce((top, day) => (day.gross > top.gross ? day : top));
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
        <div
          ref={bars}
          role="img"
          aria-labelledby={captionId}
          aria-describedby={summaryId}
          className="h-48 min-w-0 flex-1 [&_.ct-bar]:fill-none [&_.ct-grid]:stroke-ink [&_.ct-series-a_.ct-bar]:stroke-accent [&_.ct-series-b_.ct-bar]:stroke-error [&_svg]:block"
        />
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
