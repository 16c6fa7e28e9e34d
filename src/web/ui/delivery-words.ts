import type { DeliveryOffer } from '../../shared/delivery/delivery';
import { arrivalWords, shortDay } from '../../shared/delivery/delivery-days';
import { formatPounds } from '../../shared/money';

const UK_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The UK day an instant falls on, `YYYY-MM-DD`, summer time or not. */
export const ukDayOf = (at: Date): string => UK_DAY.format(at);

/** `2 h 10 min`, `45 min`, `3 h`: the time left, counting a minute begun as a minute. */
export function timeLeftWords(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${String(rest)} min`;
  return rest === 0 ? `${String(hours)} h` : `${String(hours)} h ${String(rest)} min`;
}

/** The service a product page tells of: the cheapest that is sent, else collection. */
export const headlineService = (services: readonly DeliveryOffer[]): DeliveryOffer | undefined =>
  services.find((service) => !service.collect) ?? services[0];

/**
 * When an order placed now goes and arrives: "Order within 2 h 10 min for dispatch today,
 * arrives Tue 1 Dec" while today's cut-off is ahead, else "Dispatched Mon 30 Nov, arrives Tue 1
 * Dec". Undefined once the answer's cut-off has passed: its dates are then out of date.
 */
export function estimateSentence(
  service: DeliveryOffer,
  dispatchCutOff: string,
  now: Date,
): string | undefined {
  const left = Date.parse(dispatchCutOff) - now.getTime();
  if (!(left > 0)) return undefined;
  const { dispatch } = service.estimate;
  const today = dispatch === ukDayOf(now);
  if (service.collect) {
    return today
      ? `Order within ${timeLeftWords(left)} to collect today`
      : `Ready to collect ${shortDay(dispatch)}`;
  }
  const arrives = `arrives ${arrivalWords(service.estimate)}`;
  return today
    ? `Order within ${timeLeftWords(left)} for dispatch today, ${arrives}`
    : `Dispatched ${shortDay(dispatch)}, ${arrives}`;
}

/** A service's dates, as its line of the delivery options says them. */
export const serviceDates = (service: DeliveryOffer): string =>
  service.collect
    ? `Ready to collect ${shortDay(service.estimate.from)}`
    : `Arrives ${arrivalWords(service.estimate)}`;

/** `£3.95`, or `Free`. */
export const priceWords = (pounds: number): string =>
  pounds === 0 ? 'Free' : formatPounds(pounds);

/** `free on orders of £60.00 or more`, for a service with a threshold. */
export const freeOverWords = (freeOver: number): string =>
  `free on orders of ${formatPounds(freeOver)} or more`;
