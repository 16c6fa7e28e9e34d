import * as z from 'zod';
import {
  bannerSchema,
  collectionSchema,
  deliverySettingsSchema,
  dispatchSettingsSchema,
  holidaySchema,
} from '../delivery/delivery-settings';
import { giftCardSettingsSchema } from '../gift-cards/gift-cards';
import { newsletterSettingsSchema } from '../newsletters/newsletters';
import { paymentSettingsSchema } from '../payments/payment-methods';
import { poundsSchema } from '../pounds';
import { FLAT_RATE_HIGHEST, FLAT_RATE_LOWEST, VAT_SCHEMES, VAT_STAGGERS } from '../reports/vat';

// What the owner changes while trading, in one document kept in the database and edited at
// /admin/settings: who sells, what gift wrap costs, when stock is low, the VAT scheme, returns and
// reviews. `GET /api/settings` answers it; `PUT /api/settings` replaces it whole. Each section is
// a key of its own, so a later one (delivery, a banner) joins with a value of its own for
// documents saved before it.

export const SETTINGS_ERRORS = { SETTINGS_CHANGED: 409 } as const;

/** Said when a save carries a version another save has moved past. */
export const SETTINGS_CHANGED_MESSAGE =
  'Someone saved the settings after you opened them: load them again, then make your change.';

/** Words typed in a box: trimmed, 1 to `max` characters. */
function textSchema(label: string, max: number) {
  return z
    .string({ error: `Please enter ${label}` })
    .trim()
    .min(1, `Please enter ${label}`)
    .max(max, `That ${label.replace(/^(a|an|the) /, '')} is too long (${max} characters at most)`);
}

/** A UK VAT number: GB and 9 digits, or 12 for a branch of a group, spaced or not. */
export const UK_VAT_NUMBER = /^GB ?(\d{3} ?\d{4} ?\d{2}( ?\d{3})?)$/;

/** Who sells, as the law asks a distance seller to say: the footer, contact page, mails, receipts. */
export const shopDetailsSchema = z.object({
  name: textSchema("the shop's name", 100),
  legalName: textSchema('the legal name', 200),
  address: textSchema('the address', 300),
  email: z
    .string({ error: 'Please enter an email address' })
    .trim()
    .max(254, 'That email address is too long')
    .pipe(z.email({ error: 'Please enter a valid email address' })),
  phone: textSchema('a phone number', 40),
  vatNumber: z
    .string({ error: 'Please enter the VAT number' })
    .trim()
    .regex(UK_VAT_NUMBER, 'Please enter a UK VAT number such as GB 123 4567 89'),
  companyNumber: textSchema('the company number', 20),
});
export type ShopDetails = z.infer<typeof shopDetailsSchema>;

/** The most gift wrap may cost, as `GIFT_WRAP_PRICE` allows. */
export const GIFT_WRAP_HIGHEST = 99.99;

export const giftWrapSettingsSchema = z.object({
  /** VAT included; 0 offers no gift wrap. */
  price: poundsSchema('The gift wrap price', { aboveZero: false }).max(
    GIFT_WRAP_HIGHEST,
    `The gift wrap price can be at most £${GIFT_WRAP_HIGHEST.toFixed(2)}`,
  ),
});

/** With this many left or fewer (but some), the desk lists a variant as running low. */
export const lowStockSchema = z
  .number({ error: 'Low stock must be a number of items' })
  .int('Low stock must be a whole number of items')
  .min(0, 'Low stock must be 0 (list only what is sold out and waited for) or more')
  .max(10_000, 'Low stock must be at most 10000');

/**
 * The VAT return: the quarters HMRC gave the business, and its scheme. A flat rate belongs to the
 * flat rate scheme alone: one given with the standard scheme is refused rather than kept unread,
 * since whoever gave it believes the return is worked out with it.
 */
export const vatSettingsSchema = z
  .object({
    stagger: z.literal(VAT_STAGGERS, {
      error:
        'The VAT quarters are 1 (ending March, June, September and December), ' +
        '2 (April, July, October and January) or 3 (May, August, November and February)',
    }),
    scheme: z.enum(VAT_SCHEMES, { error: 'The VAT scheme is standard or flat-rate' }),
    flatRate: z
      .number({ error: 'The flat rate must be a percentage such as 7.5' })
      .refine((rate) => Math.abs(Math.round(rate * 100) - rate * 100) < 1e-6, {
        error: 'The flat rate can have at most two decimals',
      })
      .min(FLAT_RATE_LOWEST, `The flat rate must be at least ${FLAT_RATE_LOWEST}%`)
      .max(FLAT_RATE_HIGHEST, `The flat rate must be at most ${FLAT_RATE_HIGHEST}%`)
      .nullable(),
  })
  .superRefine(({ scheme, flatRate }, context) => {
    if (scheme === 'flat-rate' && flatRate === null) {
      context.addIssue({
        code: 'custom',
        path: ['flatRate'],
        message: 'The flat rate scheme needs the percentage HMRC gave the business',
      });
    }
    if (scheme === 'standard' && flatRate !== null) {
      context.addIssue({
        code: 'custom',
        path: ['flatRate'],
        message: 'A flat rate is kept only on the flat rate scheme: leave it empty',
      });
    }
  });

