import * as z from 'zod';
import { SHELVES } from '../catalog/shelves';
import { OFFER_KINDS, type OfferKind } from '../orders/discounts';
import { poundsSchema } from '../pounds';

// What vouchers and promotions both take off, and where: the fields they share, as the back
// office sends and the API answers them (money in pounds).

export const OFFER_KIND_WORDS: Record<OfferKind, string> = {
  amount: 'An amount off',
  percent: 'A percentage off',
  delivery: 'Free delivery',
};

const idListOf = (what: string, max: number) =>
  z
    .array(
      z
        .string({ error: `Each ${what} is named by its id` })
        .min(1)
        .max(64),
      {
        error: `The ${what}s are a list`,
      },
    )
    .max(max, `At most ${max} ${what}s`);

/** Where an offer applies: shelves (a category or a department) and products; both empty: all. */
export const appliesToSchema = z
  .object(
    {
      categories: z
        .array(z.enum(SHELVES, { error: `Shelves are ${SHELVES.join(', ')}` }), {
          error: 'The shelves are a list',
        })
        .max(SHELVES.length)
        .optional()
        .default([]),
      products: idListOf('product', 200).optional().default([]),
    },
    { error: 'Where it applies is given as { categories, products }' },
  )
  .nullish()
  .transform((appliesTo) => appliesTo ?? { categories: [], products: [] });

export type AppliesTo = z.infer<typeof appliesToSchema>;

/** The fields an offer is made of, as a form sends them. */
export const offerFieldsSchema = z.object({
  kind: z
    .enum(OFFER_KINDS, { error: 'The kind must be amount, percent or delivery' })
    .optional()
    .default('amount'),
  /** `amount`: pounds off. */
  discount: poundsSchema('The discount', {
    aboveZero: false,
    // £0.00 stands for none, on a kind that takes no amount; an amount off needs more (below).
    negative: 'The discount must be more than £0.00',
  }).nullish(),
  /** `percent`: 1 to 100. */
  percent: z
    .number({ error: 'The percentage must be a number' })
    .int('The percentage must be a whole number')
    .min(1, 'The percentage must be from 1 to 100')
    .max(100, 'The percentage must be from 1 to 100')
    .nullish(),
  /** `percent`: the most it takes off, in pounds; absent or null for no cap. */
  cap: poundsSchema('The cap', { aboveZero: true }).nullish(),
  /** `delivery`: the services it takes the price of; empty for any. */
  services: idListOf('delivery service', 20).nullish(),
  appliesTo: appliesToSchema,
  /** What the lines it applies to must come to; absent or null for none. */
  minSpend: poundsSchema('The minimum spend', { aboveZero: false }).nullish(),
});

/**
 * What an offer needs besides its kind: an amount needs a discount above £0; a percentage needs
 * its percent; a cap belongs to a percentage alone, services to free delivery alone. Said under
 * the field at fault.
 */
export function checkOfferFields(
  offer: z.infer<typeof offerFieldsSchema>,
  context: { addIssue: (issue: { code: 'custom'; message: string; path: string[] }) => void },
) {
  const fault = (path: string, message: string) =>
    context.addIssue({ code: 'custom', message, path: [path] });
  if (offer.kind === 'amount' && !(offer.discount && offer.discount > 0)) {
    fault('discount', 'The discount must be more than £0.00');
  }
  if (offer.kind === 'percent' && (offer.percent === undefined || offer.percent === null)) {
    fault('percent', 'Please give the percentage off, from 1 to 100');
  }
  if (offer.kind !== 'percent' && offer.cap !== undefined && offer.cap !== null) {
    fault('cap', 'Only a percentage off takes a cap');
  }
  if (offer.kind !== 'delivery' && (offer.services?.length ?? 0) > 0) {
    fault('services', 'Only free delivery is limited to services');
  }
}

/** An offer as the API answers it. */
export const offerSchema = z.object({
  kind: z.enum(OFFER_KINDS),
  discount: z.number(),
  percent: z.number().int().nullable(),
  cap: z.number().nullable(),
  services: z.array(z.string()),
  appliesTo: z.object({ categories: z.array(z.string()), products: z.array(z.string()) }),
  minSpend: z.number().nullable(),
});
export type Offer = z.infer<typeof offerSchema>;

/** What an offer takes off, in a few words: `£5.00 off`, `10% off (up to £20.00)`, `Free delivery`. */
export function offerWords(offer: Pick<Offer, 'kind' | 'discount' | 'percent' | 'cap'>): string {
  if (offer.kind === 'delivery') return 'Free delivery';
  if (offer.kind === 'percent') {
    const cap = offer.cap === null ? '' : ` (up to £${offer.cap.toFixed(2)})`;
    return `${offer.percent ?? 0}% off${cap}`;
  }
  return `£${offer.discount.toFixed(2)} off`;
}
