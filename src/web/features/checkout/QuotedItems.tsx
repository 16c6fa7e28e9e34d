import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { BasketItem } from '../../../shared/orders/basket-item';
import type { Quote } from '../../../shared/orders/checkout';
import { Button, textLinkClass } from '../../ui/Button';
import { ErrorBox } from '../../ui/ErrorBox';
import { OrderLines } from '../../ui/OrderLines';
import { Skeleton } from '../../ui/Skeleton';
import { isDeliveryRefusal, quotedLines } from './useCheckout';

/** The look of a section's heading on the place-order screen. */
export const sectionHeading = 'mb-3 text-xl';

export const QUOTE_FAILED = 'Your order could not be priced';
export const CHOOSE_AGAIN = 'Please choose another way to send it, and we will price your order.';

export function LinesLoading() {
  return (
    <div aria-busy="true" className="flex flex-col gap-3">
      <span className="sr-only">Pricing your order…</span>
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-16 w-full" />
    </div>
  );
}

/** The lines as the shop prices them, or why it could not, with a way on. */
export function QuotedItems({
  quote,
  pricing,
  items,
}: {
  quote: UseQueryResult<Quote>;
  pricing: boolean;
  items: readonly BasketItem[];
}) {
  if (pricing) return <LinesLoading />;
  if (quote.isSuccess) {
    return <OrderLines lines={quotedLines(quote.data, items)} label="Items to order" />;
  }
  // The refusal is told beside the services, for the shopper to choose another.
  if (isDeliveryRefusal(quote.error)) {
    return <p className="text-muted">{CHOOSE_AGAIN}</p>;
  }
  return (
    <div className="flex flex-col items-start gap-3">
      <ErrorBox error={quote.error} title={QUOTE_FAILED} />
      <div className="flex flex-wrap items-center gap-4">
        <Button variant="secondary" onClick={() => void quote.refetch()}>
          Try again
        </Button>
        <Link to="/basket" className={textLinkClass}>
          Back to your basket
        </Link>
      </div>
    </div>
  );
}
