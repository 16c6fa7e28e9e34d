export { linesToMake, type LineToMake } from './lines-to-make.repository';
export {
  ordersToDispatch,
  paidOrdersByDay,
  paidOrdersOfEmails,
  returnsAskedFor,
  type OrderToDispatch,
  type PaidOnDay,
  type PaidOrderOfEmail,
  type ReturnAskedFor,
} from './order-work.repository';
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
  ordersPartlyOutsideVat,
  salesAfter,
  salesTotals,
  type QuarterSale,
} from './paid-orders.repository';
