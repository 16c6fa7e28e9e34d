import { defaultDeliveryOption, type DeliveryOption } from '../../../shared/delivery/delivery';
import { penceToPounds, type Pence } from '../../../shared/money';
import type { Quote, QuoteBody } from '../../../shared/orders/checkout';
import {
  itemsTotal,
  priceOrder,
  vatIncluded,
  type OrderPrice,
} from '../../../shared/orders/pricing';
import type { GiftCardLine, GiftCardVat } from '../../../shared/gift-cards/gift-cards';
import { byEmail, outsideVatPence, pricedAs } from './gift-card-lines';
import {
  giftCardsPaying,
  presentGiftCardPayment,
  type BasketGiftCards,
} from './gift-card-payments';
import { variantLabel } from '../../../shared/catalog/variants';
import { makingOf, type Making } from '../../../shared/catalog/made-for-you';
import {
  chosenVariant,
  findProducts,
  itemWeightGrams,
  type ProductRecord,
  type VariantRecord,
} from '../../catalog/stock.service';
import type { Db } from '../../db/schema';
import { deliveryOptions, type DeliveryTerms } from '../../delivery/delivery-options';
import { holdOf, ukDayOf } from '../../delivery/delivery-dates';
import { ShopError } from '../../http/errors';
import type { StoredVoucher } from '../../vouchers/voucher';
import { usableVoucher } from '../../vouchers/vouchers.service';
import { chooseDiscounts, type AppliedDiscount } from './choose-discounts';
import { personalisedAs } from './personalised-lines';
import type { LinePersonalisation } from '../orders.repository';
import {
  discountLineOf,
  linesWithDiscounts,
  presentDiscount,
  promotionOffers,
  savedFrom,
  voucherOffer,
} from './basket-discounts';

/** The most any money column holds (PostgreSQL's integer): a larger order is refused. */
const MAX_ORDER_PENCE = 2_147_483_647;

export interface PricedLine {
  product: ProductRecord;
  /** The option chosen, for a product sold in options. */
  variant: VariantRecord | undefined;
  /** `Size: M`, or null for a product sold one way. */
  label: string | null;
  qty: number;
  /** The variant's price when there is one, else the product's. */
  pricePence: number;
  countInStock: number;
  /** One item's weight: the option's when it has one, else the product's. */
  weightGrams: number;
  /** What discounts took off the line (its price times its quantity). */
  discountPence: number;
  /** A gift card line: who it is for and when it goes; undefined for goods. */
  giftCard: GiftCardLine | undefined;
  /** Made to order or on pre-order, as sold now; null for an item from stock. */
  making: Making | null;
  /** The buyer's text, for a product they personalised; its price is within `pricePence`. */
  personalisation: LinePersonalisation | undefined;
}

/** `Breton Stripe Tee (Size: M)`: the line as a shopper recognises it. */
export function lineName({ product, label }: Pick<PricedLine, 'product' | 'label'>): string {
  return label ? `${product.name} (${label})` : product.name;
}

export interface PricedBasket {
  lines: PricedLine[];
  /** The voucher whose code was given, when the order gets it. */
  voucher: StoredVoucher | undefined;
  /** Every discount the order gets: a promotion, the voucher, or both. */
  discounts: AppliedDiscount[];
  /** Why the order gets what it gets, when a code and a promotion met. */
  discountNote: string | null;
  /** The gift's message and wrap, when the basket is a gift. */
  gift: { message: string; wrap: boolean } | undefined;
  /** The service chosen (or the cheapest), at its price for this basket, with its dates. */
  delivery: DeliveryOption;
  /** Every service this basket may use, cheapest first. */
  deliveryOptions: DeliveryOption[];
  price: OrderPrice;
  /** The gift cards given to pay with, and what each pays of the total. */
  giftCards: BasketGiftCards;
  /** How gift cards stand for VAT as the basket is priced. */
  giftCardVat: GiftCardVat;
  /** What of the total is outside VAT because of gift cards; its VAT is on the rest. */
  outsideVatPence: Pence;
}

