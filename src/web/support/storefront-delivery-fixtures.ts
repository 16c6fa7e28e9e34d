import type { DeliveryAnswer, DeliveryOffer, Estimate } from '../../shared/delivery/delivery';
import { DEMO_DELIVERY_SERVICES } from '../../shared/delivery/delivery-settings';

/** The demo shop's services as `GET /api/delivery` offers them, each with the dates given. */
export function demoOffers(dates: Record<string, Estimate>): DeliveryOffer[] {
  return DEMO_DELIVERY_SERVICES.flatMap((service) => {
    const estimate = dates[service.id];
    if (!estimate) return [];
    return [
      {
        id: service.id,
        name: service.name,
        description: service.description,
        price: service.price,
        tracked: service.tracked,
        signed: service.signed,
        collect: service.collect,
        estimate,
        days: service.days,
        freeOver: service.freeOver,
        cover: service.cover,
      },
    ];
  }).sort((a, b) => a.price - b.price);
}

/**
 * The answer for an order paid on Monday 30 November 2026 before the 14:00 cut-off: dispatched
 * that day, the demo services' dates counted from it.
 */
export const MONDAY_MORNING: DeliveryAnswer = {
  services: demoOffers({
    'tracked-48': { dispatch: '2026-11-30', from: '2026-12-02', to: '2026-12-03' },
    'tracked-24': { dispatch: '2026-11-30', from: '2026-12-01', to: '2026-12-02' },
    'special-delivery': { dispatch: '2026-11-30', from: '2026-12-01', to: '2026-12-01' },
    collect: { dispatch: '2026-11-30', from: '2026-11-30', to: '2026-11-30' },
  }),
  dispatchCutOff: '2026-11-30T14:00:00.000Z',
  holiday: null,
  banner: null,
  collection: {
    address: '1 Example Street, Bristol BS1 4DJ',
    instructions: 'Bring the order number.',
  },
  handlingDays: 0,
  returns: { days: 14, freeReturns: false },
};

/** The same after the cut-off: taken on Tuesday 1 December, and dispatched then. */
export const MONDAY_AFTERNOON: DeliveryAnswer = {
  ...MONDAY_MORNING,
  services: demoOffers({
    'tracked-48': { dispatch: '2026-12-01', from: '2026-12-03', to: '2026-12-04' },
    'tracked-24': { dispatch: '2026-12-01', from: '2026-12-02', to: '2026-12-03' },
    'special-delivery': { dispatch: '2026-12-01', from: '2026-12-02', to: '2026-12-02' },
    collect: { dispatch: '2026-12-01', from: '2026-12-01', to: '2026-12-01' },
  }),
  dispatchCutOff: '2026-12-01T14:00:00.000Z',
};
