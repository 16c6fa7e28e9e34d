import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentAnswer } from '../../shared/payments';
import type { PaymentBody, Quote, QuoteBody } from '../../shared/orders';
import {
  ApiError,
  apiErrorOf,
  apiRequest,
  currentToken,
  isErrorBody,
  networkError,
  noteRefusal,
} from './client';

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

/** The shop's prices moved since the shopper was shown a total: no payment was opened. */
export class PriceChangedError extends ApiError {
  constructor(
    message: string,
    /** The basket as the shop prices it now. */
    readonly quote: Quote,
  ) {
    super(message, 409, 'PRICE_CHANGED');
  }
}

/**
 * Opens a payment for the basket at the total the shopper was shown (`expectedTotal`), and answers
 * the provider's payment id. When the shop's total is another, it rejects with a
 * `PriceChangedError` carrying the new figures, which is why it reads the refusal's body itself.
 */
export async function openPayment(body: PaymentBody): Promise<PaymentAnswer> {
  const token = currentToken();
  let response: Response;
  try {
    response = await fetch('/api/payments', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
      },
      body: JSON.stringify(body),
    });
  } catch {
    throw networkError();
  }
  const answer: unknown = await response.json().catch(() => undefined);
  if (response.ok) return answer as PaymentAnswer;
  const error = apiErrorOf(response.status, answer);
  noteRefusal(error, token);
  if (isErrorBody(answer) && answer.code === 'PRICE_CHANGED' && answer.quote) {
    throw new PriceChangedError(answer.message, answer.quote);
  }
  throw error;
}
