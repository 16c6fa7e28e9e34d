import {
  linesAfter,
  offerCovers,
  offerSaving,
  savingTotal,
  type DiscountLine,
  type OfferTerms,
  type Saving,
} from '../../../shared/orders/discounts';
import type { Pence } from '../../../shared/money';

/** An offer the basket may get: a live promotion, or the voucher whose code the shopper gave. */
export interface DiscountOffer {
  source: 'promotion' | 'voucher';
  name: string;
  /** The voucher's code; null for a promotion. */
  code: string | null;
  terms: OfferTerms;
}

/** An offer as the order gets it, with what it takes off each line and the delivery. */
export interface AppliedDiscount extends DiscountOffer {
  saving: Saving;
}

/** The delivery a basket would be sent by when its items come to so much after discounts. */
export type DeliveryFor<D> = (discountedItemsPence: Pence) => D & {
  service: string;
  pricePence: Pence;
};

export interface DiscountChoice<D> {
  applied: AppliedDiscount[];
  delivery: D & { service: string; pricePence: Pence };
  /** Why the order gets what it gets when a code and an offer met; null when nothing to say. */
  note: string | null;
}

/**
 * Offers applied one after another: those taken off items first, each on what the ones before
 * left of the lines; then the delivery is chosen by what the items come to after them (so a free
 * delivery threshold counts discounted items); then those taken off the delivery, each on what is
 * left of its price. An offer that saves nothing is left out.
 */
function applyInTurn<D>(
  offers: readonly DiscountOffer[],
  lines: readonly DiscountLine[],
  deliveryFor: DeliveryFor<D>,
): DiscountChoice<D> {
  let left = lines;
  const applied: AppliedDiscount[] = [];
  for (const offer of offers.filter((candidate) => candidate.terms.kind !== 'delivery')) {
    const saving = offerSaving(offer.terms, left, { service: '', pricePence: 0 });
    left = linesAfter(left, saving);
    applied.push({ ...offer, saving });
  }
  const delivery = deliveryFor(left.reduce((sum, line) => sum + line.valuePence, 0));
  let deliveryLeft = delivery.pricePence;
  for (const offer of offers.filter((candidate) => candidate.terms.kind === 'delivery')) {
    const saving = offerSaving(offer.terms, left, {
      service: delivery.service,
      pricePence: deliveryLeft,
    });
    deliveryLeft -= saving.deliveryPence;
    applied.push({ ...offer, saving });
  }
  return {
    applied: applied.filter((discount) => savingTotal(discount.saving) > 0),
    delivery,
    note: null,
  };
}

const savedBy = <D>(choice: DiscountChoice<D>) =>
  choice.applied.reduce((sum, discount) => sum + savingTotal(discount.saving), 0);

/** The live promotion that saves this basket most, alone; the first listed when two save as much. */
function bestPromotion<D>(
  promotions: readonly DiscountOffer[],
  lines: readonly DiscountLine[],
  deliveryFor: DeliveryFor<D>,
): DiscountChoice<D> {
  let best = applyInTurn([], lines, deliveryFor);
  for (const promotion of promotions) {
    const choice = applyInTurn([promotion], lines, deliveryFor);
    if (savedBy(choice) > savedBy(best)) best = choice;
  }
  return best;
}

/** Whether a voucher reaches anything in the basket at all. */
export const voucherCoversBasket = (voucher: DiscountOffer, lines: readonly DiscountLine[]) =>
  lines.some((line) => offerCovers(voucher.terms, line));

const quoted = (name: string) => `“${name}”`;

/**
 * What a basket gets off: the one live promotion that saves it most; and, with a code, the
 * voucher beside it when the voucher stacks, else whichever of the two saves more (the promotion
 * when they save the same, so that the code stays unused for another time). The note says why
 * when a code and a promotion met.
 */
export function chooseDiscounts<D>(
  {
    promotions,
    voucher,
    stacks,
  }: { promotions: readonly DiscountOffer[]; voucher: DiscountOffer | undefined; stacks: boolean },
  lines: readonly DiscountLine[],
  deliveryFor: DeliveryFor<D>,
): DiscountChoice<D> {
  const promoted = bestPromotion(promotions, lines, deliveryFor);
  const promotion = promoted.applied[0];
  if (!voucher) return promoted;
  if (!promotion) {
    const alone = applyInTurn([voucher], lines, deliveryFor);
    return alone.applied.length > 0
      ? alone
      : { ...alone, note: `Your code ${voucher.code ?? ''} takes nothing off this basket.` };
  }
  const offer = quoted(promotion.name);
  if (stacks) {
    const both = applyInTurn([promotion, voucher], lines, deliveryFor);
    return { ...both, note: `Your code ${voucher.code ?? ''} is used as well as our ${offer}.` };
  }
  const alone = applyInTurn([voucher], lines, deliveryFor);
  if (savedBy(alone) > savedBy(promoted)) {
    return {
      ...alone,
      note: `Your code ${voucher.code ?? ''} saves more than our ${offer}, so your code is used: the two cannot be combined.`,
    };
  }
  return {
    ...promoted,
    note: `Our ${offer} saves you ${savedBy(alone) === savedBy(promoted) ? 'as much as' : 'more than'} your code ${voucher.code ?? ''}, so the offer is used and your code is kept for another time: the two cannot be combined.`,
  };
}
