import { useMutation, useQueryClient } from '@tanstack/react-query';
import { normaliseGiftCardCode } from '../../../shared/gift-cards/gift-cards';
import type { BasketItem } from '../../../shared/orders/basket-item';
import { quoteQuery } from '../../api/checkout';
import { useBasket } from '../../state/basket-store';
import type { GiftChoice } from './GiftOptions';
import { isGiftCardRefusal, quoteBodyOf } from './useCheckout';

/** A card typed again, in any case or with other dashes, once applied: the shop is not asked. */
export class GiftCardAlreadyApplied extends Error {
  constructor() {
    super('That gift card is already applied');
  }
}

/**
 * Applies a gift card once the shop has priced the basket with it after those already applied, so
 * the figures shown never wait on it; a refusal is kept in the shop's words, beside the field.
 */
export function useGiftCardCheck(
  items: readonly BasketItem[],
  voucher: string | undefined,
  gift: GiftChoice,
  delivery: string | undefined,
) {
  const queryClient = useQueryClient();
  const applied = useBasket((state) => state.giftCardCodes);
  const applyGiftCard = useBasket((state) => state.applyGiftCard);
  const refuseGiftCard = useBasket((state) => state.refuseGiftCard);
  return useMutation({
    mutationFn: async (typed: string) => {
      // Written as the shop keeps it, so that one card typed two ways is not applied twice.
      const code = normaliseGiftCardCode(typed) ?? typed.trim().toUpperCase();
      if (applied.includes(code)) throw new GiftCardAlreadyApplied();
      const codes = [...applied, code];
      await queryClient.query(quoteQuery(quoteBodyOf(items, voucher, gift, delivery, codes)));
      return code;
    },
    onSuccess: (code) => applyGiftCard(code),
    onError: (error, typed) => {
      if (isGiftCardRefusal(error)) refuseGiftCard({ code: typed, message: error.message });
    },
  });
}
