import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

function timestampType(dialect: Dialect) {
  return dialect === 'postgres' ? sql`timestamptz` : sql`text`;
}

async function createProductSearch(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    // A weighted tsvector kept in step by PostgreSQL itself: name counts most, description least.
    await sql`
      alter table products add column search_vector tsvector generated always as (
        setweight(to_tsvector('english', coalesce(name, '')), 'A') ||
        setweight(to_tsvector('english', coalesce(brand, '')), 'B') ||
        setweight(to_tsvector('english', coalesce(category, '')), 'B') ||
        setweight(to_tsvector('english', coalesce(description, '')), 'D')
      ) stored`.execute(db);
    await sql`create index products_search_idx on products using gin (search_vector)`.execute(db);
    return;
  }
  await sql`
    create virtual table product_search using fts5(
      product_id unindexed, name, brand, category, description,
      tokenize = 'porter unicode61 remove_diacritics 2'
    )`.execute(db);
  await sql`
    create trigger products_search_insert after insert on products begin
      insert into product_search (product_id, name, brand, category, description)
      values (new.id, new.name, new.brand, new.category, new.description);
    end`.execute(db);
  await sql`
    create trigger products_search_update after update of name, brand, category, description
    on products begin
      update product_search
      set name = new.name, brand = new.brand, category = new.category, description = new.description
      where product_id = new.id;
    end`.execute(db);
  await sql`
    create trigger products_search_delete after delete on products begin
      delete from product_search where product_id = old.id;
    end`.execute(db);
}

export function catalogueAndUsers(dialect: Dialect): Migration {
  const timestamp = timestampType(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('email', 'text', (col) => col.notNull().unique())
        .addColumn('password_hash', 'text', (col) => col.notNull())
        .addColumn('role', 'text', (col) =>
          col
            .notNull()
            .defaultTo('customer')
            .check(sql`role in ('customer', 'admin')`),
        )
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .addColumn('updated_at', timestamp, (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('products')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('brand', 'text', (col) => col.notNull())
        .addColumn('image', 'text', (col) => col.notNull())
        .addColumn('price_pence', 'integer', (col) => col.notNull().check(sql`price_pence >= 0`))
        .addColumn('description', 'text', (col) => col.notNull())
        .addColumn('category', 'text', (col) => col.notNull())
        .addColumn('count_in_stock', 'integer', (col) =>
          col.notNull().check(sql`count_in_stock >= 0`),
        )
        .addColumn('rating_total', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('num_reviews', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('status', 'text', (col) =>
          col
            .notNull()
            .defaultTo('draft')
            .check(sql`status in ('draft', 'live')`),
        )
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .addColumn('updated_at', timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('products_listing_idx')
        .on('products')
        .columns(['status', 'created_at'])
        .execute();
      await db.schema
        .createIndex('products_category_idx')
        .on('products')
        .columns(['category', 'status'])
        .execute();
      await createProductSearch(db, dialect);

      await db.schema
        .createTable('reviews')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('product_id', 'text', (col) =>
          col.notNull().references('products.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('rating', 'integer', (col) => col.notNull().check(sql`rating between 1 and 5`))
        .addColumn('comment', 'text', (col) => col.notNull())
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .addUniqueConstraint('reviews_one_per_customer', ['product_id', 'user_id'])
        .execute();

      await db.schema
        .createTable('subscribers')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('email', 'text', (col) => col.notNull().unique())
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .execute();
    },
  };
}
