/**
 * When a new order should arrive. The shop dispatches within 1-2 working days of the order, and the
 * courier delivers 2-3 working days after dispatch; weekends are not working days (bank holidays
 * are not counted here, so the dates are a guide, as the page says).
 */
export const DISPATCH_WORKING_DAYS = { fewest: 1, most: 2 } as const;
export const DELIVERY_WORKING_DAYS = { fewest: 2, most: 3 } as const;

const SHOP_TIME_ZONE = 'Europe/London';

const calendarParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

/** The day in the UK on which an instant falls, held as midnight UTC of that date. */
export function ukDay(at: Date): Date {
  const parts = calendarParts.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((candidate) => candidate.type === type)?.value);
  return new Date(Date.UTC(part('year'), part('month') - 1, part('day')));
}

const isWeekend = (day: Date) => day.getUTCDay() === 0 || day.getUTCDay() === 6;

/** The day `count` working days after `day` (a Saturday order's first working day is Monday). */
export function addWorkingDays(day: Date, count: number): Date {
  const next = new Date(day);
  for (let left = count; left > 0;) {
    next.setUTCDate(next.getUTCDate() + 1);
    if (!isWeekend(next)) left -= 1;
  }
  return next;
}

export interface DeliveryWindow {
  earliest: Date;
  latest: Date;
}

/** The first and last day an order placed at `orderedAt` should arrive on. */
export function deliveryWindow(orderedAt: string | Date): DeliveryWindow {
  const ordered = ukDay(new Date(orderedAt));
  return {
    earliest: addWorkingDays(ordered, DISPATCH_WORKING_DAYS.fewest + DELIVERY_WORKING_DAYS.fewest),
    latest: addWorkingDays(ordered, DISPATCH_WORKING_DAYS.most + DELIVERY_WORKING_DAYS.most),
  };
}

/** The first and last day a parcel dispatched at `dispatchedAt` should arrive on. */
export function arrivalWindow(dispatchedAt: string | Date): DeliveryWindow {
  const dispatched = ukDay(new Date(dispatchedAt));
  return {
    earliest: addWorkingDays(dispatched, DELIVERY_WORKING_DAYS.fewest),
    latest: addWorkingDays(dispatched, DELIVERY_WORKING_DAYS.most),
  };
}

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

/** A day of a delivery window as a shopper reads it: `Thursday 5 March`. */
export const formatDeliveryDay = (day: Date): string => dayFormat.format(day);
