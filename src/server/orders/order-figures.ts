/**
 * What other domains may read of the orders for the back office: the queues of work (paid orders
 * to send, returns asked for), the money taken each day, each customer's orders, totals and
 * addresses (an account's or a guest's), and
 * the sales of a VAT quarter. The orders' own names, from the one place that keeps them.
 */
export {
  ordersToDispatch,
  paidOrdersByDay,
  returnsAskedFor,
  type OrderToDispatch,
  type PaidOnDay,
  type ReturnAskedFor,
} from './orders.repository';
export {
  addressesOfOrders,
  guestOrderTotals,
  guestOrdersLeft,
  orderSummariesOf,
  orderTotalsOfCustomers,
  type CustomerOrderTotals,
  type GuestOrderTotals,
  type OrderSummary,
  type OrdersOwner,
} from './customer-orders.repository';
export {
  orderNumbersOf,
  salesAfter,
  salesTotals,
  type QuarterSale,
} from './paid-orders.repository';
