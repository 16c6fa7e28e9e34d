import type { Db } from '../db/schema';
import { nowIso } from '../sql/timestamps';

export interface StoredImage {
  name: string;
  contentType: string;
  bytes: Buffer;
}

/** The picture stored under `name`, if there is one. */
export async function findStoredImage(db: Db, name: string): Promise<StoredImage | undefined> {
  const row = await db
    .selectFrom('stored_images')
    .select(['name', 'content_type', 'bytes'])
    .where('name', '=', name)
    .executeTakeFirst();
  if (!row) return undefined;
  // Both drivers answer a Buffer; a plain Uint8Array is made one all the same.
  const bytes = Buffer.isBuffer(row.bytes) ? row.bytes : Buffer.from(row.bytes);
  return { name: row.name, contentType: row.content_type, bytes };
}

/** Which of these names are stored already. */
export async function storedNamesAmong(db: Db, names: readonly string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db
    .selectFrom('stored_images')
    .select('name')
    .where('name', 'in', names)
    .execute();
  return new Set(rows.map((row) => row.name));
}

/**
 * Stores pictures in one statement, so all of them are there or none; a name that is stored
 * already keeps what it has (names never change, so it is the same picture). Answers how many
 * were new.
 */
export async function insertStoredImages(
  db: Db,
  images: readonly (StoredImage & { createdAt?: string })[],
): Promise<number> {
  if (images.length === 0) return 0;
  const now = nowIso();
  const [result] = await db
    .insertInto('stored_images')
    .values(
      images.map((image) => ({
        name: image.name,
        content_type: image.contentType,
        bytes: image.bytes,
        created_at: image.createdAt ?? now,
      })),
    )
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  return Number(result?.numInsertedOrUpdatedRows ?? 0);
}
