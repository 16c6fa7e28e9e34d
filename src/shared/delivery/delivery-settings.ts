import * as z from 'zod';
import { poundsSchema } from '../pounds';

// Delivery as the owner sets it in the settings document: the days the shop posts and its cut-off,
// a holiday, a banner, the services on offer and where shoppers collect from; and the demo's.

/** A calendar day in the UK, `YYYY-MM-DD`. */
export const daySchema = (label: string) =>
  z
    .string({ error: `${label} must be a date such as 2026-12-24` })
    .regex(/^20\d\d-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, {
      error: `${label} must be a date such as 2026-12-24`,
    })
    .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && validDay(day), {
      error: `${label} is not a day of the calendar`,
    });

/** Whether `YYYY-MM-DD` names a day that exists (not 31 April). */
function validDay(day: string): boolean {
  const at = new Date(`${day}T00:00:00Z`);
  return at.toISOString().slice(0, 10) === day;
}

/** Words typed in a box: trimmed, 1 to `max` characters, on one line. */
function wordsSchema(label: string, max: number) {
  return z
    .string({ error: `Please enter ${label}` })
    .trim()
    .min(1, `Please enter ${label}`)
    .max(max, `${label[0]?.toUpperCase() ?? ''}${label.slice(1)} can be at most ${max} characters`);
}

/** From one day to another, both included, the second not before the first. */
const fromToRefinement = (span: { from: string; to: string }) => span.to >= span.from;

const FROM_TO_MESSAGE = { error: 'The last day cannot be before the first', path: ['to'] };

/** When the shop posts. */
export const dispatchSettingsSchema = z.object({
  /** ISO weekdays the shop posts on: 1 is Monday, 7 Sunday. */
  days: z
    .array(
      z
        .number({ error: 'Posting days are weekdays 1 (Monday) to 7 (Sunday)' })
        .int('Posting days are weekdays 1 (Monday) to 7 (Sunday)')
        .min(1, 'Posting days are weekdays 1 (Monday) to 7 (Sunday)')
        .max(7, 'Posting days are weekdays 1 (Monday) to 7 (Sunday)'),
      { error: 'Choose the days the shop posts on' },
    )
    .min(1, 'Choose at least one day the shop posts on')
    .max(7, 'A week has seven days')
    .refine((days) => new Set(days).size === days.length, 'Each posting day once'),
  /** `HH:MM`, UK time: an order paid at or after it goes on the next dispatch day. */
  cutOff: z
    .string({ error: 'The cut-off is a time such as 14:00' })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'The cut-off is a time such as 14:00'),
  /** Working days between the day an order is taken and the day it goes out. */
  handlingDays: z
    .number({ error: 'Handling days must be a number of days' })
    .int('Handling days must be a whole number of days')
    .min(0, 'Handling days cannot be negative')
    .max(10, 'Handling days can be at most 10'),
  /** Extra days the shop is shut and posts nothing. */
  closed: z
    .array(daySchema('A closed day'), { error: 'Closed days are a list of dates' })
    .max(366, 'At most 366 closed days')
    .refine((days) => new Set(days).size === days.length, 'Each closed day once'),
});

export type DispatchSettings = z.infer<typeof dispatchSettingsSchema>;

/** A message at the top of every storefront page from one day to another. */
export const bannerSchema = z
  .object({
    text: wordsSchema('the banner text', 200),
    from: daySchema('The first day'),
    to: daySchema('The last day'),
  })
  .refine(fromToRefinement, FROM_TO_MESSAGE)
  .nullable();

export type Banner = z.infer<typeof bannerSchema>;

/** The owner's holiday: nothing goes out from `from` to `to`, and checkout may pause. */
export const holidaySchema = z
  .object({
    from: daySchema('The first day'),
    to: daySchema('The last day'),
    message: wordsSchema('the message to shoppers', 300),
    pauseCheckout: z.boolean({ error: 'Pausing checkout is yes or no' }),
  })
  .refine(fromToRefinement, FROM_TO_MESSAGE)
  .nullable();

export type Holiday = z.infer<typeof holidaySchema>;

/** Where click and collect orders are picked up. */
export const collectionSchema = z
  .object({
    address: wordsSchema('the collection address', 300),
    instructions: z
      .string({ error: 'Collection instructions are words' })
      .trim()
      .max(500, 'Collection instructions can be at most 500 characters'),
  })
  .nullable();

export type Collection = z.infer<typeof collectionSchema>;

/** The most a parcel may weigh for the shop to send it: 30 kg. */
export const WEIGHT_GRAMS_MOST = 30_000;

export const weightGramsSchema = z
  .number({ error: 'The weight must be a number of grams' })
  .int('The weight must be a whole number of grams')
  .min(0, 'The weight cannot be negative')
  .max(WEIGHT_GRAMS_MOST, `The weight can be at most ${WEIGHT_GRAMS_MOST} grams (30 kg)`);

const nullablePounds = (label: string) =>
  poundsSchema(label, { aboveZero: true }).nullable().default(null);

