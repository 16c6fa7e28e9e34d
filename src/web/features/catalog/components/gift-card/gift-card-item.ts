import type { Product, Variant } from '../../../../../shared/catalog/catalog';
import { basketItemFrom } from '../../../../../shared/orders/basket';
import type { BasketItem } from '../../../../../shared/orders/basket-item';
import type { GiftCardForm } from './gift-card-form';

/** A line's own id: two cards of one amount for two people are two lines. */
const newLineId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * The basket line for one card: its amount (the one the buyer named, for that option), who it is
 * for, the message and the day. A card has no stock to run out of.
 */
export function giftCardItem(product: Product, variant: Variant, card: GiftCardForm): BasketItem {
  const line = basketItemFrom(product, 1, variant);
  return {
    ...line,
    price: card.amount ?? line.price,
    countInStock: Math.max(1, line.countInStock),
    giftCard: {
      id: newLineId(),
      recipientName: card.recipientName,
      recipientEmail: card.recipientEmail,
      message: card.message,
      sendOn: card.sendOn,
      ...(card.amount === undefined ? {} : { amount: card.amount }),
    },
  };
}
