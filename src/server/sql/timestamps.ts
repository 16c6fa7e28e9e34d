import type { ColumnType } from 'kysely';

/** Text in SQLite, timestamptz in PostgreSQL: written as ISO strings, read back as either. */
export type Timestamp = ColumnType<string | Date, string, string>;

export function toIsoString(value: string | Date): string {
  return (typeof value === 'string' ? new Date(value) : value).toISOString();
}

export function nowIso(): string {
  return new Date().toISOString();
}
