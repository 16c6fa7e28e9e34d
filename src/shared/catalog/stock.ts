/** At or below this many left, the shop says how many ('Only 3 left') rather than 'In stock'. */
export const LOW_STOCK_AT = 5;

type StockLevel = 'out' | 'low' | 'in';

/** How much of a product (or of the variant chosen) is left, as the shop talks about it. */
export function stockLevel(countInStock: number): StockLevel {
  if (!(countInStock >= 1)) return 'out';
  return countInStock <= LOW_STOCK_AT ? 'low' : 'in';
}

/** The words for a stock count: 'Out of stock', 'Only 3 left' or 'In stock'. */
export function stockWords(countInStock: number): string {
  switch (stockLevel(countInStock)) {
    case 'out':
      return 'Out of stock';
    case 'low':
      return `Only ${String(Math.floor(countInStock))} left`;
    case 'in':
      return 'In stock';
  }
}
