import type { UseFormReturn } from 'react-hook-form';
import * as z from 'zod';
import {
  giftWrapSettingsSchema,
  lowStockSchema,
  returnsSettingsSchema,
  settingsSectionsSchema,
  vatSettingsSchema,
  type Settings,
  type SettingsSections,
} from '../../../../shared/settings';
import { typedNumber } from '../admin-forms';

/**
 * The settings form's schema: the API's own sections, with the numbers as the text fields hold
 * them, so the form and the server say the same words. On the standard scheme a flat rate typed
 * before the scheme was changed is dropped, as its field is no longer shown.
 */
export const settingsFormSchema = settingsSectionsSchema.extend({
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
    giftWrap: { price: settings.giftWrap.price.toFixed(2) },
    lowStock: String(settings.lowStock),
    vat: {
      stagger: String(settings.vat.stagger),
      scheme: settings.vat.scheme,
      flatRate: settings.vat.flatRate === null ? '' : String(settings.vat.flatRate),
    },
    returns: { ...settings.returns, days: String(settings.returns.days) },
    dispatch: settings.dispatch,
    banner: settings.banner,
    holiday: settings.holiday,
    delivery: settings.delivery,
    collection: settings.collection,
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
] as const satisfies readonly `${keyof SettingsSections}${string}`[];
export type SettingsFieldName = (typeof FIELD_NAMES)[number];

export const isSettingsField = (path: string): path is SettingsFieldName =>
  (FIELD_NAMES as readonly string[]).includes(path);