/** Gift wrap, as a line of the payment the buyer approves. */
export const GIFT_WRAP_LINE = 'Gift wrap';

/** What the shop charges for a gift's wrap: its price when chosen; refused when none is offered. */
function wrapPenceOf(gift: QuoteBody['gift'], giftWrapPence: Pence): Pence {
  if (!gift?.wrap) return 0;
  if (giftWrapPence === 0) {
    throw new ShopError('GIFT_WRAP_UNAVAILABLE', 'Sorry, we do not offer gift wrap at the moment');
  }
  return giftWrapPence;
}

function outOfStock(line: PricedLine, qty: number): ShopError {
  const { countInStock } = line;
  const name = lineName(line);
  const message =
    countInStock === 0
      ? `Sorry, ${name} is out of stock`
      : `Sorry, only ${countInStock} of ${name} ${countInStock === 1 ? 'is' : 'are'} left in stock (you asked for ${qty})`;
  return new ShopError('INSUFFICIENT_STOCK', message);
}

/** A pre-order asked for beyond what its limit has left. */
function preorderSoldOut(line: PricedLine, left: number, asked: number): ShopError {
  const name = line.product.name;
  const message =
    left === 0
      ? `Sorry, ${name} is sold out on pre-order`
      : `Sorry, only ${String(left)} more of ${name} can be pre-ordered (you asked for ${String(asked)})`;
  return new ShopError('PREORDER_SOLD_OUT', message);
}

/** The stock a line draws on: its variant's, or its product's. */
const stockKey = (line: PricedLine) => `${line.product.id}/${line.variant?.id ?? ''}`;

/**
 * Refuses a basket that asks for more than there is: of an item from stock, more than is in stock;
 * of a pre-order, more than its limit has left. The same item personalised with two texts is two
 * lines, asking of one stock (or one pre-order) together. Made to order has no limit.
 */
function refuseShortLines(lines: readonly PricedLine[]): void {
  const preordered = new Map<string, number>();
  const asked = new Map<string, number>();
  for (const line of lines) {
    if (line.giftCard || line.making?.madeToOrder) continue;
    if (line.making?.preorder) {
      const wanted = (preordered.get(line.product.id) ?? 0) + line.qty;
      preordered.set(line.product.id, wanted);
      const left = line.product.preorder?.left ?? 0;
      if (wanted > left) throw preorderSoldOut(line, left, wanted);
    } else {
      asked.set(stockKey(line), (asked.get(stockKey(line)) ?? 0) + line.qty);
    }
  }
  const short = lines.find(
    (line) =>
      !line.giftCard &&
      line.making === null &&
      (asked.get(stockKey(line)) ?? 0) > line.countInStock,
  );
  if (short) throw outOfStock(short, asked.get(stockKey(short)) ?? short.qty);
}

/**
 * The basket's lines as the catalogue has them now: each product on sale, the option chosen where
 * it is sold in options, at today's price (with its text's, when personalised), with enough in
 * stock for the quantity asked, across the lines that share it (else 409 in words naming the
 * line). A gift card is sold at its amount, with no stock limit, and says who it is for and when
 * it goes (see pricedAs); a text is judged by its product's rules (see personalisedAs).
 */
export async function linesInStock(
  db: Db,
  orderItems: QuoteBody['orderItems'],
  at: Date,
): Promise<PricedLine[]> {
  const products = new Map(
    (
      await findProducts(
        db,
        orderItems.map((line) => line.product),
      )
    ).map((product) => [product.id, product]),
  );
  const today = ukDayOf(at);
  const lines = orderItems.map((item, index): PricedLine => {
    const { product: id, variant: variantId, qty } = item;
    const product = products.get(id);
    if (product?.status !== 'live') {
      throw new ShopError(
        'PRODUCT_UNAVAILABLE',
        'One of the products in your basket is no longer sold',
      );
    }
    const variant = chosenVariant(product, variantId);
    const { pricePence, giftCard } = pricedAs(product, variant, item.giftCard, { index, at });
    const personalisation = personalisedAs(product, item.personalisation ?? '', index);
    return {
      product,
      variant,
      label: variant ? variantLabel(product.options, variant.options) : null,
      qty,
      pricePence: pricePence + (personalisation?.pricePence ?? 0),
      countInStock: (variant ?? product).countInStock,
      weightGrams: giftCard ? 0 : itemWeightGrams(product, variant),
      discountPence: 0,
      giftCard,
      making: giftCard ? null : makingOf(product, variant, today),
      personalisation,
    };
  });
  refuseShortLines(lines);
  return lines;
}

