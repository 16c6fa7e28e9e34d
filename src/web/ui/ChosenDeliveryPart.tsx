import type { ChosenDelivery } from '../state/delivery-choice';
import { DeliveryChoice } from './DeliveryChoice';
import { ErrorBox } from './ErrorBox';
import { Skeleton } from './Skeleton';

/** Said when no service can take the basket: too heavy, too many or worth too much for all. */
export const NO_SERVICE =
  'None of our delivery services can take this basket as it stands: please contact us about it.';

/**
 * The services the basket may use, to choose one; or why they cannot be shown. `detailed` adds
 * each service's description (the checkout's address step).
 */
export function ChosenDeliveryPart({
  delivery,
  detailed = false,
}: {
  delivery: ChosenDelivery;
  detailed?: boolean;
}) {
  const { answer, options, chosen, replaced, choose } = delivery;
  if (answer.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-2">
        <span className="sr-only">Finding the ways we can send it…</span>
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  if (answer.isError) {
    return <ErrorBox error={answer.error} title="Delivery could not be worked out" />;
  }
  if (options.length === 0) return <p role="status">{NO_SERVICE}</p>;
  return (
    <DeliveryChoice
      options={options}
      chosen={chosen?.id}
      onChoose={choose}
      replaced={replaced}
      detailed={detailed}
    />
  );
}
