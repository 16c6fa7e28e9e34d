import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * Pictures live in the database, so every instance that shares it serves every upload: no folder
 * has to be shared between servers. The name is the one in `/uploads/<name>` and never changes.
 */
export function storedImages(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('stored_images')
        .addColumn('name', 'text', (col) => col.primaryKey())
        .addColumn('content_type', 'text', (col) => col.notNull())
        .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob', (col) => col.notNull())
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .execute();
      if (dialect === 'postgres') {
        // WebP is compressed already: kept out of line as it is, without trying to compress it.
        await sql`alter table stored_images alter column bytes set storage external`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('stored_images').execute();
    },
  };
}