/**
 * What a basket is priced with besides itself: whose it is, the shop's gift wrap price, its
 * delivery settings and the moment (estimates are for an order paid then).
 */
export interface PricingTerms {
  /** The buyer's voucher key (see customerKeyOf), when known. */
  customerKey?: string | undefined;
  giftWrapPence: Pence;
  delivery: DeliveryTerms;
  /** How gift cards stand for VAT. */
  giftCardVat: GiftCardVat;
  at: Date;
}

/** The weight of the lines, each item counted. */
export const weightOf = (lines: readonly Pick<PricedLine, 'weightGrams' | 'qty'>[]) =>
  lines.reduce((sum, line) => sum + line.weightGrams * line.qty, 0);

/**
 * The service asked for, if this basket may use it; unasked, the cheapest that sends it (or
 * collection, when that is all it may use); 409
 * DELIVERY_UNAVAILABLE when it may not use the one asked for, or none.
 */
export function chosenDelivery(
  options: DeliveryOption[],
  asked: string | undefined,
  terms: DeliveryTerms,
): DeliveryOption {
  const chosen =
    asked === undefined
      ? defaultDeliveryOption(options)
      : options.find((option) => option.id === asked);
  if (chosen) return chosen;
  if (options.length === 0) {
    throw new ShopError(
      'DELIVERY_UNAVAILABLE',
      'Sorry, none of our delivery services can take this basket: please contact us about it',
    );
  }
  const service = terms.delivery.services.find((candidate) => candidate.id === asked);
  throw new ShopError(
    'DELIVERY_UNAVAILABLE',
    service
      ? `Sorry, ${service.name} is not available for this basket: please choose another way to send it`
      : 'Sorry, that delivery service is not available: please choose another way to send it',
  );
}

const tooLarge = () =>
  new ShopError(
    'ORDER_TOTAL_TOO_LARGE',
    'That order is too large to take online; please contact us about it',
  );

/**
 * Prices a basket from the database alone: each product's price and stock now, the live
 * promotions and the voucher if it applies (to this customer, when known), gift wrap at the
 * shop's price, and the shop's one pricing rule. Nothing the browser says about money counts.
 */
