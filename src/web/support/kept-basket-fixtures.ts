import type { KeptBasketLine } from '../../shared/baskets/baskets';
import type { BasketItem } from '../../shared/orders/basket-item';

/** A guest's basket token, as the shop hands them out: 43 URL-safe characters. */
export const KEPT_TOKEN = 'k'.repeat(43);

/** A scarf sold one way, as the browser's basket holds it. */
export const scarfLine = (qty: number): BasketItem => ({
  product: 'scarf0000000000000000001',
  name: 'Merino scarf',
  brand: 'Heathfold',
  image: '/uploads/scarf.webp',
  price: 35,
  countInStock: 4,
  qty,
  variant: null,
  variantLabel: null,
});

/** The same scarf as the shop answers a kept basket. */
export const keptScarf: KeptBasketLine = {
  product: 'scarf0000000000000000001',
  variant: null,
  name: 'Merino scarf',
  brand: 'Heathfold',
  image: '/uploads/scarf.webp',
  variantLabel: null,
  price: 35,
  qty: 1,
  countInStock: 4,
};

/** A ring in size N, as the shop answers a kept basket. */
export const keptRing: KeptBasketLine = {
  product: 'ring00000000000000000001',
  variant: 'ring-n',
  name: 'Silver band',
  brand: 'Larkspur',
  image: '/uploads/ring.webp',
  variantLabel: 'Ring size: N',
  price: 45,
  qty: 1,
  countInStock: 2,
};
