import type { Order } from './orders';

/** What a receipt says of gift cards beside its VAT, when something of the order is outside VAT. */
export const GIFT_CARD_VAT_NOTES = {
  // A multi-purpose card is no supply when sold: its VAT is on what it is spent on.
  'multi-purpose': 'gift cards are outside VAT until spent',
  // A single-purpose card carried its VAT when sold: what it pays carries none again.
  'single-purpose': 'no VAT on what gift cards paid: it was charged when they were sold',
} as const;

/**
 * The words a receipt's or a mail's VAT line ends with, for an order with a part outside VAT
 * because of gift cards; undefined for any other, whose VAT line stays as it was.
 */
export function giftCardVatNote(
  order: Pick<Order, 'outsideVat' | 'giftCardVat'>,
): string | undefined {
  if (!order.giftCardVat || !order.outsideVat || order.outsideVat <= 0) return undefined;
  return GIFT_CARD_VAT_NOTES[order.giftCardVat];
}

/** `Includes VAT at 20%` as it stands, or with the gift card note after it in brackets. */
export const vatLineWords = (words: string, order: Pick<Order, 'outsideVat' | 'giftCardVat'>) => {
  const note = giftCardVatNote(order);
  return note === undefined ? words : `${words} (${note})`;
};