export async function priceBasket(
  db: Db,
  { orderItems, voucher: code, gift, delivery: asked, giftCards: codes }: QuoteBody,
  { customerKey, giftWrapPence, delivery: terms, giftCardVat, at }: PricingTerms,
): Promise<PricedBasket> {
  const stocked = await linesInStock(db, orderItems, at);
  const goods = stocked.filter((line) => !line.giftCard);
  if (goods.length === 0 && gift) throw nothingToWrap();
  const wrapPence = wrapPenceOf(gift, giftWrapPence);
  const priced = stocked.map((line) => ({ pricePence: line.pricePence, qty: line.qty }));
  const itemsPence = itemsTotal(priced);
  if (itemsPence > MAX_ORDER_PENCE) throw tooLarge();
  const cardsSoldPence = itemsPence - itemsTotal(goods);
  const discountLines = stocked.map(discountLineOf);
  const voucher =
    code === undefined ? undefined : await usableVoucher(db, code, { customerKey, now: at });
  const goodsTerms = {
    itemsPence: itemsPence - cardsSoldPence,
    itemCount: goods.reduce((sum, line) => sum + line.qty, 0),
    weightGrams: weightOf(goods),
    hold: holdOf(goods.map((line) => line.making)),
  };
  const choice = chooseDiscounts(
    {
      promotions: await promotionOffers(db, discountLines, at),
      voucher: voucher && voucherOffer(voucher, discountLines),
      stacks: voucher?.stacks ?? false,
    },
    discountLines,
    (discountedPence) => {
      if (goods.length === 0) {
        const email = byEmail(at);
        return { options: [email], chosen: email, service: email.id, pricePence: 0 };
      }
      // Gift cards never count towards free delivery: it is the goods that are sent.
      const basket = { ...goodsTerms, discountedPence: discountedPence - cardsSoldPence };
      const options = deliveryOptions(terms, basket, at);
      const chosen = chosenDelivery(options, asked, terms);
      return { options, chosen, service: chosen.id, pricePence: Math.round(chosen.price * 100) };
    },
  );
  const discounts = choice.applied;
  const offered = priceOrder(priced, {
    deliveryPence: choice.delivery.pricePence,
    voucherPence: savedFrom(discounts, 'voucher'),
    promotionPence: savedFrom(discounts, 'promotion'),
    giftWrapPence: wrapPence,
  });
  if (offered.totalPence <= 0) {
    throw new ShopError('ORDER_TOTAL_TOO_SMALL', 'An order must come to more than £0.00');
  }
  if (offered.totalPence > MAX_ORDER_PENCE) throw tooLarge();
  const giftCards = await giftCardsPaying(db, codes, offered.totalPence, at);
  const outside = outsideVatPence(giftCardVat, {
    cardsSoldPence,
    cardsPayPence: giftCards.pence,
    totalPence: offered.totalPence,
  });
  const price = { ...offered, taxPence: vatIncluded(offered.totalPence - outside) };
  return {
    lines: linesWithDiscounts(stocked, discounts),
    voucher: discounts.some((discount) => discount.source === 'voucher') ? voucher : undefined,
    discounts,
    discountNote: choice.note,
    gift,
    delivery: choice.delivery.chosen,
    deliveryOptions: choice.delivery.options,
    price,
    giftCards,
    giftCardVat,
    outsideVatPence: outside,
  };
}

const nothingToWrap = () =>
  new ShopError(
    'GIFT_WRAP_UNAVAILABLE',
    'Gift cards are sent by email with their own message, so there is nothing to wrap or post',
  );

/** What is left to pay once the gift cards have paid their part. */
export const payableOf = ({ price, giftCards }: Pick<PricedBasket, 'price' | 'giftCards'>) =>
  price.totalPence - giftCards.pence;

export { presentDiscount };

export function presentQuote({
  lines,
  price,
  delivery,
  deliveryOptions: options,
  discounts,
  discountNote,
  giftCards,
}: PricedBasket): Quote {
  return {
    lines: lines.map(
      ({ product, variant, label, pricePence, qty, discountPence, making, personalisation }) => ({
        product: product.id,
        variant: variant?.id ?? null,
        variantLabel: label,
        name: product.name,
        price: penceToPounds(pricePence),
        qty,
        discount: penceToPounds(discountPence),
        madeToOrder: making?.madeToOrder ?? null,
        preorder: making?.preorder ?? null,
        personalisation: personalisation?.text ?? null,
        personalisationLabel: personalisation?.label ?? null,
        personalisationPrice: penceToPounds(personalisation?.pricePence ?? 0),
      }),
    ),
    itemsPrice: penceToPounds(price.itemsPence),
    shippingPrice: penceToPounds(price.shippingPence),
    giftWrapPrice: penceToPounds(price.giftWrapPence),
    voucherDiscount: penceToPounds(price.voucherDiscountPence),
    promotionDiscount: penceToPounds(price.promotionDiscountPence),
    discounts: discounts.map(presentDiscount),
    discountNote,
    taxPrice: penceToPounds(price.taxPence),
    totalPrice: penceToPounds(price.totalPence),
    giftCardPayments: giftCards.payments.map(presentGiftCardPayment),
    payable: penceToPounds(price.totalPence - giftCards.pence),
    delivery: delivery.id,
    deliveryOptions: options,
  };
}
