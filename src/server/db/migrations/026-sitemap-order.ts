import type { Kysely, Migration } from 'kysely';

/**
 * The order the sitemap lists live products in, as an index holding everything it reads: by
 * status, then oldest first (by id among those made at the same moment), with when each last
 * changed beside. A sitemap file is read from it a few hundred products at a time from where the
 * last read stopped, and the sitemap index counts and dates each file of 50,000 from the index
 * alone, so that no read grows with the catalogue.
 */
export function sitemapOrder(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('products_sitemap_idx')
        .on('products')
        .columns(['status', 'created_at', 'id', 'updated_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('products_sitemap_idx').execute();
    },
  };
}
