import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import {
  defaultDeliveryOption,
  type DeliveryAnswer,
  type DeliveryOption,
} from '../../shared/delivery/delivery';
import { deliveryQuery, type DeliveryLine } from '../api/delivery';
import { useBasket } from './basket-store';

export interface ChosenDelivery {
  /** The shop's answer: the services this basket may use, the holiday and the collection point. */
  answer: UseQueryResult<DeliveryAnswer>;
  /** The services this basket may use, cheapest first; none until the shop has answered. */
  options: readonly DeliveryOption[];
  /** The service priced: the one the shopper chose, else the default; none until answered. */
  chosen: DeliveryOption | undefined;
  /**
   * The shopper chose a service this basket may no longer use (it grew past what that service
   * covers, say): the default is priced in its place, and the shopper is told.
   */
  replaced: boolean;
  choose: (service: string) => void;
}

/**
 * The delivery a basket goes by: the services the shop offers for it now and the one chosen. The
 * choice is kept with the rest of the checkout, so the basket, the address step and the order
 * all price the same service.
 */
export function useChosenDelivery(lines: readonly DeliveryLine[]): ChosenDelivery {
  const kept = useBasket((state) => state.delivery);
  const choose = useBasket((state) => state.chooseDelivery);
  // While a changed basket is asked about, the services for it as it was stay on screen rather
  // than the choice vanishing under the shopper's thumb.
  const answer = useQuery({ ...deliveryQuery(lines), placeholderData: keepPreviousData });
  const options = answer.data?.services ?? [];
  const keptOption = options.find((option) => option.id === kept);
  return {
    answer,
    options,
    chosen: keptOption ?? defaultDeliveryOption(options),
    replaced:
      answer.isSuccess && !answer.isPlaceholderData && kept !== null && keptOption === undefined,
    choose,
  };
}

/** The day after a UK day (`2026-12-08` → `2026-12-09`). */
export function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** The owner's holiday when it pauses checkout now, else null. */
export function checkoutPause(answer: DeliveryAnswer | undefined): DeliveryAnswer['holiday'] {
  const holiday = answer?.holiday ?? null;
  return holiday?.pauseCheckout ? holiday : null;
}