/** The law's 14 days are the least a shop may give. */
export const RETURN_DAYS_LEAST = 14;

export const returnsSettingsSchema = z.object({
  /** How many days after delivery a customer may ask to return an order. */
  days: z
    .number({ error: 'The return window must be a number of days' })
    .int('The return window must be a whole number of days')
    .min(RETURN_DAYS_LEAST, `The return window must be at least ${RETURN_DAYS_LEAST} days`)
    .max(365, 'The return window can be at most 365 days'),
  /** Whether the shop pays for the parcel back. */
  freeReturns: z.boolean({ error: 'Free returns is yes or no' }),
});

export const reviewsSettingsSchema = z.object({
  /** New reviews wait, unseen by shoppers, until an admin shows them. */
  holdNew: z.boolean({ error: 'Holding new reviews is yes or no' }),
});

/** A reminder waits at least a minute after the basket last changed, and at most 30 days. */
export const REMINDER_MINUTES_MOST = 30 * 24 * 60;
export const REMINDERS_MOST = 3;

export const remindersSettingsSchema = z.object({
  /**
   * When basket reminders go, in minutes after the basket last changed: at most three, each later
   * than the one before; none sends no reminders.
   */
  afterMinutes: z
    .array(
      z
        .number({ error: 'Each reminder waits a number of minutes' })
        .int('Each reminder waits a whole number of minutes')
        .min(1, 'Each reminder waits at least 1 minute')
        .max(REMINDER_MINUTES_MOST, 'A reminder waits 30 days at most'),
      { error: 'Say after how many minutes each reminder goes' },
    )
    .max(REMINDERS_MOST, `At most ${REMINDERS_MOST} reminders`)
    .refine(
      (minutes) =>
        minutes.every((after, index) => index === 0 || after > (minutes[index - 1] ?? 0)),
      'Each reminder goes later than the one before',
    ),
});
export type RemindersSettings = z.infer<typeof remindersSettingsSchema>;

/** A new shop reminds after an hour, a day and three days. */
export const NEW_SHOP_REMINDERS: RemindersSettings = { afterMinutes: [60, 1440, 4320] };

/** The sections of the document, each a key of its own. */
export const settingsSectionsSchema = z.object({
  shop: shopDetailsSchema,
  giftWrap: giftWrapSettingsSchema,
  lowStock: lowStockSchema,
  vat: vatSettingsSchema,
  returns: returnsSettingsSchema,
  reviews: reviewsSettingsSchema,
  dispatch: dispatchSettingsSchema,
  banner: bannerSchema,
  holiday: holidaySchema,
  delivery: deliverySettingsSchema,
  collection: collectionSchema,
  payments: paymentSettingsSchema,
  giftCards: giftCardSettingsSchema,
  reminders: remindersSettingsSchema,
  newsletter: newsletterSettingsSchema,
});
export type SettingsSections = z.infer<typeof settingsSectionsSchema>;

/** Rules across sections: a collect service offered needs a collection point to name. */
export function checkAcrossSections(
  { delivery, collection }: Pick<SettingsSections, 'delivery' | 'collection'>,
  context: z.core.$RefinementCtx,
): void {
  const collecting = delivery.services.findIndex((service) => service.collect && service.active);
  if (collecting >= 0 && collection === null) {
    context.addIssue({
      code: 'custom',
      path: ['collection'],
      message: 'A click and collect service is offered: say where to collect from',
    });
  }
}

/**
 * The whole document, as `GET /api/settings` answers it and `PUT /api/settings` takes it:
 * `version` is the one it was read at, which a save must still carry.
 */
export const settingsSchema = settingsSectionsSchema
  .extend({
    version: z
      .number({ error: 'Send the version the settings were read at' })
      .int('The version is a whole number')
      .min(1, 'The version is a whole number from 1'),
  })
  .superRefine(checkAcrossSections);
export type Settings = z.infer<typeof settingsSchema>;
