import type { Kysely } from 'kysely';
import type { MailOutboxTable } from '../mail/mail-outbox.table';
import type {
  PriceHistoryTable,
  ProductImagesTable,
  ProductsTable,
  ProductVariantsTable,
  ReviewReportsTable,
  ReviewsTable,
} from '../catalog/catalog.tables';
import type { StockAlertsTable } from '../stock-alerts/stock-alerts.table';
import type { PasswordResetsTable, UsersTable } from '../accounts/users.table';
import type { SavedAddressesTable } from '../accounts/address-book.table';
import type { SubscribersTable } from '../newsletter/subscribers.table';
import type { ConsentsTable } from '../consents/consents.table';
import type { NewsletterSendsTable, NewslettersTable } from '../newsletters/newsletters.tables';
import type {
  BasketRemindersTable,
  KeptBasketKeysTable,
  KeptBasketsTable,
} from '../baskets/kept-baskets.table';
import type {
  OrderEventsTable,
  OrderItemsTable,
  OrdersTable,
  OrderWordsTable,
} from '../orders/orders.tables';
import type { AuditEntriesTable, AuditWordsTable } from '../audit/audit.table';
import type { PaymentsTable, RefundsTable } from '../payments/payments.tables';
import type { StoredImagesTable } from '../uploads/stored-images.table';
import type { VoucherRedemptionsTable, VouchersTable } from '../vouchers/vouchers.table';
import type { PromotionsTable } from '../promotions/promotions.table';
import type { WishlistEntriesTable } from '../wishlist/wishlist.table';
import type { ListSizeChangesTable } from '../sql/list-sizes.table';
import type { CustomerNotesTable, GuestCustomersTable } from '../customers/customers.tables';
import type { SettingsTable } from '../settings/settings.table';
import type { GiftCardEntriesTable, GiftCardsTable } from '../gift-cards/gift-cards.tables';

export interface Database {
  users: UsersTable;
  password_resets: PasswordResetsTable;
  saved_addresses: SavedAddressesTable;
  wishlist_entries: WishlistEntriesTable;
  products: ProductsTable;
  product_variants: ProductVariantsTable;
  product_images: ProductImagesTable;
  price_history: PriceHistoryTable;
  stock_alerts: StockAlertsTable;
  reviews: ReviewsTable;
  review_reports: ReviewReportsTable;
  subscribers: SubscribersTable;
  consents: ConsentsTable;
  kept_baskets: KeptBasketsTable;
  kept_basket_keys: KeptBasketKeysTable;
  basket_reminders: BasketRemindersTable;
  newsletters: NewslettersTable;
  newsletter_sends: NewsletterSendsTable;
  vouchers: VouchersTable;
  promotions: PromotionsTable;
  payments: PaymentsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_events: OrderEventsTable;
  order_words: OrderWordsTable;
  refunds: RefundsTable;
  voucher_redemptions: VoucherRedemptionsTable;
  mail_outbox: MailOutboxTable;
  stored_images: StoredImagesTable;
  audit_entries: AuditEntriesTable;
  audit_words: AuditWordsTable;
  list_size_changes: ListSizeChangesTable;
  guest_customers: GuestCustomersTable;
  customer_notes: CustomerNotesTable;
  settings: SettingsTable;
  gift_cards: GiftCardsTable;
  gift_card_entries: GiftCardEntriesTable;
}

/**
 * The shop's database, or a transaction on it: what repositories and services take first, so
 * that a service can join its caller's transaction.
 */
export type Db = Kysely<Database>;
