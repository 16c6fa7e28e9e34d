import { useId } from 'react';
import { arrivalWords, shortDay, type DeliveryOption } from '../../shared/delivery/delivery';
import { formatPounds } from '../../shared/money';

const card =
  'flex min-h-11 cursor-pointer items-start gap-3 rounded-shop border border-line bg-surface ' +
  'px-4 py-3 has-[:checked]:border-ink';

/** `arrives Thu 3 Dec – Fri 4 Dec`, or for collection `ready to collect Tue 1 Dec`. */
export function deliveryWhen(option: Pick<DeliveryOption, 'collect' | 'estimate'>): string {
  return `${option.collect ? 'ready to collect' : 'arrives'} ${arrivalWords(option.estimate)}`;
}

/**
 * When an order goes and comes, as a sentence: `Dispatched by Tue 1 Dec, arrives Thu 3 Dec – Fri
 * 4 Dec`; for a collection, `Ready to collect from Tue 1 Dec`.
 */
export function dispatchAndArrival(option: Pick<DeliveryOption, 'collect' | 'estimate'>): string {
  const { estimate } = option;
  return option.collect
    ? `Ready to collect from ${shortDay(estimate.from)}`
    : `Dispatched by ${shortDay(estimate.dispatch)}, arrives ${arrivalWords(estimate)}`;
}

/**
 * `Ready to collect from <the collection point> from Tue 1 Dec`; without the point (no longer
 * offered), the day alone.
 */
export function readyToCollect(
  delivery: Pick<DeliveryOption, 'estimate'>,
  collection: { address: string } | null,
): string {
  const day = shortDay(delivery.estimate.from);
  return collection
    ? `Ready to collect from ${collection.address} from ${day}`
    : `Ready to collect from ${day}`;
}

/** A delivery price as the shopper reads it: `Free`, or `£3.95`. */
export const deliveryPriceWords = (price: number) => (price === 0 ? 'Free' : formatPounds(price));

interface DeliveryChoiceProps {
  /** The services the basket may use, cheapest first. */
  options: readonly DeliveryOption[];
  /** The id of the service priced. */
  chosen: string | undefined;
  onChoose: (service: string) => void;
  /** The service the shopper chose is no longer offered for this basket: say so. */
  replaced?: boolean;
  /** Each service's own description under its dates, where there is room to read it. */
  detailed?: boolean;
}

/**
 * The delivery services a basket may use, each with its price and when it arrives (or is ready to
 * collect), for the shopper to choose one: the basket, its panel and checkout show the same.
 */
export function DeliveryChoice({
  options,
  chosen,
  onChoose,
  replaced = false,
  detailed = false,
}: DeliveryChoiceProps) {
  const group = useId();
  const chosenName = options.find((option) => option.id === chosen)?.name;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 font-medium">Delivery</legend>
      {replaced && chosenName && (
        <p role="status" className="mb-1 rounded-shop bg-accent-soft px-4 py-3 text-sm">
          {`The delivery you chose is not available for this basket now, so we have chosen ${chosenName} for you. You can choose another below.`}
        </p>
      )}
      {options.map((option) => {
        const price = deliveryPriceWords(option.price);
        const when = deliveryWhen(option);
        return (
          <label key={option.id} className={card}>
            <input
              type="radio"
              name={group}
              value={option.id}
              checked={option.id === chosen}
              onChange={() => onChoose(option.id)}
              className="mt-0.5 size-5 shrink-0 accent-accent"
              // One sentence for a screen reader, where the card sets name and price on one line
              // and the dates on the next.
              aria-label={`${option.name}, ${price}, ${when}`}
            />
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="flex items-baseline justify-between gap-3">
                <span className="font-medium wrap-anywhere">{option.name}</span>
                <span className="shrink-0 font-serif tabular-nums">{price}</span>
              </span>
              <span className="text-sm text-muted">{when}</span>
              {detailed && option.description && (
                <span className="text-sm text-muted wrap-anywhere">{option.description}</span>
              )}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
