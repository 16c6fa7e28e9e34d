import * as z from 'zod';
import { isCleanText } from '../text';

/** The shop delivers in the United Kingdom only; `UK` and `GB` are taken to mean it. */
export const UK = 'United Kingdom';
const UK_NAMES = new Set(['united kingdom', 'uk', 'gb', 'great britain', 'u.k.', 'britain']);

/** Outward code, then inward code (digit and two letters); also the Girobank's GIR 0AA. */
const UK_POSTCODE = /^(GIR0AA|[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2})$/;

/** `bs14dj` → `BS1 4DJ`; anything that is not a UK postcode → undefined. */
export function normalisePostcode(value: string): string | undefined {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  if (!UK_POSTCODE.test(compact)) return undefined;
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/** A delivery address as the API answers it: every part, empty when not given. */
export const shippingAddressSchema = z.object({
  name: z.string(),
  address: z.string(),
  line2: z.string(),
  city: z.string(),
  county: z.string(),
  postalCode: z.string(),
  country: z.string(),
  phone: z.string(),
});

/** `BS1 4DJ` → `BS1`: the district, which says roughly where without saying which street. */
export function outwardCode(postcode: string): string {
  const compact = postcode.replace(/\s+/g, '').toUpperCase();
  return compact.length > 3 ? compact.slice(0, -3) : compact;
}

function line(label: string, { required, max }: { required: boolean; max: number }) {
  const text = z
    .string({ error: `Please enter ${label}` })
    .trim()
    .max(max, `${label[0]?.toUpperCase()}${label.slice(1)} can be at most ${max} characters`)
    .refine((value) => isCleanText(value), `${label} holds a character that cannot be used`);
  return required ? text.min(1, `Please enter ${label}`) : text.optional().default('');
}

export const shippingAddressBodySchema = z.object(
  {
    /** Who the parcel is for: the buyer, or someone they are sending a gift to. */
    name: line("the recipient's name", { required: true, max: 100 }),
    address: line('the first line of the address', { required: true, max: 200 }),
    line2: line('the second line of the address', { required: false, max: 200 }),
    city: line('the town or city', { required: true, max: 100 }),
    county: line('the county', { required: false, max: 100 }),
    postalCode: z
      .string({ error: 'Please enter the postcode' })
      .trim()
      .min(1, 'Please enter the postcode')
      .max(10, 'That is not a UK postcode (for example SW1A 1AA)')
      .transform((value, context) => {
        const postcode = normalisePostcode(value);
        if (postcode === undefined) {
          context.addIssue({
            code: 'custom',
            message: 'That is not a UK postcode (for example SW1A 1AA)',
          });
          return z.NEVER;
        }
        return postcode;
      }),
    country: z
      .string({ error: 'We deliver to the United Kingdom only' })
      .trim()
      .optional()
      .transform((value, context) => {
        if (value === undefined || value === '' || UK_NAMES.has(value.toLowerCase())) return UK;
        context.addIssue({
          code: 'custom',
          message: 'Sorry, we deliver to addresses in the United Kingdom only',
        });
        return z.NEVER;
      }),
    phone: z
      .string({ error: 'Please enter a phone number' })
      .trim()
      .max(20, 'That phone number is too long')
      .refine((value) => value === '' || /^\+?[\d\s()-]{7,20}$/.test(value), {
        error: 'A phone number can use digits, spaces, + ( ) and - only',
      })
      .optional()
      .default(''),
  },
  { error: 'Please enter the delivery address' },
);
/**
 * Who an order is for and where, as a payment or an order takes it: a collect order needs no
 * street (the name and a phone number to call when it is ready); an order sent needs the whole
 * address, which the server checks once it knows the service chosen (see `addressForDelivery`).
 */
export const orderAddressBodySchema = shippingAddressBodySchema.partial({
  address: true,
  city: true,
  postalCode: true,
});
export type OrderAddressBody = z.output<typeof orderAddressBodySchema>;

/** What is missing from an address for the service chosen: each with its field and words. */
export function missingForDelivery(
  address: OrderAddressBody,
  collect: boolean,
): { path: string; message: string }[] {
  const needed: [keyof OrderAddressBody, string][] = collect
    ? [['phone', 'Please enter a phone number, so that we can call you when it is ready']]
    : [
        ['address', 'Please enter the first line of the address'],
        ['city', 'Please enter the town or city'],
        ['postalCode', 'Please enter the postcode'],
      ];
  return needed
    .filter(([part]) => !address[part])
    .map(([part, message]) => ({ path: `shippingAddress.${part}`, message }));
}

/** The address as typed. */
export type ShippingAddressInput = z.input<typeof shippingAddressBodySchema>;
/** The address as the shop keeps it: trimmed, postcode normalised, country the United Kingdom. */
export type ShippingAddress = z.output<typeof shippingAddressBodySchema>;

/** The lines of an address as a label or a mail shows them, blanks left out. */
export function addressLines(address: ShippingAddress): string[] {
  return [
    address.name,
    address.address,
    address.line2,
    address.city,
    address.county,
    address.postalCode,
    address.country,
  ].filter((part) => part !== '');
}
