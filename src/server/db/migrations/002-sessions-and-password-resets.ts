import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * `session_version` is carried in every token; raising it ends every session of that user at once.
 * Reset tokens are kept only as their SHA-256, so a leaked table cannot reset anyone's password.
 */
export function sessionsAndPasswordResets(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('session_version', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('password_resets')
        .addColumn('token_hash', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('expires_at', timestamp, (col) => col.notNull())
        .addColumn('used_at', timestamp)
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('password_resets_user_idx')
        .on('password_resets')
        .column('user_id')
        .execute();
    },
  };
}
