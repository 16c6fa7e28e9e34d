import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/** How long after delivery a customer is asked to review what they bought (the job's rule too). */
const INVITED_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Verified reviews and moderation. A review keeps whether its author had bought the product when
 * they wrote it (`verified`, decided then and never again), whether the owner hid it and why, when
 * the owner last looked at it (reports made before that are dealt with; `reported` is 1 while some
 * are not, which puts it on top of the owner's queue), and the shop's public reply. Reports are kept one a row, one per signed-in reporter. An order keeps when its customer
 * was asked to review it, set by the one instance that claims it.
 *
 * Reviews written before this are verified now by the same rule the shop applies when a review is
 * written, and orders delivered more than seven days ago count as asked, so that the first start
 * does not mail every past customer at once.
 */
export function reviewModeration(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('reviews')
        .addColumn('verified', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('reviews')
        .addColumn('reported', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      for (const column of ['hidden_at', 'moderated_at', 'reply_at']) {
        await db.schema.alterTable('reviews').addColumn(column, timestamp).execute();
      }
      for (const column of ['hidden_reason', 'reply_text']) {
        await db.schema.alterTable('reviews').addColumn(column, 'text').execute();
      }
      await db.schema
        .createIndex('reviews_queue_idx')
        .on('reviews')
        .columns(['reported', 'created_at', 'id'])
        .execute();
      await db.schema.createIndex('reviews_user_idx').on('reviews').column('user_id').execute();

      await db.schema
        .createTable('review_reports')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('review_id', 'text', (col) =>
          col.notNull().references('reviews.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('reason', 'text', (col) => col.notNull())
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .addUniqueConstraint('review_reports_once_per_customer', ['review_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('review_reports_review_idx')
        .on('review_reports')
        .columns(['review_id', 'created_at'])
        .execute();

      await db.schema.alterTable('orders').addColumn('review_invited_at', timestamp).execute();
      await db.schema
        .createIndex('orders_review_invitation_idx')
        .on('orders')
        .column('delivered_at')
        .where(sql<boolean>`review_invited_at is null and status = 'delivered'`)
        .execute();

      await sql`
        update reviews set verified = 1
        where user_id is not null and exists (
          select 1 from orders
          join order_items on order_items.order_id = orders.id
          where orders.user_id = reviews.user_id
            and order_items.product_id = reviews.product_id
            and orders.paid_at is not null
            and orders.paid_at <= reviews.created_at
            and (orders.status not in ('cancelled', 'refunded') or orders.dispatched_at is not null)
        )`.execute(db);
      const asked = new Date().toISOString();
      const cutoff = new Date(Date.now() - INVITED_AFTER_MS).toISOString();
      await sql`
        update orders set review_invited_at = ${asked}
        where delivered_at is not null and delivered_at <= ${cutoff}`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('orders_review_invitation_idx').execute();
      await db.schema.alterTable('orders').dropColumn('review_invited_at').execute();
      await db.schema.dropTable('review_reports').execute();
      await db.schema.dropIndex('reviews_user_idx').execute();
      await db.schema.dropIndex('reviews_queue_idx').execute();
      for (const column of [
        'reply_text',
        'hidden_reason',
        'reply_at',
        'moderated_at',
        'hidden_at',
        'reported',
        'verified',
      ]) {
        await db.schema.alterTable('reviews').dropColumn(column).execute();
      }
    },
  };
}
