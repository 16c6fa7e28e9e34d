import { outwardCode } from '../../shared/accounts/addresses';
import { penceToPounds } from '../../shared/money';
import type { OrderPayment } from '../../shared/payments/payment-methods';
import { arrivalWindow, deliveryWindow } from '../../shared/delivery/delivery-window';
import { addWorkingDays, ukDayOf } from '../delivery/delivery-dates';
import type { Order, RecipientOrder } from '../../shared/orders/orders';
import { runsTheShop } from '../accounts/authentication';
import type { UserAccount } from '../accounts/user-account';
import { guestCustomerIdOf } from '../customers/guest-customers';
import type { Db } from '../db/schema';
import { succeededRefundsOfOrders, type Refund } from '../payments/ledger.service';
import type { OrdersContext } from './orders-context';
import { orderEvents, type OrderEvent, type StoredOrder } from './orders.repository';

/** How an order from before the shop kept it was paid: through PayPal's buttons, all there was. */
const PAID_THROUGH_PAYPAL: OrderPayment = {
  method: 'paypal',
  brand: null,
  last4: null,
  liabilityShift: null,
};

/** The order as the API answers it, with the refunds that went through; `events` for admins. */
export function presentOrder(order: StoredOrder, refunds: Refund[], events?: OrderEvent[]): Order {
  const refunded = refunds.filter((refund) => refund.status === 'succeeded');
  return {
    _id: order.id,
    orderNumber: order.orderNumber,
    // A guest's order has no account; one of an account since closed keeps its name.
    user:
      order.userId === null && order.guestKeyHash !== null
        ? null
        : { _id: order.userId, name: order.userName },
    buyer: { name: order.userName, email: order.userEmail },
    orderItems: order.items.map((item) => ({
      name: item.name,
      brand: item.brand,
      image: item.image,
      product: item.productId,
      variant: item.variantId,
      variantLabel: item.variantLabel,
      qty: item.qty,
      price: penceToPounds(item.pricePence),
      discount: penceToPounds(item.discountPence),
      // Only a gift card line says who it is for.
      ...(item.giftCard ? { giftCard: item.giftCard } : {}),
      madeToOrder: item.madeToOrder,
      preorder: item.preorder,
      // Only a personalised line carries its text.
      ...(item.personalisation
        ? {
            personalisation: item.personalisation.text,
            personalisationLabel: item.personalisation.label,
            personalisationPrice: penceToPounds(item.personalisation.pricePence),
          }
        : {}),
    })),
    shippingAddress: order.shippingAddress,
    paymentMethod: order.paymentMethod,
    payment:
      order.payment ??
      (order.exchangeFor || order.giftCardPence >= order.totalPence ? null : PAID_THROUGH_PAYPAL),
    itemsPrice: penceToPounds(order.itemsPence),
    shippingPrice: penceToPounds(order.shippingPence),
    giftWrapPrice: penceToPounds(order.giftWrapPence),
    taxPrice: penceToPounds(order.taxPence),
    outsideVat: penceToPounds(order.outsideVatPence),
    giftCardVat: order.giftCardVat,
    totalPrice: penceToPounds(order.totalPence),
    voucher: order.voucherName,
    voucherDiscount: penceToPounds(order.voucherDiscountPence),
    promotionDiscount: penceToPounds(order.promotionDiscountPence),
    discounts: order.discounts.map((discount) => ({
      source: discount.source,
      name: discount.name,
      code: discount.code,
      amount: penceToPounds(discount.amountPence),
    })),
    giftCardPayments: order.giftCardPayments.map((payment) => ({
      last4: payment.last4,
      amount: penceToPounds(payment.amountPence),
    })),
    notes: order.notes,
    isPaid: order.paidAt !== null,
    paidAt: order.paidAt,
    isDispatched: order.dispatchedAt !== null,
    dispatchedAt: order.dispatchedAt,
    isDelivered: order.deliveredAt !== null,
    deliveredAt: order.deliveredAt,
    createdAt: order.createdAt,
    paymentResult: {
      id: order.paymentId,
      status: order.paymentStatus,
      update_time: order.paymentUpdateTime,
      email_address: order.payerEmail,
    },
    status: order.status,
    refunds: refunded.map((refund) => ({
      _id: refund.id,
      amount: penceToPounds(refund.amountPence),
      reason: refund.reason,
      createdAt: refund.updatedAt,
    })),
    refundedTotal: penceToPounds(refunded.reduce((sum, refund) => sum + refund.amountPence, 0)),
    tracking: order.tracking,
    returnRequest: order.returnRequest,
    ...(order.returnClosed ? { returnClosed: order.returnClosed } : {}),
    ...(order.exchangeFor ? { exchangeFor: order.exchangeFor } : {}),
    ...(order.exchangedBy ? { exchangedBy: order.exchangedBy } : {}),
    gift:
      order.giftMessage === null
        ? null
        : { message: order.giftMessage, wrap: order.giftWrapPence > 0 },
    delivery: order.delivery,
    ...(events
      ? {
          events: events.map((event) =>
            event.type === 'note' ? { ...event, text: event.detail ?? '' } : event,
          ),
          email: order.userEmail,
        }
      : {}),
  };
}

