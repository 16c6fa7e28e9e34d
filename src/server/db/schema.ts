import type { ProductsTable, ProductVariantsTable, ReviewsTable } from '../catalog/catalog.tables';
import type { StockAlertsTable } from '../stock-alerts/stock-alerts.table';
import type { PasswordResetsTable, UsersTable } from '../accounts/users.table';
import type { SubscribersTable } from '../newsletter/subscribers.table';
import type { OrderEventsTable, OrderItemsTable, OrdersTable } from '../orders/orders.tables';
import type { PaymentsTable, RefundsTable } from '../payments/payments.tables';
import type { VoucherRedemptionsTable, VouchersTable } from '../vouchers/vouchers.table';

export interface Database {
  users: UsersTable;
  password_resets: PasswordResetsTable;
  products: ProductsTable;
  product_variants: ProductVariantsTable;
  stock_alerts: StockAlertsTable;
  reviews: ReviewsTable;
  subscribers: SubscribersTable;
  vouchers: VouchersTable;
  payments: PaymentsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_events: OrderEventsTable;
  refunds: RefundsTable;
  voucher_redemptions: VoucherRedemptionsTable;
}
