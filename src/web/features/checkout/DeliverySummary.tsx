import { Link } from 'react-router';
import type { DeliveryOption } from '../../../shared/delivery/delivery';
import type { Quote } from '../../../shared/orders/checkout';
import type { ChosenDelivery } from '../../state/delivery-choice';
import { textLinkClass } from '../../ui/Button';
import { DeliveryChoice, dispatchAndArrival } from '../../ui/DeliveryChoice';
import { Skeleton } from '../../ui/Skeleton';

/** The service the figures were priced with, as the shop priced it; else the one chosen. */
function pricedOption(figures: Quote | null, delivery: ChosenDelivery): DeliveryOption | undefined {
  return (
    figures?.deliveryOptions.find((option) => option.id === figures.delivery) ?? delivery.chosen
  );
}

interface DeliverySummaryProps {
  figures: Quote | null;
  delivery: ChosenDelivery;
  /** Why the shop would not send the basket by the service chosen, when it would not. */
  refusal: string | null;
  onChoose: (service: string) => void;
}

/**
 * The delivery service the order goes by and its dates, with a way back to change it; when the
 * shop refused it, its words and the services it offers now, to choose again here.
 */
export function DeliverySummary({ figures, delivery, refusal, onChoose }: DeliverySummaryProps) {
  if (refusal !== null) {
    return (
      <div className="flex flex-col gap-3">
        <p role="alert" className="rounded-shop border-l-4 border-error bg-surface px-4 py-3">
          {refusal}
        </p>
        {delivery.answer.isFetching || delivery.answer.isPending ? (
          <div aria-busy="true" className="flex flex-col gap-2">
            <span className="sr-only">Finding the ways we can send it now…</span>
            <Skeleton className="h-16 w-full" />
          </div>
        ) : (
          <DeliveryChoice
            options={delivery.options}
            chosen={delivery.chosen?.id}
            onChoose={onChoose}
          />
        )}
      </div>
    );
  }
  const option = pricedOption(figures, delivery);
  if (!option) return null;
  return (
    <section aria-labelledby="summary-delivery-heading" className="flex flex-col gap-1">
      <h3 id="summary-delivery-heading" className="text-sm text-muted">
        Delivery service
      </h3>
      {delivery.replaced && (
        <p role="status" className="my-1 rounded-shop bg-accent-soft px-4 py-3 text-sm">
          {`The delivery you chose is not available for this basket now, so we have chosen ${option.name} for you.`}
        </p>
      )}
      <p className="font-medium wrap-anywhere">{option.name}</p>
      <p className="text-sm">{dispatchAndArrival(option)}</p>
      <Link
        to="/checkout/shipping"
        className={`${textLinkClass} inline-flex min-h-11 items-center self-start text-sm`}
      >
        Change delivery
      </Link>
    </section>
  );
}
