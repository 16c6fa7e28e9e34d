import { NO_FACETS } from '../../shared/catalog/facets';
/** A gift card as the demo shop sells it, and a basket line of one, for the web's tests. */
import type { ProductDetail } from '../../shared/catalog/catalog';
import type { BasketItem } from '../../shared/orders/basket-item';
import type { Order } from '../../shared/orders/orders';

const amounts = [
  ['gc-10', '£10', 10],
  ['gc-25', '£25', 25],
  ['gc-50', '£50', 50],
  ['gc-100', '£100', 100],
  ['gc-own', 'Your own amount', 5],
] as const;

/** The demo gift card: four amounts and one the buyer names, none of them counted in stock. */
export const giftCardProduct: ProductDetail = {
  _id: 'giftcard0000000000000001',
  name: 'Gift card',
  brand: 'Larkspur',
  image: '/uploads/gift-card.webp',
  images: [{ url: '/uploads/gift-card.webp', alt: 'Gift card' }],
  price: 10,
  compareAtPrice: null,
  description: 'A gift card for anything in the shop.',
  category: 'gift-cards',
  countInStock: 0,
  weightGrams: 0,
  rating: 0,
  numReviews: 0,
  createdAt: '2026-03-02T10:00:00.000Z',
  options: [{ name: 'Amount', values: amounts.map(([, value]) => value) }],
  variants: amounts.map(([_id, value, price]) => ({
    _id,
    options: { Amount: value },
    sku: `GC-${_id}`,
    price,
    compareAtPrice: null,
    countInStock: 0,
    weightGrams: 0,
  })),
  specifications: [],
  facets: NO_FACETS,
  madeToOrder: null,
  preorder: null,
  personalisation: null,
  reviews: [],
};

/** A £25 card for Bea, sent on Christmas Eve 2026; `changes` override any part. */
export function giftCardLine(
  changes: Partial<NonNullable<BasketItem['giftCard']>> = {},
  price = 25,
): BasketItem {
  return {
    product: giftCardProduct._id,
    name: 'Gift card',
    brand: 'Larkspur',
    image: '/uploads/gift-card.webp',
    price,
    countInStock: 1,
    qty: 1,
    variant: price === 25 ? 'gc-25' : 'gc-own',
    variantLabel: price === 25 ? 'Amount: £25' : 'Amount: Your own amount',
    giftCard: {
      id: 'card-for-bea',
      recipientName: 'Bea Baker',
      recipientEmail: 'bea@example.com',
      message: 'Happy Christmas!',
      sendOn: '2026-12-24',
      ...(price === 25 ? {} : { amount: price }),
      ...changes,
    },
  };
}

/** Two £25 cards for Bea, as a placed order keeps them: made, with their last 4. */
export const giftCardOrderItem: Order['orderItems'][number] = {
  name: 'Gift card',
  brand: 'Larkspur',
  image: '/uploads/gift-card.webp',
  product: giftCardProduct._id,
  variant: 'gc-25',
  variantLabel: 'Amount: £25',
  qty: 2,
  price: 25,
  discount: 0,
  giftCard: {
    recipientName: 'Bea Baker',
    recipientEmail: 'bea@example.com',
    message: 'Happy Christmas!',
    sendOn: '2026-12-24',
    cards: ['KM7Q', 'X4TR'],
  },
};
