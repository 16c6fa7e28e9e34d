import { makingOf, unitsOnSale } from '../catalog/made-for-you';
import { ukToday } from '../uk-time';
import type { BasketItem, BasketPersonalisation } from './basket-item';
import type { Product } from '../catalog/catalog';
import { penceToPounds, poundsToPence, type Pence } from '../money';
import { itemsTotal, priceOrder, shortfallForFreeDelivery } from './pricing';
import { variantLabel } from '../catalog/variants';
import type { Variant } from '../catalog/catalog';

/**
 * A basket has one line per product, or per variant of a product sold in options, and per text
 * it is personalised with; and one per gift card, each for its own recipient.
 */
export function lineKey(
  item: Pick<BasketItem, 'product' | 'variant' | 'giftCard'> & {
    personalisation?: Pick<BasketPersonalisation, 'text'> | undefined;
  },
): string {
  if (item.giftCard) return `gift-card/${item.giftCard.id}`;
  const goods = item.variant ? `${item.product}/${item.variant}` : item.product;
  return item.personalisation ? `${goods}#${item.personalisation.text}` : goods;
}

/** The stock a line draws on: its variant's, or its product's; lines of two texts share it. */
const stockKey = (item: Pick<BasketItem, 'product' | 'variant'>) =>
  `${item.product}/${item.variant ?? ''}`;

/** Whether a line is a gift card, sent by email, rather than goods sent or collected. */
export const isGiftCardLine = (item: Pick<BasketItem, 'giftCard'>): boolean =>
  item.giftCard !== undefined;

/** The lines that go by post or are collected: all but the gift cards. */
export const goodsLinesOf = <Line extends Pick<BasketItem, 'giftCard'>>(
  items: readonly Line[],
): Line[] => items.filter((item) => !isGiftCardLine(item));

/** A basket of gift cards alone needs no delivery: every line goes by email. */
export const holdsOnlyGiftCards = (items: readonly Pick<BasketItem, 'giftCard'>[]): boolean =>
  items.length > 0 && items.every(isGiftCardLine);

/**
 * A basket line for a product (and the variant chosen) as the catalogue showed it, personalised
 * with a text when one is given: its price is the item's and the text's together.
 */
export function basketItemFrom(
  product: Pick<
    Product,
    | '_id'
    | 'name'
    | 'brand'
    | 'image'
    | 'price'
    | 'countInStock'
    | 'options'
    | 'madeToOrder'
    | 'preorder'
  >,
  qty: number,
  variant?: Variant,
  personalisation?: BasketPersonalisation,
  today = ukToday(),
): BasketItem {
  const making = makingOf(product, variant && { madeToOrder: variant.madeToOrder ?? null }, today);
  const price = (variant ?? product).price;
  return {
    product: product._id,
    name: product.name,
    brand: product.brand,
    image: product.image,
    price: personalisation
      ? penceToPounds(poundsToPence(price) + poundsToPence(personalisation.price))
      : price,
    // What may be bought: made to order and pre-orders are not limited by stock.
    countInStock: unitsOnSale(product, variant, today),
    qty,
    variant: variant?._id ?? null,
    variantLabel: variant ? variantLabel(product.options, variant.options) : null,
    ...(making?.madeToOrder ? { madeToOrder: making.madeToOrder } : {}),
    ...(making?.preorder ? { preorder: making.preorder } : {}),
    ...(personalisation ? { personalisation } : {}),
  };
}

/** How many of the item a line sells the basket holds in its other lines (other texts). */
const heldElsewhere = (items: readonly BasketItem[], line: BasketItem) =>
  items
    .filter((item) => stockKey(item) === stockKey(line) && lineKey(item) !== lineKey(line))
    .reduce((sum, item) => sum + item.qty, 0);

function clampToStock(qty: number, countInStock: number): number {
  return Math.max(1, Math.min(Math.floor(qty), countInStock));
}

/** What Add To Basket did: the basket after it, and whether the stock stopped it. */
export interface BasketAddition {
  items: BasketItem[];
  /** How many of that product (or variant) the basket holds now. */
  inBasket: number;
  /** The stock stopped the basket taking all that was asked for: the line holds all there is. */
  limitedByStock: boolean;
}

/**
 * Adds a product (or one variant of it). A line already in the basket gains the quantity added
 * (two there and one added make three), up to the stock and never past it; the answer says when
 * the stock stopped it. The line takes the latest price and stock the shopper was shown.
 * (The spec replaced the quantity instead; shoppers took that for a lost item: decision 012.)
 */
