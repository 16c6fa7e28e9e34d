import { formatPounds } from '../../shared/money';

export function Price({ pounds, className = '' }: { pounds: number; className?: string }) {
  return <span className={`font-serif tabular-nums ${className}`}>{formatPounds(pounds)}</span>;
}

interface SalePriceProps {
  pounds: number;
  /** The was price, above `pounds`. */
  wasPounds: number;
  /** `now from £60.00`: the lowest of several prices. */
  from?: boolean;
  /** The price now's size (`text-lg`). */
  className?: string;
}

/**
 * A price on sale, as it reads aloud too: "Was £80.00, now £60.00", the was price struck through
 * in the quieter ink, the price now as any price is shown.
 */
export function SalePrice({ pounds, wasPounds, from = false, className = '' }: SalePriceProps) {
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className="text-sm text-muted">
        Was <s className="font-serif tabular-nums">{formatPounds(wasPounds)}</s>
        {/* A pause where the eye has the gap. */}
        <span className="sr-only">,</span>
      </span>{' '}
      <span className="whitespace-nowrap">
        <span className="text-sm text-muted">now{from ? ' from' : ''}</span>{' '}
        <Price pounds={pounds} className={className} />
      </span>
    </p>
  );
}

/** What something sells at: its price, or, on sale, its was price and its price now. */
export function ShownPrice({
  pounds,
  wasPounds,
  from = false,
  className = '',
}: Omit<SalePriceProps, 'wasPounds'> & { wasPounds: number | null }) {
  if (wasPounds !== null && wasPounds > pounds) {
    return <SalePrice pounds={pounds} wasPounds={wasPounds} from={from} className={className} />;
  }
  return from ? (
    <p>
      <span className="text-base text-muted">From </span>
      <Price pounds={pounds} className={className} />
    </p>
  ) : (
    <Price pounds={pounds} className={className} />
  );
}
