/** The demo shop's delivery as `GET /api/delivery` and the quote answer it, for component tests. */
import { itemsPenceOf } from '../../shared/orders/basket';
import type { DeliveryAnswer, DeliveryOption, OrderDelivery } from '../../shared/delivery/delivery';
import { poundsToPence, type Pence } from '../../shared/money';
import { useBasket } from '../state/basket-store';

/** Ordered on Tuesday 1 December 2026 before the cut-off: it goes out that day. */
export const tracked48: DeliveryOption = {
  id: 'tracked-48',
  name: 'Royal Mail Tracked 48',
  description: 'Tracked, delivered in 2-3 working days',
  price: 3.95,
  freeOver: 60,
  tracked: true,
  signed: false,
  collect: false,
  estimate: { dispatch: '2026-12-01', from: '2026-12-03', to: '2026-12-04' },
};

export const tracked24: DeliveryOption = {
  id: 'tracked-24',
  name: 'Royal Mail Tracked 24',
  description: 'Tracked, delivered the next working day or the one after',
  price: 4.95,
  freeOver: null,
  tracked: true,
  signed: false,
  collect: false,
  estimate: { dispatch: '2026-12-01', from: '2026-12-02', to: '2026-12-03' },
};

export const specialDelivery: DeliveryOption = {
  id: 'special-delivery',
  name: 'Special Delivery Guaranteed by 1pm',
  description: 'Signed for, insured up to £750, guaranteed by 1pm the next working day',
  price: 9.95,
  freeOver: null,
  tracked: true,
  signed: true,
  collect: false,
  estimate: { dispatch: '2026-12-01', from: '2026-12-02', to: '2026-12-02' },
};

export const collectFromStudio: DeliveryOption = {
  id: 'collect',
  name: 'Collect from the studio',
  description: 'Free: we email you when it is ready to collect',
  price: 0,
  freeOver: null,
  tracked: false,
  signed: false,
  collect: true,
  estimate: { dispatch: '2026-12-01', from: '2026-12-01', to: '2026-12-01' },
};

export const studio = {
  address: 'Larkspur Studio, 4 Quay Street, Bristol BS1 4QA',
  instructions: 'Ring the bell marked Larkspur, 10am to 4pm on weekdays.',
};

/** What each demo service covers if the parcel is lost, in pence; null: no cover to keep within. */
const COVER: Record<string, Pence | null> = {
  'tracked-48': 10_000,
  'tracked-24': 10_000,
  'special-delivery': 75_000,
  collect: null,
};

/**
 * The demo services a basket of `itemsPence` may use, as the shop answers them: those whose cover
 * holds the items, free from a threshold, cheapest first (equals in the settings' order).
 */
export function demoOptionsFor(itemsPence: Pence, discountPence: Pence = 0): DeliveryOption[] {
  return [tracked48, tracked24, specialDelivery, collectFromStudio]
    .filter((option) => {
      const cover = COVER[option.id] ?? null;
      return cover === null || itemsPence <= cover;
    })
    .map((option) =>
      option.freeOver !== null && itemsPence - discountPence >= poundsToPence(option.freeOver)
        ? { ...option, price: 0 }
        : option,
    )
    .sort((a, b) => a.price - b.price);
}

/** The carrier's working days of each demo service. */
const DAYS: Record<string, { min: number; max: number }> = {
  'tracked-48': { min: 2, max: 3 },
  'tracked-24': { min: 1, max: 2 },
  'special-delivery': { min: 1, max: 1 },
  collect: { min: 0, max: 0 },
};

/** `GET /api/delivery` answering these services, with no holiday or banner showing. */
export function deliveryAnswerOf(
  services: DeliveryOption[],
  changes: Partial<DeliveryAnswer> = {},
): DeliveryAnswer {
  return {
    services: services.map((service) => {
      const cover = COVER[service.id] ?? null;
      return {
        ...service,
        days: DAYS[service.id] ?? { min: 2, max: 3 },
        cover: cover === null ? null : cover / 100,
      };
    }),
    dispatchCutOff: '2026-12-01T14:00:00.000Z',
    holiday: null,
    banner: null,
    collection: services.some((service) => service.collect) ? studio : null,
    handlingDays: 0,
    returns: { days: 14, freeReturns: false },
    ...changes,
  };
}

/** The demo shop's delivery for the basket the test holds, as `GET /api/delivery` answers it. */
export const demoDeliveryAnswer = (changes: Partial<DeliveryAnswer> = {}): DeliveryAnswer =>
  deliveryAnswerOf(demoOptionsFor(itemsPenceOf(useBasket.getState().basketItems)), changes);

/** A collect order's delivery as sold: ready on Tuesday 1 December. */
export const soldForCollection: OrderDelivery = {
  service: 'collect',
  name: 'Collect from the studio',
  price: 0,
  tracked: false,
  signed: false,
  collect: true,
  estimate: { dispatch: '2026-12-01', from: '2026-12-01', to: '2026-12-01' },
};

/** Who collects, as a collect order keeps them: a name and a phone, no street. */
export const collectorAddress = (name: string) => ({
  name,
  address: '',
  line2: '',
  city: '',
  county: '',
  postalCode: '',
  country: 'United Kingdom',
  phone: '07700 900123',
});
