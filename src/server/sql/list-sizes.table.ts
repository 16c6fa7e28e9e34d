import type { ColumnType, Generated } from 'kysely';

/**
 * How long the longest lists are, kept as rows are added and removed (migration 024): each row a
 * change to one list's size, a list's size the sum of its rows. Written by triggers only.
 */
export interface ListSizeChangesTable {
  id: Generated<number>;
  /** `orders`, `orders:<status>`, `products` or `products:<status>`. */
  list: string;
  /** PostgreSQL answers a bigint as text. */
  change: ColumnType<number | string, number, number>;
}
