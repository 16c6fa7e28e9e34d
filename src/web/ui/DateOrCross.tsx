import { formatLongDate } from '../../shared/dates';
import { CrossIcon } from './icons';

/** A table cell's date, or a cross that a screen reader reads as `not` ('Not paid'). */
export function DateOrCross({ date, not }: { date: string | null; not: string }) {
  if (date) return <time dateTime={date}>{formatLongDate(date)}</time>;
  return (
    <span className="text-error">
      <CrossIcon />
      <span className="sr-only">{not}</span>
    </span>
  );
}
