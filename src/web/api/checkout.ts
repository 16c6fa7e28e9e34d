import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Message } from '../../shared/api';
import type { PaymentAnswer, TestApprovalBody } from '../../shared/payments/payments';
import type { PaymentBody, Quote, QuoteBody } from '../../shared/orders/checkout';
import type { BasketItem } from '../../shared/orders/basket-item';
import { apiRequest } from './client';

type OrderLineBody = QuoteBody['orderItems'][number];

/**
 * A basket line as the shop reads it: which product, variant and how many, its text when it is
 * personalised, and for a gift card who it is for, the message, the day and any amount the buyer
 * named (its line id stays in the browser).
 */
export function orderLineOf({
  product,
  variant,
  qty,
  giftCard,
  personalisation,
}: Pick<
  BasketItem,
  'product' | 'variant' | 'qty' | 'giftCard' | 'personalisation'
>): OrderLineBody {
  const line = {
    product,
    qty,
    variant: variant ?? undefined,
    personalisation: personalisation?.text,
  };
  if (!giftCard) return line;
  const { recipientName, recipientEmail, message, sendOn, amount } = giftCard;
  const card = { recipientName, recipientEmail, message, sendOn };
  return { ...line, giftCard: amount === undefined ? card : { ...card, amount } };
}

export const orderLinesOf = (
  items: readonly Pick<
    BasketItem,
    'product' | 'variant' | 'qty' | 'giftCard' | 'personalisation'
  >[],
): OrderLineBody[] => items.map(orderLineOf);

/** A basket's quote is asked again whenever its lines or its voucher change. */
export const quoteKey = (body: QuoteBody) => ['quote', body] as const;

/** The basket as the shop prices it now: the figures the place-order screen shows and charges. */
export function quoteQuery(body: QuoteBody) {
  return queryOptions({
    queryKey: quoteKey(body),
    queryFn: ({ signal }) => apiRequest<Quote>('/orders/quote', { method: 'POST', body, signal }),
  });
}

/** Prices can change at any time, so every visit to the place-order screen asks afresh. */
export const useQuote = (body: QuoteBody) =>
  useQuery({ ...quoteQuery(body), refetchOnMount: 'always' });

/**
 * Opens a payment for the basket at the total the shopper was shown (`expectedTotal`), and answers
 * the provider's payment id. When the shop's total is another, it rejects with PRICE_CHANGED, the
 * error carrying the new figures (`quote`).
 */
export const openPayment = (body: PaymentBody) =>
  apiRequest<PaymentAnswer>('/payments', { method: 'POST', body });

/** Test mode only: approves a card or wallet payment as PayPal's card fields or a wallet would. */
export const approveTestPayment = (paymentId: string, body: TestApprovalBody) =>
  apiRequest<Message>(`/payments/${encodeURIComponent(paymentId)}/test-approval`, {
    method: 'POST',
    body,
  });
