import { stockLevel, stockWords } from '../../../../shared/catalog/stock';

const LEVEL_COLOUR = { out: 'text-muted', low: 'text-warning', in: 'text-success' } as const;

/** 'In stock', 'Only 3 left' or 'Out of stock', for the product or the variant chosen. */
export function StockStatus({ countInStock }: { countInStock: number }) {
  return (
    <span className={`text-sm ${LEVEL_COLOUR[stockLevel(countInStock)]}`}>
      {stockWords(countInStock)}
    </span>
  );
}
