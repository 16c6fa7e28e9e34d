import type { Db } from '../db/schema';
import { money, RECORDS_A_PAGE, type CsvRow } from '../http/csv-download';
import { productsAfter, type ProductListPlace } from './price-list.repository';
import {
  CHARACTER_NAMES,
  linesWords,
  type PersonalisationOffer,
} from '../../shared/catalog/personalisation';

/**
 * A product's personalisation for people to read (an import leaves it as it is): `Engraving: 2
 * lines of 12 characters (letters), 8.00 plus 1.00 a character, optional`; empty for none.
 */
function offerWords(offer: PersonalisationOffer | null): string | null {
  if (offer === null) return null;
  const price = `${(offer.pricePence / 100).toFixed(2)} plus ${(offer.pricePerCharacterPence / 100).toFixed(2)} a character`;
  const lines = `${linesWords(offer.lines)} of ${String(offer.maxLength)} characters`;
  return `${offer.label}: ${lines} (${CHARACTER_NAMES[offer.characters]}), ${price}, ${offer.required ? 'required' : 'optional'}`;
}

/**
 * Every product, drafts included, newest first, as the rows of the products export (`product,
 * name, brand, category, sku, options, price, compare_at_price, stock, exported_stock, metal, stone,
 * colour, material, personalisation`): a row per variant, or one for a product sold one way (no
 * SKU, no options); no was price, facet or personalisation, an empty cell; the product's facets
 * and personalisation on each of its rows. The stock is written twice: once to change, and
 * once as it was read, so that the file brought back after sales does not put the sold units
 * back. Read a batch at a time as the file is written, so a catalogue of 100,000 is never held
 * whole.
 */
export async function* productExportRows(
  db: Db,
  { batch = RECORDS_A_PAGE } = {},
): AsyncGenerator<CsvRow[]> {
  let after: ProductListPlace | undefined;
  for (;;) {
    const products = await productsAfter(db, after, batch);
    const page: CsvRow[] = [];
    for (const product of products) {
      const { id, name, brand, category } = product;
      const { metal, stone, colour, material } = product.facets;
      const facets = [metal, stone, colour, material, offerWords(product.personalisation)];
      if (product.variants.length === 0) {
        page.push([
          id,
          name,
          brand,
          category,
          null,
          null,
          money(product.pricePence),
          product.compareAtPence === null ? null : money(product.compareAtPence),
          product.countInStock,
          product.countInStock,
          ...facets,
        ]);
      }
      for (const variant of product.variants) {
        page.push([
          id,
          name,
          brand,
          category,
          variant.sku,
          variant.label,
          money(variant.pricePence),
          variant.compareAtPence === null ? null : money(variant.compareAtPence),
          variant.countInStock,
          variant.countInStock,
          ...facets,
        ]);
      }
    }
    yield page;
    const last = products.at(-1);
    if (last === undefined || products.length < batch) return;
    after = { createdAt: last.createdAt, id: last.id };
  }
}
