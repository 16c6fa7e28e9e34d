import * as z from 'zod';
import {
  bannerSchema,
  collectionSchema,
  daySchema,
  deliveryServiceSchema,
  deliverySettingsSchema,
  dispatchSettingsSchema,
  holidaySchema,
  type DeliveryService,
} from '../../../shared/delivery/delivery-settings';
import type { Settings } from '../../../shared/settings/settings';
import { optionalNumber, typedNumber } from '../../back-office/admin-forms';
import { serviceIds } from './service-ids';

// The settings form's delivery sections: the API's own schemas, with numbers as the text fields
// hold them, blank optional ones as null, and the sections that may be off (a holiday, a banner, a
// collection point) as a switch and fields kept while it is off, so turning it back on finds them.

const dispatch = dispatchSettingsSchema.shape;
const service = deliveryServiceSchema.shape;
const servicesSchema = deliverySettingsSchema.shape.services;

export const dispatchFormSchema = dispatchSettingsSchema.extend({
  /** The ticked weekdays' boxes, `'1'` (Monday) to `'7'`. */
  days: z
    .array(z.string())
    .transform((days) => days.map(Number).sort((a, b) => a - b))
    .pipe(dispatch.days),
  handlingDays: typedNumber('Please enter the handling days (0 for none)', dispatch.handlingDays),
  /** Rows of their own, as react-hook-form lists need. */
  closed: z
    .array(z.object({ day: daySchema('A closed day') }))
    .transform((rows) => rows.map((row) => row.day))
    .pipe(dispatch.closed),
});

/** A section the owner may turn off: its fields, unread while its switch is off. */
const unlessOff = <Fields extends { on: boolean }>({ on, ...fields }: Fields) =>
  on ? fields : null;

export const bannerFormSchema = z
  .object({ on: z.boolean(), text: z.string(), from: z.string(), to: z.string() })
  .transform(unlessOff)
  .pipe(bannerSchema);

export const holidayFormSchema = z
  .object({
    on: z.boolean(),
    from: z.string(),
    to: z.string(),
    message: z.string(),
    pauseCheckout: z.boolean(),
  })
  .transform(unlessOff)
  .pipe(holidaySchema);

export const collectionFormSchema = z
  .object({ on: z.boolean(), address: z.string(), instructions: z.string() })
  .transform(unlessOff)
  .pipe(collectionSchema);

/** A blank field is none (null); anything else is judged by the API's rule. */
const optionalText = (schema: z.ZodType<string | null, string | null>) =>
  z
    .string()
    .trim()
    .transform((text) => (text === '' ? null : text))
    .pipe(schema);

/** A service as its card holds it; `id` is blank until it is first saved. */
const serviceFormSchema = deliveryServiceSchema.extend({
  id: z.string(),
  price: typedNumber('Please enter the price (0 for free)', service.price),
  freeOver: optionalNumber(service.freeOver.unwrap()),
  maxItems: optionalNumber(service.maxItems.unwrap()),
  maxWeightGrams: optionalNumber(service.maxWeightGrams.unwrap()),
  days: z
    .object({
      min: typedNumber('Please enter the fewest days', service.days.shape.min),
      max: typedNumber('Please enter the most days', service.days.shape.max),
    })
    .pipe(service.days),
  cover: optionalNumber(service.cover.unwrap()),
  serviceCode: optionalText(service.serviceCode.unwrap()),
});

export const deliveryFormSchema = z.object({
  services: z
    .array(serviceFormSchema)
    .transform((services): z.input<typeof servicesSchema> => {
      const ids = serviceIds(services);
      return services.map((each, index) => ({ ...each, id: ids[index] ?? each.id }));
    })
    .pipe(servicesSchema),
});

export type ServiceFormValues = z.input<typeof serviceFormSchema>;

const pounds = (amount: number | null) => (amount === null ? '' : amount.toFixed(2));
const count = (amount: number | null) => (amount === null ? '' : String(amount));

function serviceValuesOf(each: DeliveryService): ServiceFormValues {
  return {
    ...each,
    price: each.price.toFixed(2),
    freeOver: pounds(each.freeOver),
    maxItems: count(each.maxItems),
    maxWeightGrams: count(each.maxWeightGrams),
    days: { min: String(each.days.min), max: String(each.days.max) },
    cover: pounds(each.cover),
    serviceCode: each.serviceCode ?? '',
  };
}

/** A service added in the form: offered, untracked, and the rest for the owner to fill. */
export const NEW_SERVICE: ServiceFormValues = {
  id: '',
  name: '',
  description: '',
  price: '',
  freeOver: '',
  maxItems: '',
  maxWeightGrams: '',
  days: { min: '', max: '' },
  tracked: false,
  signed: false,
  cover: '',
  collect: false,
  active: true,
  serviceCode: '',
};

/** The delivery sections as the form's fields hold them. */
export function deliveryValuesOf({
  dispatch: { days, cutOff, handlingDays, closed },
  banner,
  holiday,
  delivery,
  collection,
}: Settings) {
  return {
    dispatch: {
      days: days.map(String),
      cutOff,
      handlingDays: String(handlingDays),
      closed: closed.map((day) => ({ day })),
    },
    banner: banner ? { on: true, ...banner } : { on: false, text: '', from: '', to: '' },
    holiday: holiday
      ? { on: true, ...holiday }
      : { on: false, from: '', to: '', message: '', pauseCheckout: false },
    delivery: { services: delivery.services.map(serviceValuesOf) },
    collection: collection
      ? { on: true, ...collection }
      : { on: false, address: '', instructions: '' },
  };
}
