import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * The shop's settings: one row (`id` 1) holding the whole document as JSON text and the version
 * it was saved at. The row is written on the first start after this, from the environment, by
 * whichever instance gets there first (`src/server/settings/shop-settings.ts`), and replaced by
 * each save from the back office.
 *
 * On PostgreSQL every save says so on the channel the catalogue's changes are told on, as it
 * commits, naming the new version: each instance listening loads the document again at once. On
 * SQLite each instance looks at the version every few seconds (see decision 038).
 */
export function settings(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('settings')
        .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
        .addColumn('version', 'integer', (col) => col.notNull())
        .addColumn('document', 'text', (col) => col.notNull())
        .addColumn('updated_at', timestamp, (col) => col.notNull())
        .execute();
      if (dialect !== 'postgres') return;
      await sql`
        create function tell_settings_saved() returns trigger language plpgsql as $$
        begin
          perform pg_notify('catalogue_changed', json_build_object('settings', new.version)::text);
          return null;
        end $$`.execute(db);
      await sql`
        create trigger settings_saved after insert or update on settings
        for each row execute function tell_settings_saved()`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await sql`drop trigger settings_saved on settings`.execute(db);
        await sql`drop function tell_settings_saved()`.execute(db);
      }
      await db.schema.dropTable('settings').execute();
    },
  };
}
