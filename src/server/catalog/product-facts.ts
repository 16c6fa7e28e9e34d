import type { ProductUpdateBody } from '../../shared/catalog-admin';
import { penceToPounds, poundsToPence } from '../../shared/money';
import { firstImageOf } from '../../shared/gallery';
import type { ProductRecord } from './catalog.repository';
import { picturesOf } from './catalog.service';

/**
 * A product as the audit log keeps it and as staff's changes are checked: every field an owner
 * sets, prices in pounds, variants by SKU with their price and stock.
 */
export interface ProductFacts extends Record<string, unknown> {
  name: string;
  brand: string;
  image: string;
  images: { url: string; alt: string }[];
  price: number;
  description: string;
  category: string;
  countInStock: number;
  status: string;
  options: { name: string; values: string[] }[];
  specifications: { label: string; value: string }[];
  variants: {
    sku: string;
    options: Record<string, string>;
    price: number;
    countInStock: number;
    image: string | null;
  }[];
}

const bySku = <T extends { sku: string }>(variants: T[]) =>
  [...variants].sort((a, b) => a.sku.localeCompare(b.sku));

export function factsOfProduct(product: ProductRecord): ProductFacts {
  return {
    name: product.name,
    brand: product.brand,
    image: product.image,
    images: picturesOf(product).map(({ url, alt }) => ({ url, alt })),
    price: penceToPounds(product.pricePence),
    description: product.description,
    category: product.category,
    countInStock: product.countInStock,
    status: product.status,
    options: product.options.map(({ name, values }) => ({ name, values: [...values] })),
    specifications: product.specifications.map(({ label, value }) => ({ label, value })),
    variants: bySku(
      product.variants.map((variant) => ({
        sku: variant.sku,
        options: { ...variant.options },
        price: penceToPounds(variant.pricePence),
        countInStock: variant.countInStock,
        image: variant.image,
      })),
    ),
  };
}

/** The product as a save would leave it; saving publishes a draft. */
export function factsOfSave(body: ProductUpdateBody): ProductFacts {
  return {
    name: body.name,
    brand: body.brand,
    image: firstImageOf(body),
    images:
      body.images.length > 0
        ? body.images.map(({ url, alt }) => ({ url, alt }))
        : [{ url: firstImageOf(body), alt: body.name }],
    price: penceToPounds(poundsToPence(body.price)),
    description: body.description,
    category: body.category,
    countInStock: body.countInStock,
    status: 'live',
    options: body.options.map(({ name, values }) => ({ name, values: [...values] })),
    specifications: body.specifications.map(({ label, value }) => ({ label, value })),
    variants: bySku(
      body.variants.map((variant) => ({
        sku: variant.sku,
        options: { ...variant.options },
        price: penceToPounds(poundsToPence(variant.price)),
        countInStock: variant.countInStock,
        image: variant.image ?? null,
      })),
    ),
  };
}

/** The facts with stock left out: what staff may not change. */
function withoutStock(facts: ProductFacts) {
  return {
    ...facts,
    countInStock: undefined,
    variants: facts.variants.map((variant) => ({ ...variant, countInStock: undefined })),
  };
}

/** Whether a save changes anything of a product but its stock. */
export const changesMoreThanStock = (before: ProductFacts, after: ProductFacts) =>
  JSON.stringify(withoutStock(before)) !== JSON.stringify(withoutStock(after));
