import { sql, type RawBuilder } from 'kysely';

/** A LIKE pattern for text holding these words as typed, any case, wildcards taken literally. */
const containing = (words: string) => `%${words.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;

/**
 * Whether a column's text holds the words as typed, in any case: the same on SQLite and
 * PostgreSQL. It reads every row it is asked of; keep it to lists that are filtered otherwise
 * or small.
 */
export function holds(column: string, words: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${containing(words)} escape '!'`;
}
