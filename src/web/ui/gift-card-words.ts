import { longDay } from '../../shared/delivery/delivery-days';

/** Who a card is for and when it goes: `For Bea Baker (bea@example.com), sent Thursday 24 December`. */
export const giftCardForWords = (card: {
  recipientName: string;
  recipientEmail: string;
  sendOn: string;
}): string => `For ${card.recipientName} (${card.recipientEmail}), sent ${longDay(card.sendOn)}`;

/** The cards a line made, by their last 4: `Card ending ABCD`, `Cards ending ABCD and EFGH`. */
export function cardsEndingWords(last4s: readonly string[]): string | null {
  if (last4s.length === 0) return null;
  if (last4s.length === 1) return `Card ending ${last4s[0] ?? ''}`;
  return `Cards ending ${last4s.slice(0, -1).join(', ')} and ${last4s.at(-1) ?? ''}`;
}

/** A payment by card as the totals name it: `Gift card ending ABCD`. */
export const giftCardPaymentTerm = (last4: string) => `Gift card ending ${last4}`;
