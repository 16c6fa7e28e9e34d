import * as z from 'zod';
import { penceToPounds, poundsToPence } from '../../shared/money';
import type { OfferKind, OfferTerms } from '../../shared/orders/discounts';
import type { Offer, offerFieldsSchema } from '../../shared/promotions/offers';

// An offer (a voucher's or a promotion's) as the shop keeps it: its columns, read and written
// alike by both tables, and its fields as the API answers them.

/** The columns an offer is kept in, in the vouchers and promotions tables alike. */
export interface OfferColumns {
  kind: OfferKind;
  discount_pence: number;
  percent: number | null;
  cap_pence: number | null;
  /** JSON: the service ids; null for any. */
  services: string | null;
  /** JSON: `{ categories, products }`; null for the whole order. */
  applies_to: string | null;
  min_spend_pence: number | null;
}

const servicesJson = z.array(z.string());
const appliesToJson = z.object({ categories: z.array(z.string()), products: z.array(z.string()) });

export function offerOfRow(row: OfferColumns): OfferTerms {
  return {
    kind: row.kind,
    discountPence: row.discount_pence,
    percent: row.percent,
    capPence: row.cap_pence,
    services: row.services === null ? [] : servicesJson.parse(JSON.parse(row.services)),
    appliesTo:
      row.applies_to === null
        ? { categories: [], products: [] }
        : appliesToJson.parse(JSON.parse(row.applies_to)),
    minSpendPence: row.min_spend_pence,
  };
}

/** The columns of an offer; a voucher from before kinds has an amount off the whole order. */
export function rowOfOffer(offer: Partial<OfferTerms>): OfferColumns {
  const appliesTo = offer.appliesTo ?? { categories: [], products: [] };
  const whole = appliesTo.categories.length === 0 && appliesTo.products.length === 0;
  return {
    kind: offer.kind ?? 'amount',
    discount_pence: offer.discountPence ?? 0,
    percent: offer.percent ?? null,
    cap_pence: offer.capPence ?? null,
    services: offer.services?.length ? JSON.stringify(offer.services) : null,
    applies_to: whole ? null : JSON.stringify(appliesTo),
    min_spend_pence: offer.minSpendPence ?? null,
  };
}

const poundsOrNull = (pence: number | null) => (pence === null ? null : penceToPounds(pence));
const penceOrNull = (pounds: number | null | undefined) =>
  pounds === null || pounds === undefined ? null : poundsToPence(pounds);

export function presentOffer(offer: OfferTerms): Offer {
  return {
    kind: offer.kind,
    discount: penceToPounds(offer.discountPence),
    percent: offer.percent,
    cap: poundsOrNull(offer.capPence),
    services: [...offer.services],
    appliesTo: {
      categories: [...offer.appliesTo.categories],
      products: [...offer.appliesTo.products],
    },
    minSpend: poundsOrNull(offer.minSpendPence),
  };
}

/** An offer as a form sent it, in pence, keeping only the fields its kind uses. */
export function offerOfBody(body: z.infer<typeof offerFieldsSchema>): OfferTerms {
  return {
    kind: body.kind,
    discountPence: body.kind === 'amount' ? poundsToPence(body.discount ?? 0) : 0,
    percent: body.kind === 'percent' ? (body.percent ?? null) : null,
    capPence: body.kind === 'percent' ? penceOrNull(body.cap) : null,
    services: body.kind === 'delivery' ? [...new Set(body.services ?? [])] : [],
    appliesTo: {
      categories: [...new Set(body.appliesTo.categories)],
      products: [...new Set(body.appliesTo.products)],
    },
    minSpendPence: penceOrNull(body.minSpend),
  };
}
