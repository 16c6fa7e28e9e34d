import type { Timestamp } from '../sql/timestamps';

/**
 * The settings document: one row, `id` 1, the document as JSON text, and the version it was saved
 * at (1 when the environment wrote it, one more with each save).
 */
export interface SettingsTable {
  id: number;
  version: number;
  document: string;
  updated_at: Timestamp;
}
