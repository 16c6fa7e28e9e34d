import type { OrderBody } from '../../../shared/orders/checkout';
import { takeFromPreorder, takeFromStock } from '../../catalog/stock.service';
import { noteGuestOrder } from '../../customers/guest-customers';
import { newId } from '../../sql/ids';
import { nowIso } from '../../sql/timestamps';
import { ShopError } from '../../http/errors';
import { markFulfilled } from '../../payments/ledger.service';
import { orderPaymentOf, paidWith, type Capture } from '../../payments/payment-provider';
import { redeemVoucher } from '../../vouchers/vouchers.service';
import { savingTotal } from '../../../shared/orders/discounts';
import { addressForDelivery } from './delivery-address';
import { buyerName, customerKeyOf, type Buyer } from './buyer';
import { paymentClosed } from './checkout-refusals';
import { newOrderMail, orderConfirmationMail } from '../order-mails';
import { newOrderKey, orderLinkOf } from '../order-keys';
import { freeOrderNumber } from './order-numbers';
import { deliverySold } from '../../delivery/delivery-options';
import { lineName, weightOf, type PricedBasket, type PricedLine } from './order-pricing';
import { noteInHistory, queueOrderMails } from '../order-records';
import { presentOrder } from '../order-view';
import type { OrdersContext } from '../orders-context';
import type { NewOrder, StoredOrder, StoredOrderItem } from '../orders.repository';
import { insertOrder } from '../order-writes.repository';
import { basketBought } from '../../baskets/kept-baskets.service';
import { makeOrderGiftCards, spendOrderGiftCards } from './order-gift-cards';
import { BY_EMAIL } from './gift-card-lines';
import { giftCardMarkOf } from '../../payments/gift-card-mark';

/** Why an order could not be stored after its payment was captured; the capture is refunded. */
export class NotFulfilled extends Error {
  constructor(readonly refusal: ShopError) {
    super(refusal.message);
  }
}

const soldOut = (line: PricedLine) =>
  new NotFulfilled(
    new ShopError('INSUFFICIENT_STOCK', `Sorry, ${lineName(line)} sold out while you were paying.`),
  );

const preorderGone = (line: PricedLine) =>
  new NotFulfilled(
    new ShopError(
      'PREORDER_SOLD_OUT',
      `Sorry, the last of ${lineName(line)} on pre-order went while you were paying.`,
    ),
  );

/** A new order with its items' ids chosen here, so that it can be answered without a read. */
type MadeOrder = Omit<NewOrder, 'items'> & { items: Omit<StoredOrderItem, 'restockedQty'>[] };

/** A basket paid for, as an order is made from it. */
interface PaidBasket {
  buyer: Buyer;
  body: OrderBody;
  basket: PricedBasket;
  /** What PayPal took; null when gift cards paid it all. */
  capture: Capture | null;
}

/** How an order the gift cards paid in full is said to be paid. */
export const PAID_BY_GIFT_CARDS = 'Gift card';

/** What an order paid by gift cards alone keeps where a payment's capture would be. */
const byGiftCardsAlone = (orderId: string, buyer: Buyer, now: string) => ({
  paymentId: giftCardMarkOf(orderId),
  // No capture: the order's own mark in its place, as capture ids are unique.
  captureId: giftCardMarkOf(orderId),
  paymentStatus: 'COMPLETED',
  payerEmail: buyer.email,
  paymentUpdateTime: now,
});

