import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { BasketItem } from '../../../shared/orders/basket-item';
import { quoteQuery, useQuote } from '../../api/checkout';
import { voucherByCodeQuery } from '../../api/vouchers';
import { useBasket } from '../../state/basket-store';
import type { GiftChoice } from './GiftOptions';
import { isGiftCardRefusal, isVoucherRefusal, quoteBodyOf } from './useCheckout';

/**
 * The shop's figures for the basket with the voucher the checkout keeps, if any, sent by the
 * delivery service chosen. A kept voucher
 * the shop now refuses (it expired or was deleted meanwhile, or the basket changed below its
 * minimum spend) is dropped with the shop's words, and the basket priced again without it; until
 * then the figures count as still being worked out, not as a failure.
 */
export function useOrderQuote(
  items: readonly BasketItem[],
  gift: GiftChoice,
  delivery: string | undefined,
) {
  const voucherCode = useBasket((state) => state.voucherCode) ?? undefined;
  const refuseVoucher = useBasket((state) => state.refuseVoucher);
  const giftCards = useBasket((state) => state.giftCardCodes);
  const refuseGiftCard = useBasket((state) => state.refuseGiftCard);
  const quote = useQuote(quoteBodyOf(items, voucherCode, gift, delivery, giftCards));
  const refusal =
    voucherCode !== undefined && isVoucherRefusal(quote.error) ? quote.error.message : null;
  const cardRefusal =
    giftCards.length > 0 && isGiftCardRefusal(quote.error) ? quote.error.message : null;

  // The store follows the shop's answer; it cannot be changed while this screen renders.
  useEffect(() => {
    if (voucherCode !== undefined && refusal !== null) {
      refuseVoucher({ code: voucherCode, message: refusal });
    }
  }, [voucherCode, refusal, refuseVoucher]);
  // A card spent or expired since it was applied: the cards go, with the shop's words.
  useEffect(() => {
    if (cardRefusal !== null) refuseGiftCard({ code: null, message: cardRefusal });
  }, [cardRefusal, refuseGiftCard]);

  return {
    quote,
    voucherCode,
    pricing: quote.isPending || refusal !== null || cardRefusal !== null,
  };
}

/**
 * Applies a code once the shop has priced the basket with it, so the figures shown never wait on
 * it; a refusal is kept in the shop's words. The voucher's own name is asked for alongside, only
 * to label the discount.
 */
export function useVoucherCheck(
  items: readonly BasketItem[],
  gift: GiftChoice,
  delivery: string | undefined,
) {
  const queryClient = useQueryClient();
  const applyVoucher = useBasket((state) => state.applyVoucher);
  const refuseVoucher = useBasket((state) => state.refuseVoucher);
  const giftCards = useBasket((state) => state.giftCardCodes);
  return useMutation({
    mutationFn: async (code: string) => {
      const [priced] = await Promise.all([
        queryClient.query(quoteQuery(quoteBodyOf(items, code, gift, delivery, giftCards))),
        queryClient.query({ ...voucherByCodeQuery(code), retry: false }).catch(() => null),
      ]);
      return priced;
    },
    onSuccess: (_priced, code) => applyVoucher(code),
    onError: (error, code) => {
      if (isVoucherRefusal(error)) refuseVoucher({ code, message: error.message });
    },
  });
}
