import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * The words an audit entry is found by (its target's id and label, who made it), as the order
 * search has them: one index range a typed word, rather than reading every entry the log keeps,
 * which grows with every change for as long as the shop trades. Entries written before are given
 * theirs at start-up.
 */
export function auditWords(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('audit_words')
        // Words are compared byte by byte, so a range finds every word a prefix begins.
        .addColumn('word', 'text', (col) =>
          dialect === 'postgres' ? col.notNull().modifyEnd(sql`collate "C"`) : col.notNull(),
        )
        .addColumn('entry_id', 'text', (col) =>
          col.notNull().references('audit_entries.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('audit_words_pk', ['word', 'entry_id'])
        .execute();
      await db.schema
        .createIndex('audit_words_entry_idx')
        .on('audit_words')
        .column('entry_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('audit_words').execute();
    },
  };
}
