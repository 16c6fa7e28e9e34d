import type { Timestamp } from '../sql/timestamps';

/** Every stored picture, by its name in `/uploads/<name>`: bytea on PostgreSQL, a blob on SQLite. */
export interface StoredImagesTable {
  name: string;
  content_type: string;
  bytes: Buffer;
  created_at: Timestamp;
}
