import { sql, type Kysely, type Migration } from 'kysely';
import * as z from 'zod';
import type { Dialect } from '../database';

// The rules below are the shop's as this migration was written, copied rather than imported: a
// migration must do the same thing on every database it ever runs on, whatever the app becomes.

const specificationsJson = z.array(z.object({ label: z.string(), value: z.string() }));
type Specification = z.infer<typeof specificationsJson>[number];
const BATCH = 500;

/** Categories that belong to a department whatever their specifications say. */
const DEPARTMENT_OF_CATEGORY: Readonly<Record<string, string>> = {
  pendants: 'jewellery',
  chains: 'jewellery',
  jumpers: 'knitwear',
};
/** Categories whose knitted pieces are knitwear too. */
const KNITTED_CATEGORIES: ReadonlySet<string> = new Set(['hats', 'accessories']);
const KNITTED_FABRIC = /wool|merino|cashmere|alpaca|knit/i;

function specificationValue(specifications: readonly Specification[], label: string) {
  const wanted = label.toLowerCase();
  return specifications.find((row) => row.label.trim().toLowerCase() === wanted)?.value.trim();
}

/** A product's department: by its category first, then a Metal row, then a knitted fabric. */
function departmentOf(category: string, specifications: readonly Specification[]): string | null {
  const byCategory = DEPARTMENT_OF_CATEGORY[category];
  if (byCategory) return byCategory;
  if (specificationValue(specifications, 'Metal')) return 'jewellery';
  const fabric = specificationValue(specifications, 'Fabric') ?? '';
  if (KNITTED_CATEGORIES.has(category) && KNITTED_FABRIC.test(fabric)) return 'knitwear';
  return null;
}

/** Shelves every product already in the catalogue, as saving it from now on does. */
export async function fillDepartments(db: Kysely<unknown>): Promise<void> {
  const rows = await sql<{ id: string; category: string; specifications: string }>`
    select id, category, specifications from products`.execute(db);
  const idsByDepartment = new Map<string, string[]>();
  for (const row of rows.rows) {
    const parsed = specificationsJson.safeParse(JSON.parse(row.specifications));
    const department = departmentOf(row.category, parsed.success ? parsed.data : []);
    if (!department) continue;
    const ids = idsByDepartment.get(department) ?? [];
    ids.push(row.id);
    idsByDepartment.set(department, ids);
  }
  for (const [department, ids] of idsByDepartment) {
    for (let start = 0; start < ids.length; start += BATCH) {
      const batch = ids.slice(start, start + BATCH);
      await sql`update products set department = ${department}
        where id in (${sql.join(batch)})`.execute(db);
    }
  }
}

/**
 * Shelves a shopper can browse, and search that understands everyday words: a product's
 * department (decided from its category and specifications when it is saved) with an index for
 * listing each shelf newest first; an index for finding a SKU whatever its case; and on SQLite a
 * view of the search index's vocabulary, so a word that finds nothing can be matched against the
 * words that would. PostgreSQL reads its vocabulary from the search vectors themselves.
 */
export function searchWordsAndShelves(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('products').addColumn('department', 'text').execute();
      await fillDepartments(db);
      await db.schema
        .createIndex('products_department_listing_idx')
        .on('products')
        .columns(['department', 'status', 'created_at'])
        .execute();
      // Listing one category newest first reads this index in order, as the home page reads
      // products_listing_idx; it also serves everything the old (category, status) index did.
      await db.schema
        .createIndex('products_category_listing_idx')
        .on('products')
        .columns(['category', 'status', 'created_at'])
        .execute();
      await db.schema.dropIndex('products_category_idx').execute();
      // A keyword that is a SKU, in any case, finds its product; without this index the look-up
      // walked every live product (30 ms at 100,000) before every search.
      await db.schema
        .createIndex('product_variants_sku_upper_idx')
        .on('product_variants')
        .expression(sql`upper(sku)`)
        .execute();
      if (dialect === 'sqlite') {
        await sql`create virtual table product_search_words
          using fts5vocab(product_search, 'row')`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'sqlite') await sql`drop table product_search_words`.execute(db);
      await db.schema.dropIndex('product_variants_sku_upper_idx').execute();
      await db.schema
        .createIndex('products_category_idx')
        .on('products')
        .columns(['category', 'status'])
        .execute();
      await db.schema.dropIndex('products_category_listing_idx').execute();
      await db.schema.dropIndex('products_department_listing_idx').execute();
      await db.schema.alterTable('products').dropColumn('department').execute();
    },
  };
}
