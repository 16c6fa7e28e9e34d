import { penceToPounds } from '../../shared/money';
import type { Order } from '../../shared/orders';
import { runsTheShop } from '../accounts/authentication';
import type { UserAccount } from '../accounts/user-account';
import type { Db } from '../db/schema';
import { succeededRefundsOfOrders, type Refund } from '../payments/ledger.service';
import type { OrdersContext } from './orders-context';
import { orderEvents, type OrderEvent, type StoredOrder } from './orders.repository';

/** The order as the API answers it, with the refunds that went through; `events` for admins. */
export function presentOrder(order: StoredOrder, refunds: Refund[], events?: OrderEvent[]): Order {
  const refunded = refunds.filter((refund) => refund.status === 'succeeded');
  return {
    _id: order.id,
    orderNumber: order.orderNumber,
    user: { _id: order.userId, name: order.userName },
    orderItems: order.items.map((item) => ({
      name: item.name,
      brand: item.brand,
      image: item.image,
      product: item.productId,
      variant: item.variantId,
      variantLabel: item.variantLabel,
      qty: item.qty,
      price: penceToPounds(item.pricePence),
    })),
    shippingAddress: order.shippingAddress,
    paymentMethod: order.paymentMethod,
    itemsPrice: penceToPounds(order.itemsPence),
    shippingPrice: penceToPounds(order.shippingPence),
    taxPrice: penceToPounds(order.taxPence),
    totalPrice: penceToPounds(order.totalPence),
    voucher: order.voucherName,
    voucherDiscount: penceToPounds(order.voucherDiscountPence),
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

/** One order as its owner sees it, or with its history and email for staff and admins. */
export async function presentOne(
  { database }: OrdersContext,
  order: StoredOrder,
  viewer?: Pick<UserAccount, 'role'>,
): Promise<Order> {
  const { db } = database;
  const refunds = await succeededRefundsOfOrders(db, [order.id]);
  const events = runsTheShop(viewer) ? await orderEvents(db, order.id) : undefined;
  return presentOrder(order, refunds, events);
}
