import type { Selectable } from 'kysely';
import type { AuditAction, AuditEntry, AuditTargetType } from '../../shared/audit';
import type { Db } from '../db/schema';
import { holds } from '../db/text-match';
import { toIsoString } from '../db/timestamps';
import type { AuditEntriesTable } from './audit.table';

export interface NewAuditEntry {
  id: string;
  at: string;
  actor: { id: string; name: string; email: string };
  action: AuditAction;
  target: { type: AuditTargetType; id: string; label: string };
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export async function insertAuditEntry(db: Db, entry: NewAuditEntry): Promise<void> {
  await db
    .insertInto('audit_entries')
    .values({
      id: entry.id,
      at: entry.at,
      actor_id: entry.actor.id,
      actor_name: entry.actor.name,
      actor_email: entry.actor.email,
      action: entry.action,
      target_type: entry.target.type,
      target_id: entry.target.id,
      target_label: entry.target.label,
      before: entry.before === null ? null : JSON.stringify(entry.before),
      after: entry.after === null ? null : JSON.stringify(entry.after),
    })
    .execute();
}

const parsed = (json: string | null) =>
  json === null ? null : (JSON.parse(json) as Record<string, unknown>);

function toAuditEntry(row: Selectable<AuditEntriesTable>): AuditEntry {
  return {
    _id: row.id,
    at: toIsoString(row.at),
    actor: { _id: row.actor_id, name: row.actor_name, email: row.actor_email },
    action: row.action,
    target: { type: row.target_type, id: row.target_id, label: row.target_label },
    before: parsed(row.before),
    after: parsed(row.after),
  };
}

export interface AuditFilter {
  /** Words in the target's id or label, or the actor's name or email. */
  words?: string;
  action?: AuditAction;
  actorId?: string;
  /** From this instant, inclusive. */
  since?: string;
  /** Before this instant. */
  before?: string;
}

/** A page of entries, newest first, with how many match in all. */
export async function listAuditEntries(
  db: Db,
  filter: AuditFilter,
  { offset, limit }: { offset: number; limit: number },
): Promise<{ entries: AuditEntry[]; total: number }> {
  let query = db.selectFrom('audit_entries');
  if (filter.action !== undefined) query = query.where('action', '=', filter.action);
  if (filter.actorId !== undefined) query = query.where('actor_id', '=', filter.actorId);
  if (filter.since !== undefined) query = query.where('at', '>=', filter.since);
  if (filter.before !== undefined) query = query.where('at', '<', filter.before);
  if (filter.words !== undefined && filter.words !== '') {
    const { words } = filter;
    query = query.where((eb) =>
      eb.or(
        ['target_id', 'target_label', 'actor_name', 'actor_email'].map((column) =>
          holds(column, words),
        ),
      ),
    );
  }
  const [rows, counted] = await Promise.all([
    query
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { entries: rows.map(toAuditEntry), total: Number(counted.total) };
}
