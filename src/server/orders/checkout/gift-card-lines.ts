import type { DeliveryOption } from '../../../shared/delivery/delivery';
import {
  GIFT_CARD_CATEGORY,
  GIFT_CARD_OWN_AMOUNT,
  sendOnProblem,
  type GiftCardLine,
  type GiftCardVat,
} from '../../../shared/gift-cards/gift-cards';
import { ukDayOf } from '../../delivery/delivery-dates';
import type { ProductRecord, VariantRecord } from '../../catalog/stock.service';
import { ShopError } from '../../http/errors';

// Gift cards as lines of a basket: sold at their amount, with no stock limit, sent by email to
// the person named on the day chosen; and the part of an order they put outside VAT.

export const isGiftCardProduct = (product: Pick<ProductRecord, 'category'>) =>
  product.category === GIFT_CARD_CATEGORY;

const refused = (message: string, path: string) =>
  new ShopError('VALIDATION_FAILED', message, [{ path, message }]);

/** Whether a gift card's option is the one whose amount the buyer names. */
const isOwnAmount = (variant: VariantRecord | undefined) =>
  variant !== undefined && Object.values(variant.options).includes(GIFT_CARD_OWN_AMOUNT);

/**
 * What a basket line is sold at, and the card it makes when it is a gift card: a card's line must
 * say who it is for and when it goes (today to a year ahead, on `at`), and names its amount only
 * for the option whose amount the buyer chooses; goods carry no card. 400 in words otherwise.
 */
export function pricedAs(
  product: ProductRecord,
  variant: VariantRecord | undefined,
  giftCard: GiftCardLine | undefined,
  { index, at }: { index: number; at: Date },
): { pricePence: number; giftCard: GiftCardLine | undefined } {
  const path = `orderItems.${index}.giftCard`;
  const listed = (variant ?? product).pricePence;
  if (!isGiftCardProduct(product)) {
    if (giftCard)
      throw refused(`${product.name} is not a gift card: it is not sent to anyone`, path);
    return { pricePence: listed, giftCard: undefined };
  }
  if (!giftCard) {
    throw refused('Please say who the gift card is for, and the day to send it', path);
  }
  const problem = sendOnProblem(giftCard.sendOn, at);
  if (problem) throw refused(problem, `${path}.sendOn`);
  if (!isOwnAmount(variant)) {
    if (giftCard.amount !== undefined) {
      throw refused(
        `The amount is chosen with "${GIFT_CARD_OWN_AMOUNT}": this card is sold at its price`,
        `${path}.amount`,
      );
    }
    return { pricePence: listed, giftCard };
  }
  if (giftCard.amount === undefined) {
    throw refused('Please choose the amount of the gift card', `${path}.amount`);
  }
  return { pricePence: Math.round(giftCard.amount * 100), giftCard };
}

/** The service of a basket of gift cards alone: nothing is posted. */
export const BY_EMAIL = 'email';

/** How a basket of gift cards alone is sent: by email, on the days chosen, at no charge. */
export function byEmail(at: Date): DeliveryOption {
  const today = ukDayOf(at);
  return {
    id: BY_EMAIL,
    name: 'By email',
    description: 'Each gift card is emailed to its recipient on the day chosen',
    price: 0,
    freeOver: null,
    tracked: false,
    signed: false,
    collect: false,
    estimate: { dispatch: today, from: today, to: today },
  };
}

/**
 * What of an order's total is outside VAT because of gift cards: the cards it sells when they are
 * multi-purpose (their VAT is due when they are spent), or what cards pay of it when they are
 * single-purpose (their VAT was due when they were sold). Never more than the total.
 */
export function outsideVatPence(
  vat: GiftCardVat,
  {
    cardsSoldPence,
    cardsPayPence,
    totalPence,
  }: {
    cardsSoldPence: number;
    cardsPayPence: number;
    totalPence: number;
  },
): number {
  return Math.min(vat === 'multi-purpose' ? cardsSoldPence : cardsPayPence, totalPence);
}
