import { sql, type RawBuilder } from 'kysely';

/**
 * Which of a run of days a timestamp falls on, as the day's place in the run: `starts` are the
 * instants the days begin (ISO strings, oldest first), and a time at or after `starts[i]` and
 * before `starts[i + 1]` is on day `i` (the last day runs on without end). The caller works out
 * where days begin (UK midnights, an hour off UTC half the year), so the same SQL serves SQLite's
 * ISO text and PostgreSQL's timestamptz, each compared with ISO strings as everywhere else. Times
 * before the first day answer -1; a query keeps them out with `where column >= starts[0]`.
 */
export function dayIndexOf(column: string, starts: readonly string[]): RawBuilder<number> {
  const newestFirst = starts
    .map((start, index) => sql`when ${sql.ref(column)} >= ${start} then ${sql.lit(index)}`)
    .reverse();
  return sql<number>`case ${sql.join(newestFirst, sql` `)} else -1 end`;
}