export function addToBasket(items: readonly BasketItem[], added: BasketItem): BasketAddition {
  // A gift card is a line of its own, one card, whatever is in the basket: no stock limits it.
  if (added.giftCard) {
    return { items: [...items, { ...added, qty: 1 }], inBasket: 1, limitedByStock: false };
  }
  const key = lineKey(added);
  const existing = items.find((item) => lineKey(item) === key);
  // The same item personalised with another text is another line, from the same stock.
  const left = added.countInStock - heldElsewhere(items, added);
  if (left < 1 || !(added.qty >= 1)) {
    return {
      items: [...items],
      inBasket: existing?.qty ?? 0,
      limitedByStock: left < 1 && added.qty >= 1,
    };
  }
  const wanted = (existing?.qty ?? 0) + Math.floor(added.qty);
  const line = { ...added, qty: Math.min(wanted, left) };
  return {
    items: existing ? items.map((item) => (lineKey(item) === key ? line : item)) : [...items, line],
    inBasket: line.qty,
    limitedByStock: wanted > left,
  };
}

/** Changes the quantity of the line with this key (see `lineKey`). */
export function changeQuantity(
  items: readonly BasketItem[],
  key: string,
  qty: number,
): BasketItem[] {
  return items.map((item) =>
    lineKey(item) === key && !isGiftCardLine(item)
      ? { ...item, qty: clampToStock(qty, item.countInStock - heldElsewhere(items, item)) }
      : item,
  );
}

export function removeFromBasket(items: readonly BasketItem[], key: string): BasketItem[] {
  return items.filter((item) => lineKey(item) !== key);
}

/**
 * Puts a chosen variant in place of a line saved without one (a basket from before the product
 * had options), merging with a line of that variant if there is one.
 */
export function chooseVariantOfLine(
  items: readonly BasketItem[],
  key: string,
  chosen: BasketItem,
): BasketItem[] {
  const old = items.find((item) => lineKey(item) === key);
  if (!old) return [...items];
  return addToBasket(removeFromBasket(items, key), { ...chosen, qty: old.qty }).items;
}

/** A line's total: its unit price times its quantity, in pence. */
export function lineTotalPence(item: Pick<BasketItem, 'price' | 'qty'>): Pence {
  return itemsTotal([{ pricePence: poundsToPence(item.price), qty: item.qty }]);
}

/** How many items a basket holds, all lines' quantities together. */
export const itemCountOf = (items: readonly Pick<BasketItem, 'qty'>[]): number =>
  items.reduce((count, item) => count + item.qty, 0);

/** What the items of a basket come to at the prices it kept, in pence. */
export const itemsPenceOf = (items: readonly Pick<BasketItem, 'price' | 'qty'>[]): Pence =>
  itemsTotal(items.map((item) => ({ pricePence: poundsToPence(item.price), qty: item.qty })));

/** The delivery service chosen for a basket, at its price for it (pounds, as the shop answers). */
export interface ChosenDeliveryPrice {
  price: number;
  /** The items total from which the service costs nothing, or null. */
  freeOver: number | null;
}

interface BasketSummary {
  itemCount: number;
  itemsPence: Pence;
  /** What the chosen delivery costs the basket as it stands (0: free). */
  shippingPence: Pence;
  /** Items and delivery, before any voucher (the shop takes one off at checkout). */
  totalPence: Pence;
  /** The VAT the total holds. */
  taxPence: Pence;
  /** How much more makes the chosen service free; 0 when it is free, or never is. */
  freeDeliveryShortfallPence: Pence;
}

/**
 * The basket's figures with the delivery service chosen, by the shop's one pricing rule. Delivery
 * is priced on the goods alone, so only they count towards free delivery.
 */
export function summariseBasket(
  items: readonly BasketItem[],
  delivery: ChosenDeliveryPrice,
): BasketSummary {
  const price = priceOrder(
    items.map((item) => ({ pricePence: poundsToPence(item.price), qty: item.qty })),
    { deliveryPence: poundsToPence(delivery.price) },
  );
  const freeOverPence = delivery.freeOver === null ? null : poundsToPence(delivery.freeOver);
  // A gift card carries no VAT when sold (a multi-purpose voucher, the shop's default): VAT is
  // due on what it buys. The checkout shows the shop's own figure, whichever way it is set.
  const goods = goodsLinesOf(items);
  const taxPence =
    goods.length === items.length
      ? price.taxPence
      : priceOrder(
          goods.map((item) => ({ pricePence: poundsToPence(item.price), qty: item.qty })),
          { deliveryPence: goods.length > 0 ? poundsToPence(delivery.price) : 0 },
        ).taxPence;
  return {
    itemCount: itemCountOf(items),
    itemsPence: price.itemsPence,
    shippingPence: price.shippingPence,
    totalPence: price.totalPence,
    taxPence,
    freeDeliveryShortfallPence:
      price.shippingPence === 0
        ? 0
        : shortfallForFreeDelivery(itemsPenceOf(goodsLinesOf(items)), freeOverPence),
  };
}

/** The quantities a shopper may choose for a product: 1 to its stock. */
export function quantityChoices(countInStock: number): number[] {
  return Array.from({ length: Math.max(0, countInStock) }, (_, index) => index + 1);
}
