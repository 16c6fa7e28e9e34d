import type { DeliveryOption, OrderDelivery } from '../../shared/delivery/delivery';
import type { DeliveryService } from '../../shared/delivery/delivery-settings';
import { penceToPounds, poundsToPence, type Pence } from '../../shared/money';
import type { SettingsSections } from '../../shared/settings/settings';
import { ShopError } from '../http/errors';
import { addWorkingDays, estimateDelivery, ukDayOf, type DispatchHold } from './delivery-dates';

/** The settings delivery is worked out from. */
export type DeliveryTerms = Pick<
  SettingsSections,
  'dispatch' | 'holiday' | 'delivery' | 'collection'
>;

/** What decides which services a basket may use and at what price. */
export interface BasketMeasure {
  /** The items at their prices, before any discount: what a lost parcel would cost. */
  itemsPence: Pence;
  /** The items after discounts: what a free-over threshold looks at. */
  discountedPence: Pence;
  /** How many items, all lines' quantities together. */
  itemCount: number;
  weightGrams: number;
  /** What its lines made for the buyer hold its dispatch back by; nothing when left out. */
  hold?: DispatchHold;
}

/** Whether a service may carry this basket: its limits on items, weight and cover. */
function carries(service: DeliveryService, basket: BasketMeasure): boolean {
  return (
    (service.maxItems === null || basket.itemCount <= service.maxItems) &&
    (service.maxWeightGrams === null || basket.weightGrams <= service.maxWeightGrams) &&
    (service.cover === null || basket.itemsPence <= poundsToPence(service.cover))
  );
}

/** What a service costs for a basket: nothing from its free-over threshold on. */
function pricePenceOf(service: DeliveryService, basket: BasketMeasure | undefined): Pence {
  if (
    basket &&
    service.freeOver !== null &&
    basket.discountedPence >= poundsToPence(service.freeOver)
  ) {
    return 0;
  }
  return poundsToPence(service.price);
}

/** The services on offer at all: active, and a collect service only with a place to collect from. */
const onOffer = (terms: DeliveryTerms) =>
  terms.delivery.services.filter(
    (service) => service.active && (!service.collect || terms.collection !== null),
  );

/** A service on offer and what it costs for one basket. */
export interface PricedService {
  service: DeliveryService;
  pence: Pence;
}

/**
 * The services a basket may use, with their prices, cheapest first (the settings' order among
 * equals). Without a basket: every service on offer, priced as for one typical item (no threshold
 * reached). Product feeds ask this for each item, so it works out no dates.
 */
export function pricedServices(
  terms: DeliveryTerms,
  basket: BasketMeasure | undefined,
): PricedService[] {
  return onOffer(terms)
    .filter((service) => basket === undefined || carries(service, basket))
    .map((service) => ({ service, pence: pricePenceOf(service, basket) }))
    .sort((a, b) => a.pence - b.pence);
}

/**
 * The services a basket may use, paid for at `at`, with their prices and dates, cheapest first
 * (the settings' order among equals). Without a basket: every service on offer, priced as for one
 * typical item (no threshold reached).
 */
export function deliveryOptions(
  terms: DeliveryTerms,
  basket: BasketMeasure | undefined,
  at: Date,
): DeliveryOption[] {
  return pricedServices(terms, basket).map(({ service, pence }) => ({
    id: service.id,
    name: service.name,
    description: service.description,
    price: penceToPounds(pence),
    freeOver: service.freeOver,
    tracked: service.tracked,
    signed: service.signed,
    collect: service.collect,
    estimate: estimateDelivery(at, terms.dispatch, service.days, terms.holiday, basket?.hold),
  }));
}

/** The holiday or banner to show on `day`: the one whose days hold it, else null. */
export function showingOn<T extends { from: string; to: string }>(
  notice: T | null,
  at: Date,
): T | null {
  const day = ukDayOf(at);
  return notice !== null && day >= notice.from && day <= notice.to ? notice : null;
}

/** The delivery as an order keeps it: the option sold, as it was then. */
export const deliverySold = (option: DeliveryOption): OrderDelivery => ({
  service: option.id,
  name: option.name,
  price: option.price,
  tracked: option.tracked,
  signed: option.signed,
  collect: option.collect,
  estimate: option.estimate,
});

/** While the owner's holiday pauses checkout: 409 SHOP_PAUSED, with the owner's message. */
export function refuseWhilePaused(holiday: DeliveryTerms['holiday'], at: Date): void {
  const showing = showingOn(holiday, at);
  if (showing?.pauseCheckout) throw new ShopError('SHOP_PAUSED', showing.message);
}

/**
 * When a parcel sent at `dispatchedAt` should arrive: the service's working days from the day it
 * went, as the settings hold them now; the dates the buyer was given when the service is gone.
 */
export function arrivalAfterDispatch(
  terms: DeliveryTerms,
  sold: OrderDelivery,
  dispatchedAt: Date,
): { from: string; to: string } {
  const service = terms.delivery.services.find((candidate) => candidate.id === sold.service);
  if (!service) return sold.estimate;
  const day = ukDayOf(dispatchedAt);
  const { closed } = terms.dispatch;
  return {
    from: addWorkingDays(day, service.days.min, closed),
    to: addWorkingDays(day, service.days.max, closed),
  };
}
