import { formatPounds } from '../../shared/money';

export function Price({ pounds, className = '' }: { pounds: number; className?: string }) {
  return <span className={`font-serif tabular-nums ${className}`}>{formatPounds(pounds)}</span>;
}