/** One way of sending an order, as the owner sets it. */
export const deliveryServiceSchema = z.object({
  /** Kept by orders sold with it: `tracked-48`. */
  id: z
    .string({ error: 'A service needs an id such as tracked-48' })
    .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'A service id is lower-case letters, digits and dashes'),
  name: wordsSchema('the service name', 80),
  description: z
    .string({ error: 'A description is words' })
    .trim()
    .max(200, 'A description can be at most 200 characters')
    .default(''),
  /** VAT included. */
  price: poundsSchema('The price', { aboveZero: false }),
  /** The items total, after discounts, from which it costs nothing; null: never free. */
  freeOver: nullablePounds('Free over'),
  /** The most items a basket may hold for it to be offered; null: any. */
  maxItems: z
    .number({ error: 'The most items must be a number' })
    .int('The most items must be a whole number')
    .min(1, 'The most items must be at least 1')
    .max(10_000, 'The most items can be at most 10000')
    .nullable()
    .default(null),
  /** The heaviest basket it is offered for; null: any. */
  maxWeightGrams: weightGramsSchema
    .min(1, 'The weight limit must be at least 1 gram')
    .nullable()
    .default(null),
  /** Working days the carrier takes after dispatch, at the fewest and the most. */
  days: z
    .object({
      min: z
        .number({ error: 'Days must be a number' })
        .int('Days must be whole')
        .min(0, 'Days cannot be negative')
        .max(30, 'At most 30 days'),
      max: z
        .number({ error: 'Days must be a number' })
        .int('Days must be whole')
        .min(0, 'Days cannot be negative')
        .max(30, 'At most 30 days'),
    })
    .refine((days) => days.max >= days.min, {
      error: 'The most days cannot be fewer than the fewest',
      path: ['max'],
    }),
  tracked: z.boolean({ error: 'Tracked is yes or no' }),
  signed: z.boolean({ error: 'Signed for is yes or no' }),
  /** What the carrier pays if the parcel is lost; offered only while the items total at most it. */
  cover: nullablePounds('The cover'),
  /** Click and collect from the collection point: no delivery address. */
  collect: z.boolean({ error: 'Collection is yes or no' }),
  active: z.boolean({ error: 'Offered is yes or no' }),
  /**
   * The carrier's own code for it, written into the Royal Mail Click & Drop export (`TPN24`);
   * null: chosen in Click & Drop.
   */
  serviceCode: z
    .string({ error: 'A service code is letters and digits' })
    .trim()
    .regex(/^[A-Za-z0-9-]{1,20}$/, 'A service code is 1 to 20 letters and digits')
    .nullable()
    .default(null),
});

export type DeliveryService = z.infer<typeof deliveryServiceSchema>;

export const deliverySettingsSchema = z.object({
  services: z
    .array(deliveryServiceSchema, { error: 'The delivery services are a list' })
    .min(1, 'Keep at least one delivery service')
    .max(20, 'At most 20 delivery services')
    .refine(
      (services) => new Set(services.map((service) => service.id)).size === services.length,
      'Each service needs an id of its own',
    )
    .refine(
      (services) => services.some((service) => service.active),
      'Keep at least one delivery service offered',
    ),
});

export type DeliverySettings = z.infer<typeof deliverySettingsSchema>;

/** A new shop posts on weekdays, what is paid by 2pm going out that day. */
export const NEW_SHOP_DISPATCH: DispatchSettings = {
  days: [1, 2, 3, 4, 5],
  cutOff: '14:00',
  handlingDays: 0,
  closed: [],
};

/** The demo shop's, and a new shop's: Royal Mail's services and collection from the studio. */
export const DEMO_DELIVERY_SERVICES: DeliveryService[] = [
  {
    id: 'tracked-48',
    name: 'Royal Mail Tracked 48',
    description: 'Tracked, delivered in 2-3 working days',
    price: 3.95,
    freeOver: 60,
    maxItems: null,
    maxWeightGrams: null,
    days: { min: 2, max: 3 },
    tracked: true,
    signed: false,
    cover: 100,
    collect: false,
    active: true,
    serviceCode: 'TPS48',
  },
  {
    id: 'tracked-24',
    name: 'Royal Mail Tracked 24',
    description: 'Tracked, delivered the next working day or the one after',
    price: 4.95,
    freeOver: null,
    maxItems: null,
    maxWeightGrams: null,
    days: { min: 1, max: 2 },
    tracked: true,
    signed: false,
    cover: 100,
    collect: false,
    active: true,
    serviceCode: 'TPN24',
  },
  {
    id: 'special-delivery',
    name: 'Special Delivery Guaranteed by 1pm',
    description: 'Signed for, insured up to £750, guaranteed by 1pm the next working day',
    price: 9.95,
    freeOver: null,
    maxItems: null,
    maxWeightGrams: null,
    days: { min: 1, max: 1 },
    tracked: true,
    signed: true,
    cover: 750,
    collect: false,
    active: true,
    serviceCode: 'SD1',
  },
  {
    id: 'collect',
    name: 'Collect from the studio',
    description: 'Free: we email you when it is ready to collect',
    price: 0,
    freeOver: null,
    maxItems: null,
    maxWeightGrams: null,
    days: { min: 0, max: 0 },
    tracked: false,
    signed: false,
    cover: null,
    collect: true,
    active: true,
    serviceCode: null,
  },
];
