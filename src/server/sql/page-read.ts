import type { OrderByExpression, SelectQueryBuilder } from 'kysely';

/**
 * How a page of a list is read along the index that keeps the list in order. A database walks
 * every row an offset skips, so a page past the middle is read from the other end of the index,
 * in reverse, and turned round: the last page then costs what the first does, and no page walks
 * more than half the list.
 */
export interface PageRead {
  /** Read in the list's reverse order; `inListOrder` turns the rows round. */
  reversed: boolean;
  offset: number;
  limit: number;
}

/**
 * Where rows `offset` to `offset + limit` of a list of `total` rows are read from; undefined
 * when the page lies past the end, which needs no read at all.
 */
export function pageRead(
  total: number,
  { offset, limit }: { offset: number; limit: number },
): PageRead | undefined {
  if (offset >= total) return undefined;
  if (offset + limit / 2 <= total / 2) return { reversed: false, offset, limit };
  return {
    reversed: true,
    offset: Math.max(0, total - offset - limit),
    limit: Math.min(limit, total - offset),
  };
}

type Direction = 'asc' | 'desc';

/** One column's direction in the list's order, as this read walks it. */
export function readDirection(read: PageRead, direction: Direction): Direction {
  if (!read.reversed) return direction;
  return direction === 'asc' ? 'desc' : 'asc';
}

/**
 * A query narrowed to the rows of a read: ordered by the list's columns, each in its direction as
 * the read walks it (`[['created_at', 'desc'], ['id', 'desc']]` for newest first), then the read's
 * offset and limit.
 */
export function alongRead<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  at: PageRead,
  order: readonly (readonly [OrderByExpression<DB, TB, O>, Direction])[],
): SelectQueryBuilder<DB, TB, O> {
  return order
    .reduce(
      (ordered, [column, direction]) => ordered.orderBy(column, readDirection(at, direction)),
      query,
    )
    .limit(at.limit)
    .offset(at.offset);
}

/** The rows of a read, in the list's own order. */
export function inListOrder<T>(read: PageRead, rows: T[]): T[] {
  return read.reversed ? rows.reverse() : rows;
}

/**
 * Page `slice` of a list and how long the list is, given how to count it and how to read a page
 * of it. The first page is always read from the front, so on PostgreSQL it is read while the
 * list is counted, on another connection; any other page needs the count to know its end.
 */
export async function readPage<T>(
  slice: { offset: number; limit: number },
  count: () => Promise<number>,
  read: (at: PageRead) => Promise<T[]>,
): Promise<{ rows: T[]; total: number }> {
  if (slice.offset === 0) {
    const [total, rows] = await Promise.all([
      count(),
      read({ reversed: false, offset: 0, limit: slice.limit }),
    ]);
    return { rows, total };
  }
  const total = await count();
  const at = pageRead(total, slice);
  return { rows: at ? inListOrder(at, await read(at)) : [], total };
}

/** How many rows a query's list holds: the count `readPage` asks for. */
export async function countRows<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
): Promise<number> {
  const counted = await query
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .$castTo<{ total: number | string }>()
    .executeTakeFirstOrThrow();
  return Number(counted.total);
}
