import {
  insertProduct,
  saveVariants,
  type NewProduct,
} from '../../src/server/catalog/product-writes.repository';
import { insertReview } from '../../src/server/catalog/product-reviews.repository';
import type { ShopDatabase } from '../../src/server/db/database';
import { newId } from '../../src/server/sql/ids';

let sequence = 0;

/** Puts a product straight into the catalogue; fields not given get plain defaults. */
export async function addProduct(
  { db }: ShopDatabase,
  fields: Partial<NewProduct> = {},
): Promise<NewProduct> {
  sequence += 1;
  const product: NewProduct = {
    id: newId(),
    name: `Plain product ${sequence}`,
    brand: 'Test Brand',
    image: '/uploads/test.webp',
    pricePence: 1000,
    description: 'A product for tests.',
    category: 'accessories',
    countInStock: 5,
    status: 'live',
    createdAt: new Date(Date.UTC(2026, 0, 1) + sequence * 1000).toISOString(),
    ...fields,
  };
  await insertProduct(db, product);
  return product;
}

export async function addReview(
  { db }: ShopDatabase,
  productId: string,
  rating: number,
  comment: string,
  createdAt: string,
): Promise<void> {
  await db.transaction().execute((trx) =>
    insertReview(trx, {
      id: newId(),
      productId,
      userId: null,
      name: 'Reviewer',
      rating,
      comment,
      createdAt,
    }),
  );
}

export interface FixtureVariant {
  options: Record<string, string>;
  sku?: string;
  pricePence?: number;
  countInStock: number;
}

/** A product sold in options, each variant with its own stock (and price, by default the product's). */
export async function addProductWithVariants(
  database: ShopDatabase,
  options: { name: string; values: string[] }[],
  variants: FixtureVariant[],
  fields: Partial<NewProduct> = {},
): Promise<{ product: NewProduct; variantIds: string[] }> {
  const product = await addProduct(database, { ...fields, options });
  const ids = variants.map(() => newId());
  await database.db.transaction().execute((trx) =>
    saveVariants(
      trx,
      product.id,
      options,
      variants.map((variant, index) => ({
        id: undefined,
        options: variant.options,
        sku: variant.sku ?? `${product.id.slice(0, 8)}-${index}`.toUpperCase(),
        pricePence: variant.pricePence ?? product.pricePence,
        countInStock: variant.countInStock,
      })),
      (() => {
        let next = 0;
        return () => ids[next++] ?? newId();
      })(),
    ),
  );
  return { product, variantIds: ids };
}
