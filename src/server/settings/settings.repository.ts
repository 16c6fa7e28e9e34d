import type { Db } from '../db/schema';

/** The one row of settings there is. */
const ROW = 1;

/**
 * The document as it was saved: its sections as JSON gave them back, unchecked (a section a later
 * version of the shop added is kept, one an earlier saved document lacks is missing).
 */
export interface StoredSettings {
  version: number;
  sections: Record<string, unknown>;
}

function sectionsOf(document: string): Record<string, unknown> {
  const parsed: unknown = JSON.parse(document);
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    ? { ...parsed }
    : {};
}

export async function readSettings(db: Db): Promise<StoredSettings | undefined> {
  const row = await db
    .selectFrom('settings')
    .select(['version', 'document'])
    .where('id', '=', ROW)
    .executeTakeFirst();
  return row && { version: row.version, sections: sectionsOf(row.document) };
}

/** The version saved, without the document: what each instance looks at every few seconds. */
export async function readSettingsVersion(db: Db): Promise<number | undefined> {
  const row = await db
    .selectFrom('settings')
    .select('version')
    .where('id', '=', ROW)
    .executeTakeFirst();
  return row?.version;
}

/**
 * Writes the first document, at version 1, unless there is one already: instances starting at
 * once each try, and the first to commit wins. Answers whether this one wrote it.
 */
export async function insertFirstSettings(
  db: Db,
  { sections, at }: { sections: Record<string, unknown>; at: string },
): Promise<boolean> {
  const result = await db
    .insertInto('settings')
    .values({ id: ROW, version: 1, document: JSON.stringify(sections), updated_at: at })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .executeTakeFirst();
  return result.numInsertedOrUpdatedRows !== undefined && result.numInsertedOrUpdatedRows > 0n;
}

/**
 * Replaces the document saved at `version` with the next version; answers false, writing nothing,
 * when the version saved is another (a save came between).
 */
export async function replaceSettings(
  db: Db,
  { version, sections, at }: { version: number; sections: Record<string, unknown>; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('settings')
    .set({ version: version + 1, document: JSON.stringify(sections), updated_at: at })
    .where('id', '=', ROW)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
