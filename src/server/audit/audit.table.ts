import type { AuditAction, AuditTargetType } from '../../shared/audit/audit';
import type { Timestamp } from '../sql/timestamps';

/**
 * One change made by staff or an admin. The actor's name and email are copied, not referred to,
 * so an entry outlives the account; `before` and `after` are JSON objects of what changed.
 */
export interface AuditEntriesTable {
  id: string;
  at: Timestamp;
  actor_id: string | null;
  actor_name: string;
  actor_email: string;
  action: AuditAction;
  target_type: AuditTargetType;
  target_id: string;
  target_label: string;
  before: string | null;
  after: string | null;
}

/** The words an entry is found by: its target's id and label, and who made the change. */
export interface AuditWordsTable {
  word: string;
  entry_id: string;
}
