import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A product's pictures, up to eight, in the owner's order, each with its alt text, a row apiece
 * beside the product rather than in it: the product row keeps its first picture's address
 * (`products.image`), so a listing reads no more than it did. A product without rows shows its
 * one `image`, described by its name, as before. A variant may name one of its product's pictures.
 */
export function productGallery(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('product_images')
        .addColumn('product_id', 'text', (col) =>
          col.notNull().references('products.id').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (col) => col.notNull().check(sql`position >= 0`))
        .addColumn('url', 'text', (col) => col.notNull())
        .addColumn('alt', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('product_images_pk', ['product_id', 'position'])
        .execute();
      await db.schema.alterTable('product_variants').addColumn('image', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('product_variants').dropColumn('image').execute();
      await db.schema.dropTable('product_images').execute();
    },
  };
}
