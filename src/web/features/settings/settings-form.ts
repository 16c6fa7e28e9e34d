import type { UseFormReturn } from 'react-hook-form';
import * as z from 'zod';
import {
  checkAcrossSections,
  giftWrapSettingsSchema,
  lowStockSchema,
  remindersSettingsSchema,
  returnsSettingsSchema,
  settingsSectionsSchema,
  vatSettingsSchema,
  type Settings,
  type SettingsSections,
} from '../../../shared/settings/settings';
import { giftCardSettingsSchema } from '../../../shared/gift-cards/gift-cards';
import { newsletterSettingsSchema } from '../../../shared/newsletters/newsletters';
import { typedNumber } from '../../back-office/admin-forms';
import {
  bannerFormSchema,
  collectionFormSchema,
  deliveryFormSchema,
  deliveryValuesOf,
  dispatchFormSchema,
  holidayFormSchema,
} from './delivery-form';

/**
 * The settings form's schema: the API's own sections, with the numbers as the text fields hold
 * them, so the form and the server say the same words. On the standard scheme a flat rate typed
 * before the scheme was changed is dropped, as its field is no longer shown.
 */
export const settingsFormSchema = settingsSectionsSchema
  .extend({
    giftWrap: z.object({
      price: typedNumber(
        'Please enter what gift wrap costs (0 offers none)',
        giftWrapSettingsSchema.shape.price,
      ),
    }),
    lowStock: typedNumber('Please enter how few left counts as low', lowStockSchema),
    vat: z
      .object({
        stagger: z.string().transform(Number),
        scheme: z.string(),
        flatRate: z.string().trim(),
      })
      .transform(({ stagger, scheme, flatRate }) => ({
        stagger,
        scheme,
        flatRate: scheme === 'standard' || flatRate === '' ? null : Number(flatRate),
      }))
      .pipe(vatSettingsSchema),
    returns: returnsSettingsSchema.extend({
      days: typedNumber(
        'Please enter how many days customers have to ask for a return',
        returnsSettingsSchema.shape.days,
      ),
    }),
    dispatch: dispatchFormSchema,
    banner: bannerFormSchema,
    holiday: holidayFormSchema,
    delivery: deliveryFormSchema,
    collection: collectionFormSchema,
    giftCards: giftCardSettingsSchema.extend({
      months: typedNumber(
        'Please enter how many months a gift card lasts',
        giftCardSettingsSchema.shape.months,
      ),
    }),
    reminders: z.object({
      // Typed as "60, 1440, 4320": what is wrong with any one of them is said by the field.
      afterMinutes: z.string().transform((typed, context) => {
        const minutes = typed
          .split(',')
          .map((each) => each.trim())
          .filter((each) => each !== '')
          .map(Number);
        const checked = remindersSettingsSchema.shape.afterMinutes.safeParse(minutes);
        if (checked.success) return checked.data;
        context.addIssue({
          code: 'custom',
          message:
            checked.error.issues[0]?.message ?? 'Say after how many minutes each reminder goes',
        });
        return z.NEVER;
      }),
    }),
    newsletter: z.object({
      perMinute: typedNumber(
        'Please enter how many newsletter mails may go a minute',
        newsletterSettingsSchema.shape.perMinute,
      ),
    }),
  })
  // Said once the delivery services and the collection point are each right in themselves.
  .superRefine(checkAcrossSections, {
    when: ({ issues }) =>
      !issues.some(({ path = [] }) => path[0] === 'delivery' || path[0] === 'collection'),
  });
export type SettingsFormValues = z.input<typeof settingsFormSchema>;
export type SettingsFormApi = UseFormReturn<
  SettingsFormValues,
  unknown,
  z.output<typeof settingsFormSchema>
>;

