import * as z from 'zod';
import type { Product } from './catalog';
import { poundsToPence, type Pence } from './money';
import { itemsTotal, shortfallForFreeShipping } from './pricing';

export const basketItemSchema = z.object({
  product: z.string(),
  name: z.string(),
  brand: z.string(),
  image: z.string(),
  /** Pounds, as the catalogue shows it; the server re-prices every order. */
  price: z.number().nonnegative(),
  countInStock: z.number().int().nonnegative(),
  qty: z.number().int().positive(),
});
export type BasketItem = z.infer<typeof basketItemSchema>;

export const shippingAddressSchema = z.object({
  address: z.string(),
  city: z.string(),
  postalCode: z.string(),
  country: z.string(),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/** A basket line for a product as the catalogue showed it. */
export function basketItemFrom(
  product: Pick<Product, '_id' | 'name' | 'brand' | 'image' | 'price' | 'countInStock'>,
  qty: number,
): BasketItem {
  return {
    product: product._id,
    name: product.name,
    brand: product.brand,
    image: product.image,
    price: product.price,
    countInStock: product.countInStock,
    qty,
  };
}

function clampToStock(qty: number, countInStock: number): number {
  return Math.max(1, Math.min(Math.floor(qty), countInStock));
}

/**
 * Adds a product, or replaces the quantity of its line. Adding a single item to a line that holds
 * one makes it two; a line never holds more than the stock.
 */
export function addToBasket(items: readonly BasketItem[], added: BasketItem): BasketItem[] {
  if (added.countInStock < 1 || !(added.qty >= 1)) return [...items];
  const existing = items.find((item) => item.product === added.product);
  if (!existing) return [...items, { ...added, qty: clampToStock(added.qty, added.countInStock) }];
  const wanted = added.qty === 1 && existing.qty === 1 ? 2 : added.qty;
  const updated = { ...added, qty: clampToStock(wanted, added.countInStock) };
  return items.map((item) => (item.product === added.product ? updated : item));
}

export function changeQuantity(
  items: readonly BasketItem[],
  productId: string,
  qty: number,
): BasketItem[] {
  return items.map((item) =>
    item.product === productId ? { ...item, qty: clampToStock(qty, item.countInStock) } : item,
  );
}

export function removeFromBasket(items: readonly BasketItem[], productId: string): BasketItem[] {
  return items.filter((item) => item.product !== productId);
}

export interface BasketSummary {
  itemCount: number;
  itemsPence: Pence;
  /** 0 when delivery is already free. */
  freeDeliveryShortfallPence: Pence;
}

export function summariseBasket(items: readonly BasketItem[]): BasketSummary {
  const itemsPence = itemsTotal(
    items.map((item) => ({ pricePence: poundsToPence(item.price), qty: item.qty })),
  );
  return {
    itemCount: items.reduce((count, item) => count + item.qty, 0),
    itemsPence,
    freeDeliveryShortfallPence: shortfallForFreeShipping(itemsPence),
  };
}

/** The quantities a shopper may choose for a product: 1 to its stock. */
export function quantityChoices(countInStock: number): number[] {
  return Array.from({ length: Math.max(0, countInStock) }, (_, index) => index + 1);
}