/**
 * A guest's order as its link shows it, to whoever holds the key: what was bought, the figures,
 * how it stands and its tracking, and whom and which town it goes to, with the postcode's first
 * half; never the street, phone, email or the buyer's notes, as links are forwarded.
 */
export function presentToKeyHolder(order: StoredOrder, refunds: Refund[]): Order {
  const whole = presentOrder(order, refunds);
  const { name, city, country, postalCode } = whole.shippingAddress;
  return {
    ...whole,
    user: null,
    shippingAddress: {
      name,
      address: '',
      line2: '',
      city,
      county: '',
      postalCode: outwardCode(postalCode),
      country,
      phone: '',
    },
    buyer: { name: whole.buyer.name, email: '' },
    notes: '',
    paymentResult: { ...whole.paymentResult, email_address: '' },
  };
}

const isoDay = (day: Date) => day.toISOString().slice(0, 10);

/** How many working days after `dispatch` a day is: a service's transit, read back from its dates. */
function workingDaysAfter(dispatch: string, day: string): number {
  let count = 0;
  while (count < 30 && addWorkingDays(dispatch, count) < day) count += 1;
  return count;
}

/**
 * When a parcel should arrive. An order sold with a service: the dates it was sold with while it
 * waits to go; once sent, its service's days counted from the day it went. An order from before
 * services: the shop's fixed window of then.
 */
function estimateOf(order: StoredOrder): RecipientOrder['estimate'] {
  const sold = order.delivery?.estimate;
  if (sold && order.status === 'paid') return { from: sold.from, to: sold.to };
  if (sold && order.status === 'dispatched' && order.dispatchedAt !== null) {
    const went = ukDayOf(new Date(order.dispatchedAt));
    return {
      from: addWorkingDays(went, workingDaysAfter(sold.dispatch, sold.from)),
      to: addWorkingDays(went, workingDaysAfter(sold.dispatch, sold.to)),
    };
  }
  if (order.status === 'dispatched' && order.dispatchedAt !== null) {
    const { earliest, latest } = arrivalWindow(order.dispatchedAt);
    return { from: isoDay(earliest), to: isoDay(latest) };
  }
  if (order.status === 'paid') {
    const { earliest, latest } = deliveryWindow(order.paidAt ?? order.createdAt);
    return { from: isoDay(earliest), to: isoDay(latest) };
  }
  return null;
}

/**
 * A gift as its recipient's link shows it, to whoever holds that key (a link the buyer forwards):
 * how it stands, its tracking and estimate, what is coming and the message, and who it is from;
 * never a price, the payment, or where the recipient lives beyond the town.
 */
export function presentToRecipient(order: StoredOrder): RecipientOrder {
  return {
    _id: order.id,
    orderNumber: order.orderNumber,
    forRecipient: true,
    from: order.userName,
    orderItems: order.items.map((item) => ({
      name: item.name,
      brand: item.brand,
      image: item.image,
      product: item.productId,
      variant: item.variantId,
      variantLabel: item.variantLabel,
      qty: item.qty,
    })),
    shippingAddress: { name: order.shippingAddress.name, city: order.shippingAddress.city },
    status: order.status,
    isDispatched: order.dispatchedAt !== null,
    dispatchedAt: order.dispatchedAt,
    isDelivered: order.deliveredAt !== null,
    deliveredAt: order.deliveredAt,
    createdAt: order.createdAt,
    tracking: order.tracking,
    estimate: estimateOf(order),
    gift: { message: order.giftMessage ?? '', wrap: order.giftWrapPence > 0 },
  };
}

/** One guest's order, with its refunds, as its link shows it. */
export async function presentOneToKeyHolder(
  { database }: Pick<OrdersContext, 'database'>,
  order: StoredOrder,
): Promise<Order> {
  return presentToKeyHolder(order, await succeededRefundsOfOrders(database.db, [order.id]));
}

/** Orders with their refunds, as lists answer them. */
export async function presentOrders(db: Db, orders: StoredOrder[]): Promise<Order[]> {
  const refunds = await succeededRefundsOfOrders(
    db,
    orders.map((order) => order.id),
  );
  return orders.map((order) =>
    presentOrder(
      order,
      refunds.filter((refund) => refund.orderId === order.id),
    ),
  );
}

/** The back office's page of an order's customer: the account's, or the guest's by their email. */
async function customerIdOf(db: Db, order: StoredOrder): Promise<string | undefined> {
  if (order.userId !== null) return order.userId;
  if (order.guestKeyHash === null) return undefined;
  return guestCustomerIdOf(db, order.userEmail);
}

/**
 * One order as its owner sees it, or for staff and admins with its history, email and a link to
 * its customer.
 */
export async function presentOne(
  { database }: OrdersContext,
  order: StoredOrder,
  viewer?: Pick<UserAccount, 'role'>,
): Promise<Order> {
  const { db } = database;
  if (!runsTheShop(viewer)) {
    return presentOrder(order, await succeededRefundsOfOrders(db, [order.id]));
  }
  const [refunds, events, customerId] = await Promise.all([
    succeededRefundsOfOrders(db, [order.id]),
    orderEvents(db, order.id),
    customerIdOf(db, order),
  ]);
  const presented = presentOrder(order, refunds, events);
  return customerId === undefined ? presented : { ...presented, customerId };
}
