import type { Db } from '../db/schema';
import { money, type CsvRow } from '../http/csv-download';
import { productsAfter, type ProductListPlace } from './price-list.repository';

/** How many products are read at a time: the file never holds more of the catalogue than this. */
const BATCH = 1000;

/**
 * Every product, drafts included, newest first, as the rows of the products export (`product,
 * name, brand, category, sku, options, price, stock`): a row per variant, or one for a product
 * sold one way (no SKU, no options). Read a batch at a time as the file is written, so a
 * catalogue of 100,000 is never held whole.
 */
export async function* productExportRows(db: Db, { batch = BATCH } = {}): AsyncGenerator<CsvRow> {
  let after: ProductListPlace | undefined;
  for (;;) {
    const products = await productsAfter(db, after, batch);
    for (const product of products) {
      const { id, name, brand, category } = product;
      if (product.variants.length === 0) {
        yield [
          id,
          name,
          brand,
          category,
          null,
          null,
          money(product.pricePence),
          product.countInStock,
        ];
      }
      for (const variant of product.variants) {
        yield [
          id,
          name,
          brand,
          category,
          variant.sku,
          variant.label,
          money(variant.pricePence),
          variant.countInStock,
        ];
      }
    }
    const last = products.at(-1);
    if (last === undefined || products.length < batch) return;
    after = { createdAt: last.createdAt, id: last.id };
  }
}
