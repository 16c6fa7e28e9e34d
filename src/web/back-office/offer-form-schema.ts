import * as z from 'zod';
import { ApiError } from '../api/client';
import { isShelf } from '../../shared/catalog/shelves';
import type { OfferKind } from '../../shared/orders/discounts';
import {
  appliesToSchema,
  checkOfferFields,
  offerFieldsSchema,
  type Offer,
} from '../../shared/promotions/offers';
import { optionalNumber, poundsText, splitValues, typedNumber } from './admin-forms';

// The part of a voucher's and a promotion's forms that is an offer: what it takes off and where,
// as the text fields and ticks hold it, judged by the API's own rules.

const offerBody = offerFieldsSchema.shape;
const appliesToBody = appliesToSchema.in.unwrap().unwrap().shape;

/** The text fields only some kinds use, each judged by the API's rule when its kind is chosen. */
const kindText = {
  discount: typedNumber('Please enter the discount', offerBody.discount.unwrap().unwrap()),
  percent: optionalNumber(offerBody.percent.unwrap()),
  cap: optionalNumber(offerBody.cap.unwrap()),
};
const KIND_TEXT: Record<OfferKind, readonly (keyof typeof kindText)[]> = {
  amount: ['discount'],
  percent: ['percent', 'cap'],
  delivery: [],
};

/** Where an offer applies, as the form asks it: the whole order, or some shelves or products. */
export const APPLIES_TO_SCOPES = ['order', 'some'] as const;
const NOTHING_CHOSEN = 'Please tick a shelf or give a product, or choose the whole order';

const offerFields = z.object({
  kind: offerBody.kind.unwrap().unwrap(),
  discount: z.string(),
  percent: z.string(),
  cap: z.string(),
  services: offerBody.services.unwrap().unwrap(),
  scope: z.enum(APPLIES_TO_SCOPES),
  appliesTo: z.object({
    categories: appliesToBody.categories.unwrap().unwrap(),
    products: z.string().transform(splitValues).pipe(appliesToBody.products.unwrap().unwrap()),
  }),
  minSpend: optionalNumber(offerBody.minSpend.unwrap()),
});
type OfferFields = z.output<typeof offerFields>;

/** The offer a valid form sends: what its kind and scope use, the rest empty. */
function offerOf(form: OfferFields) {
  const { kind, services, scope, appliesTo, minSpend } = form;
  const uses = (name: keyof typeof kindText) => KIND_TEXT[kind].includes(name);
  return {
    kind,
    discount: uses('discount') ? kindText.discount.parse(form.discount) : null,
    percent: uses('percent') ? kindText.percent.parse(form.percent) : null,
    cap: uses('cap') ? kindText.cap.parse(form.cap) : null,
    services: kind === 'delivery' ? services : [],
    appliesTo: scope === 'order' ? { categories: [], products: [] } : appliesTo,
    minSpend,
  };
}

/**
 * What vouchers and promotions both take off, and where. Only the chosen kind's fields are judged
 * (a discount typed before choosing a percentage is kept, not sent); then `checkOfferFields`, the
 * server's own, so the form says what the server would.
 */
export const offerFormSchema = offerFields
  .superRefine(
    (form, context) => {
      const fault = (path: string[], message: string) =>
        context.addIssue({ code: 'custom', message, path });
      let judged = true;
      for (const name of KIND_TEXT[form.kind]) {
        const issue = kindText[name].safeParse(form[name]).error?.issues[0];
        if (issue) fault([name], issue.message);
        judged &&= issue === undefined;
      }
      const { categories, products } = form.appliesTo;
      if (form.scope === 'some' && categories.length === 0 && products.length === 0) {
        fault(['appliesTo', 'categories'], NOTHING_CHOSEN);
      }
      if (judged) checkOfferFields(offerOf(form), context);
    },
    // Said with the other fields' errors, whatever they are.
    { when: () => true },
  )
  .transform(offerOf);
export type OfferFormValues = z.input<typeof offerFormSchema>;

/** The offer fields an API error may name, as the form holds them (`offer.appliesTo.products`). */
const OFFER_FIELDS = [
  'kind',
  'discount',
  'percent',
  'cap',
  'services',
  'appliesTo.categories',
  'appliesTo.products',
  'minSpend',
] as const;
type OfferFieldName = `offer.${(typeof OFFER_FIELDS)[number]}`;

const isOneOf = <Name extends string>(names: readonly Name[], name: string): name is Name =>
  (names as readonly string[]).includes(name);

/**
 * The field of a voucher's or promotion's form that shows an error the API gives at `path`:
 * one of the form's `own` fields, or an offer field (`appliesTo.products.2` shows by the products).
 */
function offerFormFieldOf<Own extends string>(
  own: readonly Own[],
  path: string,
): Own | OfferFieldName | undefined {
  for (let at = path; at !== ''; at = at.includes('.') ? at.slice(0, at.lastIndexOf('.')) : '') {
    if (isOneOf(own, at)) return at;
    if (isOneOf(OFFER_FIELDS, at)) return `offer.${at}`;
  }
  return undefined;
}

/** An error of a refused save, said under the field it names. */
interface FieldProblem<Own extends string> {
  field: Own | OfferFieldName;
  message: string;
}

/**
 * The errors of a refused save (a 400's `errors`: `appliesTo.products`, `services`, `ends`) that a
 * voucher's or promotion's form has a field for, to say under each field rather than below.
 */
export function apiFieldProblems<Own extends string>(
  own: readonly Own[],
  error: unknown,
): FieldProblem<Own>[] {
  if (!(error instanceof ApiError)) return [];
  return (error.errors ?? []).flatMap(({ path, message }) => {
    const field = offerFormFieldOf(own, path);
    return field === undefined ? [] : [{ field, message }];
  });
}

/** A saved offer as its form shows it. */
export function offerValuesOf(offer: Offer): OfferFormValues {
  const { categories, products } = offer.appliesTo;
  return {
    kind: offer.kind,
    discount: poundsText(offer.discount),
    percent: offer.percent === null ? '' : String(offer.percent),
    cap: offer.cap === null ? '' : offer.cap.toFixed(2),
    services: offer.services,
    scope: categories.length === 0 && products.length === 0 ? 'order' : 'some',
    appliesTo: { categories: categories.filter(isShelf), products: products.join(', ') },
    minSpend: offer.minSpend === null ? '' : offer.minSpend.toFixed(2),
  };
}

/** An offer not made yet: an amount off the whole order, nothing typed. */
export const NEW_OFFER: OfferFormValues = {
  kind: 'amount',
  discount: '',
  percent: '',
  cap: '',
  services: [],
  scope: 'order',
  appliesTo: { categories: [], products: '' },
  minSpend: '',
};