function newOrderOf({
  orderNumber,
  buyer,
  body,
  basket,
  capture,
  keyHashes,
}: PaidBasket & {
  orderNumber: string;
  keyHashes: { guest: string | null; recipient: string | null };
}): MadeOrder {
  const now = nowIso();
  const id = newId();
  const { price, voucher, gift, delivery } = basket;
  const paid =
    capture && body.paymentResult
      ? {
          paymentId: body.paymentResult.id,
          captureId: capture.captureId,
          paymentStatus: capture.captureStatus,
          payerEmail: capture.payerEmail,
          paymentUpdateTime: capture.updateTime,
        }
      : byGiftCardsAlone(id, buyer, now);
  const cards = basket.giftCards.pence > 0 || basket.lines.some((line) => line.giftCard);
  return {
    id,
    orderNumber,
    userId: buyer.user?.id ?? null,
    userName: buyerName(buyer, body.shippingAddress.name),
    userEmail: buyer.email,
    guestKeyHash: keyHashes.guest,
    recipientKeyHash: keyHashes.recipient,
    giftMessage: gift ? gift.message : null,
    giftWrapPence: price.giftWrapPence,
    shippingAddress: addressForDelivery(body.shippingAddress, delivery),
    paymentMethod: capture ? paidWith(capture) : PAID_BY_GIFT_CARDS,
    payment: capture ? orderPaymentOf(capture) : null,
    itemsPence: price.itemsPence,
    shippingPence: price.shippingPence,
    taxPence: price.taxPence,
    voucherName: voucher?.name ?? null,
    voucherCode: voucher?.code ?? null,
    voucherDiscountPence: price.voucherDiscountPence,
    promotionDiscountPence: price.promotionDiscountPence,
    discounts: basket.discounts.map((discount) => ({
      source: discount.source,
      name: discount.name,
      code: discount.code,
      amountPence: savingTotal(discount.saving),
    })),
    totalPence: price.totalPence,
    notes: body.notes,
    ...paid,
    giftCardPence: basket.giftCards.pence,
    // What each card paid is what the spend took, in the order's transaction (storeOrder).
    giftCardPayments: [],
    giftCardVat: cards ? basket.giftCardVat : null,
    outsideVatPence: basket.outsideVatPence,
    paidAt: now,
    createdAt: now,
    delivery: deliverySold(delivery),
    ...(delivery.id === BY_EMAIL
      ? { dispatchBy: null, deliveredAt: now }
      : { dispatchBy: delivery.estimate.dispatch }),
    weightGrams: weightOf(basket.lines),
    items: basket.lines.map(
      ({
        product,
        variant,
        label,
        pricePence,
        qty,
        discountPence,
        giftCard,
        making,
        personalisation,
      }) => ({
        id: newId(),
        madeToOrder: making?.madeToOrder ?? null,
        preorder: making?.preorder ?? null,
        personalisation: personalisation ?? null,
        giftCard: giftCard
          ? {
              recipientName: giftCard.recipientName,
              recipientEmail: giftCard.recipientEmail,
              message: giftCard.message,
              sendOn: giftCard.sendOn,
              cards: [],
            }
          : null,
        productId: product.id,
        variantId: variant?.id ?? null,
        variantLabel: label,
        sku: variant?.sku ?? null,
        name: product.name,
        brand: product.brand,
        image: product.image,
        pricePence,
        qty,
        discountPence,
      }),
    ),
  };
}

/** The order as it stands once stored: paid, nothing refunded, dispatched or returned. */
const asStored = (order: MadeOrder): StoredOrder => ({
  ...order,
  guestKeyHash: order.guestKeyHash ?? null,
  recipientKeyHash: order.recipientKeyHash ?? null,
  giftMessage: order.giftMessage ?? null,
  giftWrapPence: order.giftWrapPence ?? 0,
  status: order.deliveredAt ? 'delivered' : 'paid',
  refundsRecordedPence: 0,
  dispatchedAt: order.deliveredAt ?? null,
  deliveredAt: order.deliveredAt ?? null,
  tracking: null,
  returnRequest: null,
  returnClosed: null,
  exchangeFor: order.exchangeFor ?? null,
  exchangedBy: null,
  closedAccountAt: order.closedAccountAt ?? null,
  delivery: order.delivery ?? null,
  payment: order.payment ?? null,
  dispatchBy: order.dispatchBy ?? null,
  weightGrams: order.weightGrams ?? 0,
  promotionDiscountPence: order.promotionDiscountPence ?? 0,
  discounts: order.discounts ?? [],
  giftCardPence: order.giftCardPence ?? 0,
  giftCardPayments: order.giftCardPayments ?? [],
  giftCardVat: order.giftCardVat ?? null,
  outsideVatPence: order.outsideVatPence ?? 0,
  items: order.items.map((item) => ({
    ...item,
    restockedQty: 0,
    personalisation: item.personalisation ?? null,
  })),
});

