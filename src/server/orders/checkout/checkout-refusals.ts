import { ShopError } from '../../http/errors';
import { PaymentFailed } from '../../payments/payment-provider';

/** A provider's refusal becomes a 402 in the provider's plain words. */
export async function askProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentFailed) {
      // Declined: the shopper may pay another way. Otherwise the payment did not go through.
      const code = error.canRetry ? 'PAYMENT_DECLINED' : 'PAYMENT_NOT_COMPLETED';
      throw new ShopError(code, error.message);
    }
    throw error;
  }
}

export const paymentClosed = () =>
  new ShopError(
    'PAYMENT_CLOSED',
    'That payment has already been closed (refunded or used), so it cannot make an order. Please check out again.',
  );

/** A refusal after the capture, saying where the shopper's money is. */
export function refundedRefusal(refusal: ShopError, refunded: boolean): ShopError {
  if (refusal.code === 'PAYMENT_CLOSED') return refusal;
  const money = refunded
    ? 'Your payment has been refunded and no order was made.'
    : 'No order was made, and your refund is being arranged: we will be in touch.';
  return new ShopError(refusal.code, `${refusal.message} ${money}`);
}