/** The settings as the form's fields hold them. */
export function valuesOf(settings: Settings): SettingsFormValues {
  return {
    shop: settings.shop,
    reviews: settings.reviews,
    payments: settings.payments,
    giftCards: { ...settings.giftCards, months: String(settings.giftCards.months) },
    giftWrap: { price: settings.giftWrap.price.toFixed(2) },
    lowStock: String(settings.lowStock),
    vat: {
      stagger: String(settings.vat.stagger),
      scheme: settings.vat.scheme,
      flatRate: settings.vat.flatRate === null ? '' : String(settings.vat.flatRate),
    },
    returns: { ...settings.returns, days: String(settings.returns.days) },
    reminders: { afterMinutes: settings.reminders.afterMinutes.join(', ') },
    newsletter: { perMinute: String(settings.newsletter.perMinute) },
    ...deliveryValuesOf(settings),
  };
}

/** The form's fields, by the names the API's error paths give them (`shop.email`). */
const FIELD_NAMES = [
  'shop.name',
  'shop.legalName',
  'shop.address',
  'shop.email',
  'shop.phone',
  'shop.vatNumber',
  'shop.companyNumber',
  'giftWrap.price',
  'lowStock',
  'vat.stagger',
  'vat.scheme',
  'vat.flatRate',
  'returns.days',
  'returns.freeReturns',
  'reviews.holdNew',
  'dispatch.days',
  'dispatch.cutOff',
  'dispatch.handlingDays',
  'dispatch.closed',
  'banner.text',
  'banner.from',
  'banner.to',
  'holiday.from',
  'holiday.to',
  'holiday.message',
  'holiday.pauseCheckout',
  'delivery.services',
  'collection',
  'collection.address',
  'collection.instructions',
  'payments.card',
  'payments.applePay',
  'payments.googlePay',
  'payments.payLaterMessages',
  'payments.threeDS',
  'payments.acceptNoLiabilityShift',
  'payments.applePayDomainFile',
  'giftCards.months',
  'giftCards.vat',
  'reminders.afterMinutes',
  'newsletter.perMinute',
] as const satisfies readonly `${keyof SettingsSections}${string}`[];

/** The fields of each delivery service's card, by the names after `delivery.services.<n>.`. */
const SERVICE_FIELDS = [
  'id',
  'name',
  'description',
  'price',
  'freeOver',
  'maxItems',
  'maxWeightGrams',
  'days.min',
  'days.max',
  'tracked',
  'signed',
  'cover',
  'collect',
  'active',
  'serviceCode',
] as const;

export type SettingsFieldName =
  | (typeof FIELD_NAMES)[number]
  | `delivery.services.${number}.${(typeof SERVICE_FIELDS)[number]}`
  | `dispatch.closed.${number}.day`;

const isOneOf = <Name extends string>(names: readonly Name[], name: string): name is Name =>
  (names as readonly string[]).includes(name);

/** The field an exact API error path names, if the form has it. */
function fieldAt(path: string): SettingsFieldName | undefined {
  if (isOneOf(FIELD_NAMES, path)) return path;
  const service = /^delivery\.services\.(\d+)\.(.+)$/.exec(path);
  if (
    service?.[1] !== undefined &&
    service[2] !== undefined &&
    isOneOf(SERVICE_FIELDS, service[2])
  ) {
    return `delivery.services.${Number(service[1])}.${service[2]}`;
  }
  // A closed day is a row of its own in the form (`dispatch.closed.2.day`).
  const closed = /^dispatch\.closed\.(\d+)$/.exec(path);
  if (closed?.[1] !== undefined) return `dispatch.closed.${Number(closed[1])}.day`;
  return undefined;
}

/**
 * The field that shows an error the API gives at `path`: the field itself, or the nearest that
 * holds it, so a posting day (`dispatch.days.0`) shows by the posting days.
 */
export function settingsFieldOf(path: string): SettingsFieldName | undefined {
  for (let at = path; at !== ''; at = at.includes('.') ? at.slice(0, at.lastIndexOf('.')) : '') {
    const field = fieldAt(at);
    if (field) return field;
  }
  return undefined;
}
