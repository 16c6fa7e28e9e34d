/**
 * What stands in for PayPal's payment and capture ids where gift cards alone paid an order, or
 * took back part of its refund: `gift-cards-<order id>`. No PayPal id starts so.
 */
export const GIFT_CARD_MARK = 'gift-cards-';

/** The mark of an order's gift cards, as its payment, its capture or a refund onto them. */
export const giftCardMarkOf = (orderId: string) => `${GIFT_CARD_MARK}${orderId}`;

/** Whether a payment, capture or refund is the gift cards' rather than PayPal's. */
export const isGiftCardMark = (id: string) => id.startsWith(GIFT_CARD_MARK);
