import type { DeliveryAnswer } from '../../shared/delivery/delivery';
import { dayAfter, shortDay } from '../../shared/delivery/delivery-days';
import { formatPounds } from '../../shared/money';
import { useDelivery } from '../api/delivery';

/** From what delivery is free: the cheapest service sent with a threshold, if any. */
function freeDeliveryFrom(services: DeliveryAnswer['services']): number | undefined {
  for (const service of services) {
    if (!service.collect && service.freeOver !== null) return service.freeOver;
  }
  return undefined;
}

/**
 * The slim strip at the top of every storefront page: the owner's holiday (and, while it pauses
 * checkout, until when), the banner on its days, and from what delivery is free. The server puts
 * them into the first HTML; which ones show is the server's to say, as it says which day it is.
 */
export function ShopNotices() {
  const { data, isPending } = useDelivery();
  const holiday = data?.holiday ?? null;
  const banner = data?.banner ?? null;
  const freeFrom = data ? freeDeliveryFrom(data.services) : undefined;
  if (!isPending && !holiday && !banner && freeFrom === undefined) return null;
  return (
    <aside
      aria-label="Shop notices"
      // While the answer comes (a page the browser draws), the strip keeps a line's room.
      className="flex min-h-9 flex-col items-center justify-center gap-1 bg-ink px-4 py-2 text-center text-xs tracking-wide text-page"
    >
      {holiday && (
        <p>
          <span className="font-medium">{holiday.message}</span>
          {holiday.pauseCheckout && ` Checkout is paused until ${shortDay(dayAfter(holiday.to))}.`}
        </p>
      )}
      {banner && <p>{banner.text}</p>}
      {freeFrom !== undefined && (
        <p>Free UK delivery on orders of {formatPounds(freeFrom)} or more</p>
      )}
    </aside>
  );
}