/** The links an order's answer carries once, as the keys in them are never kept. */
export interface OrderLinks {
  /** A guest's own link to their order. */
  orderLink?: string;
  /** A gift's link for its recipient, to follow the parcel. */
  recipientLink?: string;
}

/** A refusal while the order is stored, as one that gives the capture back. */
const asNotFulfilled = (error: unknown) =>
  error instanceof ShopError ? new NotFulfilled(error) : error;

/**
 * Stores the order, makes the gift cards it buys, spends those it is paid with, takes its stock,
 * counts its voucher and closes its payment, as one unit, with the line in its history and the
 * customer's confirmation. A duplicate request with the same payment stops on the unique payment
 * id, and everything it did is undone with it. Answers the order as stored, without reading it back, and the links (with their keys)
 * its confirmation carries too: a guest's to their order, and a gift's for its recipient.
 */
export async function storeOrder(
  context: OrdersContext,
  { buyer, body, basket, capture }: PaidBasket,
): Promise<{ stored: StoredOrder; links: OrderLinks }> {
  const guestKey = buyer.user ? undefined : newOrderKey();
  const recipientKey = basket.gift ? newOrderKey() : undefined;
  const orderNumber = await freeOrderNumber(context.database.db);
  const made = newOrderOf({
    orderNumber,
    buyer,
    body,
    basket,
    capture,
    keyHashes: {
      guest: guestKey?.hash ?? null,
      recipient: recipientKey?.hash ?? null,
    },
  });
  const links: OrderLinks = {
    ...(guestKey ? { orderLink: orderLinkOf(context.publicUrl, made.id, guestKey.key) } : {}),
    ...(recipientKey
      ? { recipientLink: orderLinkOf(context.publicUrl, made.id, recipientKey.key) }
      : {}),
  };
  const stored = await context.database.db.transaction().execute(async (trx) => {
    const now = new Date(made.createdAt);
    const giftCardPayments = await spendOrderGiftCards(trx, made, basket.giftCards, now).catch(
      (error: unknown) => {
        throw asNotFulfilled(error);
      },
    );
    const buyerOf = { name: made.userName, email: made.userEmail };
    const items = await makeOrderGiftCards(trx, context, { ...made, buyer: buyerOf }, now);
    const order: MadeOrder = { ...made, giftCardPayments, items };
    await insertOrder(trx, order);
    const kept = asStored(order);
    for (const line of basket.lines) {
      // Gift cards and goods made to order are not counted against stock.
      if (line.giftCard || line.making?.madeToOrder) continue;
      if (line.making?.preorder) {
        const { releaseDate } = line.making.preorder;
        const taken = await takeFromPreorder(trx, line.product.id, { releaseDate, qty: line.qty });
        if (!taken) throw preorderGone(line);
        continue;
      }
      const taken = await takeFromStock(trx, line.product.id, line.variant?.id ?? null, line.qty);
      if (!taken) throw soldOut(line);
    }
    if (basket.voucher) {
      const use = { orderId: made.id, customerKey: customerKeyOf(buyer) };
      await redeemVoucher(trx, basket.voucher, use).catch((error: unknown) => {
        throw asNotFulfilled(error);
      });
    }
    if (capture && !(await markFulfilled(trx, made.paymentId))) {
      throw new NotFulfilled(paymentClosed());
    }
    if (!buyer.user) {
      await noteGuestOrder(trx, { email: buyer.email, name: made.userName, at: made.createdAt });
    }
    // The basket is bought: the one kept for the buyer empties, and its reminders stop.
    await basketBought(trx, {
      userId: buyer.user?.id ?? null,
      email: buyer.email,
      at: made.createdAt,
    });
    await noteInHistory(trx, made.id, { type: 'placed', by: made.userName, at: made.createdAt });
    // The confirmation is stored with the order, so no crash can leave an order without it.
    await queueOrderMails(context, trx, {
      orderId: made.id,
      mails: (placed) => [
        orderConfirmationMail(buyer.email, placed, context),
        newOrderMail(placed, buyer.email, context),
      ],
      asMade: {
        stored: kept,
        order: { ...presentOrder(kept, []), ...links },
      },
    });
    return kept;
  });
  context.mailer.deliverDue();
  return { stored, links };
}
