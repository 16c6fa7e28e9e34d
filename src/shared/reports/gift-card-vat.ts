import type { GiftCardVat } from '../gift-cards/gift-cards';
import type { Pence } from '../money';
import { vatIncluded } from '../orders/pricing';

// What of an order's money is within VAT when gift cards are in it (HMRC's vouchers: VAT Notice
// 700/7). A multi-purpose card is no supply when sold (VAT is due on what it is spent on), so an
// order's cards sold are outside VAT; a single-purpose card carries its VAT when sold, so what
// cards pay of a later order is outside VAT. The order keeps that part (`outside_vat_pence`) and
// its VAT (`tax_pence`) is on the rest. Decision 052 says why refunds are split as below.

/** An order's money as VAT sees it. */
export interface OrderVatBasis {
  totalPence: Pence;
  /** What of the total is outside VAT because of gift cards. */
  outsidePence: Pence;
  /** How gift cards stood for VAT when it was placed; null when it neither sold nor spent one. */
  giftCardVat: GiftCardVat | null;
}

/** A refund of the order, in the order refunds were recorded. */
export interface RefundOfOrder {
  id: string;
  amountPence: Pence;
  /** When it was recorded (ISO 8601): before the provider was asked. */
  recordedAt: string;
  /** Money put back onto the gift cards the order was paid with, not to PayPal. */
  toGiftCards?: boolean;
}

/** A multi-purpose card the order sold being voided: its unspent balance is owed back. */
export interface CardVoid {
  amountPence: Pence;
  /** When it was voided (ISO 8601). */
  at: string;
}

/** A refund split as VAT sees it: `vatablePence + outsidePence` is the refund. */
export interface RefundVatParts {
  vatablePence: Pence;
  outsidePence: Pence;
  /** The VAT in the VAT-able part: a sixth of it, halves up. */
  vatPence: Pence;
}

/** Why part of an order, or of its refund, is outside VAT. */
export type OutsideVatReason =
  'gift card sold, multi-purpose' | 'paid by gift card, single-purpose';

/** Why the order's part outside VAT is outside; null when nothing of it is. */
export function outsideVatReason(order: OrderVatBasis): OutsideVatReason | null {
  if (order.outsidePence <= 0 || order.giftCardVat === null) return null;
  return order.giftCardVat === 'multi-purpose'
    ? 'gift card sold, multi-purpose'
    : 'paid by gift card, single-purpose';
}

const partsOf = (vatablePence: Pence, outsidePence: Pence): RefundVatParts => ({
  vatablePence,
  outsidePence,
  vatPence: vatIncluded(vatablePence),
});

/**
 * Each refund of an order split into the part within VAT and the part outside it, by id. Refunds
 * are taken in the order they were recorded (then by id), each against what the ones before left:
 *
 * 1. Of an order that sold multi-purpose cards, a refund first gives back, outside VAT, what of
 *    those cards was voided by the time it was recorded and no refund before gave back: a void's
 *    refund of an unspent balance (to PayPal, and onto the cards that paid for the card, as the
 *    shop shares it out) carries no VAT, as the card's sale carried none. Of an order paid partly
 *    by single-purpose cards, money put back onto the cards gives back first, outside VAT, what
 *    they paid: it carried its VAT when they were sold.
 * 2. Then it gives back the VAT-able part (the total less the part outside VAT), up to what is
 *    left of it: goods refunded carry their VAT (back onto multi-purpose cards too: the goods they
 *    paid for carried theirs); of an order paid partly by single-purpose cards, the part not paid
 *    by cards is given back first, as the money goes back to PayPal first.
 * 3. Whatever is left of it is outside VAT: the price of a card no void gave back, or what the
 *    single-purpose cards paid.
 *
 * An order with nothing outside VAT has every refund VAT-able, a sixth of it VAT, as before.
 */
export function splitRefunds(
  order: OrderVatBasis,
  refunds: readonly RefundOfOrder[],
  voids: readonly CardVoid[] = [],
): Map<string, RefundVatParts> {
  const split = new Map<string, RefundVatParts>();
  const outside = Math.min(Math.max(order.outsidePence, 0), order.totalPence);
  let vatableLeft = order.totalPence - outside;
  let outsideLeft = outside;
  let voidsGivenBack = 0;
  const voidsOfSale = order.giftCardVat === 'multi-purpose' ? voids : [];
  const voidedBy = (instant: number) =>
    voidsOfSale
      .filter((cardVoid) => Date.parse(cardVoid.at) <= instant)
      .reduce((sum, cardVoid) => sum + cardVoid.amountPence, 0);
  /** What of a refund goes outside VAT before the VAT-able part (step 1). */
  const outsideFirstOf = (refund: RefundOfOrder) => {
    if (order.giftCardVat === 'single-purpose') return refund.toGiftCards ? outsideLeft : 0;
    return Math.max(voidedBy(Date.parse(refund.recordedAt)) - voidsGivenBack, 0);
  };
  const inTurn = [...refunds].sort(
    (a, b) =>
      Date.parse(a.recordedAt) - Date.parse(b.recordedAt) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  for (const refund of inTurn) {
    let left = refund.amountPence;
    const first = Math.min(left, outsideFirstOf(refund), outsideLeft);
    voidsGivenBack += first;
    outsideLeft -= first;
    left -= first;
    const vatable = Math.min(left, vatableLeft);
    vatableLeft -= vatable;
    left -= vatable;
    // A refund is never more than is left of the total; should one be, it is outside VAT too,
    // so that no refund takes back VAT the order never carried.
    outsideLeft = Math.max(outsideLeft - left, 0);
    split.set(refund.id, partsOf(vatable, first + left));
  }
  return split;
}
