/** Every TanStack Query key of the app, in one place so that mutations invalidate the right ones. */
export const queryKeys = {
  allProducts: ['products'] as const,
  /** `listing`: the filters and sort as the API is sent them (`metal=9ct+gold&sort=newest`). */
  products: (keyword: string, page: number, shelf?: string, listing = '') =>
    ['products', { keyword, page, shelf: shelf ?? '', listing }] as const,
  /** Every product page and its similar items. */
  allProductDetails: ['product'] as const,
  product: (id: string) => ['product', id] as const,
  similarProducts: (id: string) => ['product', id, 'similar'] as const,
  paymentConfig: ['config', 'payment'] as const,
  /** The provider's script, loaded once per client id. */
  paypalSdk: (options: string) => ['paypal-sdk', options] as const,
  wallets: (applePay: boolean, googlePay: boolean) => ['wallets', applePay, googlePay] as const,
  passwordResetLink: (token: string) => ['password-reset', token] as const,
  /** Everything under this key belongs to whoever is signed in, and is dropped when that changes. */
  session: ['session'] as const,
  profile: ['session', 'profile'] as const,
  /** Whether the signed-in account has proved its email address. */
  emailProof: ['session', 'email-proof'] as const,
  /** The link of a mail that proves an account's address: called once per visit. */
  proveEmail: (token: string) => ['prove-email', token] as const,
  /** The signed-in customer's saved delivery addresses. */
  addressBook: ['session', 'address-book'] as const,
  /** The signed-in customer's wishlist. */
  wishlist: ['session', 'wishlist'] as const,
  /** Every page of the admin's user list. */
  userLists: ['session', 'users', 'list'] as const,
  users: (page: number) => ['session', 'users', 'list', page] as const,
  user: (id: string) => ['session', 'users', 'detail', id] as const,
  /** Every order list and detail; a new order or a change of state refreshes them all. */
  allOrders: ['session', 'orders'] as const,
  /** One page of the signed-in customer's own orders. */
  myOrders: (page: number) => ['session', 'orders', 'mine', page] as const,
  /** The signed-in customer's open orders, which closing the account would keep whole. */
  ordersKeptIfClosed: ['session', 'orders', 'mine', 'kept-if-closed'] as const,
  /** One page of the back office's order search, by its words, status, paid days and page. */
  orderSearch: (search: { q: string; status: string; from: string; to: string; page: number }) =>
    ['session', 'orders', 'all', search] as const,
  /** The pick list and packing slips of the orders given, in that order. */
  slips: (ids: readonly string[]) => ['session', 'orders', 'slips', ids.join(',')] as const,
  /** One order: its owner's or staff's, or a guest's opened by the key of its link. */
  order: (id: string, key?: string) =>
    key === undefined
      ? (['session', 'orders', 'detail', id] as const)
      : (['guest-orders', id, key] as const),
  /** The signed-in customer's own review of a product (or null). */
  myReview: (productId: string) => ['session', 'my-review', productId] as const,
  /** Every page of the owner's queue of reviews. */
  allReviewQueues: ['session', 'review-queue'] as const,
  reviewQueue: (reportedOnly: boolean, page: number) =>
    ['session', 'review-queue', { reportedOnly, page }] as const,
  failedRefunds: ['session', 'orders', 'failed-refunds'] as const,
  /** Today's work: under the orders, so that any change to an order asks for it again. */
  desk: ['session', 'orders', 'desk'] as const,
  /** A quarter's VAT return (`''`: the one running now): under the orders, as a refund changes it. */
  vatReport: (quarter: string) => ['session', 'orders', 'vat', quarter] as const,
  /** The latest payments the shop took that made no order, each with its refund. */
  paymentsWithoutOrder: ['session', 'payments', 'without-order'] as const,
  shopIdentity: ['config', 'shop'] as const,
  /** Every delivery answer: the settings' save drops them all. */
  allDelivery: ['delivery'] as const,
  /** The services a basket (`product[:variant]:qty,...`, '' for none) may use, with their dates. */
  delivery: (items: string) => ['delivery', items] as const,
  /** The owner's settings document, as the back office edits it. */
  settings: ['session', 'settings'] as const,
  allVouchersByCode: ['session', 'vouchers', 'code'] as const,
  voucherByCode: (code: string) => ['session', 'vouchers', 'code', code] as const,
  /** The back office's products, drafts included: every page of the list, and each product. */
  allAdminProducts: ['session', 'admin-products'] as const,
  adminProductLists: ['session', 'admin-products', 'list'] as const,
  adminProducts: (page: number) => ['session', 'admin-products', 'list', page] as const,
  adminProduct: (id: string) => ['session', 'admin-products', 'detail', id] as const,
  /** Every product's and variant's price history: a save of any product may move them. */
  priceHistories: ['session', 'admin-products', 'price-history'] as const,
  /** A product's own price history (`variant` ''), or one of its variants'. */
  priceHistory: (id: string, variant: string) =>
    ['session', 'admin-products', 'price-history', id, variant] as const,
  adminVoucherLists: ['session', 'admin-vouchers', 'list'] as const,
  adminVouchers: (page: number) => ['session', 'admin-vouchers', 'list', page] as const,
  adminVoucher: (id: string) => ['session', 'admin-vouchers', 'detail', id] as const,
  /** The back office's automatic promotions: every page of the list, and each promotion. */
  adminPromotionLists: ['session', 'admin-promotions', 'list'] as const,
  adminPromotions: (page: number) => ['session', 'admin-promotions', 'list', page] as const,
  adminPromotion: (id: string) => ['session', 'admin-promotions', 'detail', id] as const,
  /** The owner's newsletters: every page of the list, and each newsletter with its preview. */
  adminNewsletterLists: ['session', 'admin-newsletters', 'list'] as const,
  adminNewsletters: (page: number) => ['session', 'admin-newsletters', 'list', page] as const,
  adminNewsletter: (id: string) => ['session', 'admin-newsletters', 'detail', id] as const,
  /** The back office's gift cards: every page of the list however searched, and each card. */
  allAdminGiftCards: ['session', 'admin-gift-cards'] as const,
  adminGiftCardLists: ['session', 'admin-gift-cards', 'list'] as const,
  adminGiftCards: (q: string, page: number) =>
    ['session', 'admin-gift-cards', 'list', { q, page }] as const,
  adminGiftCard: (id: string) => ['session', 'admin-gift-cards', 'detail', id] as const,
  subscribers: (page: number) => ['session', 'subscribers', page] as const,
  /** The back office's customers, found by name or email. */
  customers: (q: string, page: number) => ['session', 'customers', { q, page }] as const,
  /** Every page of the audit log, however narrowed. */
  allAudit: ['session', 'audit'] as const,
  /** The audit log; every change made in the back office adds to it. */
  audit: (q: string, page: number) => ['session', 'audit', { q, page }] as const,
  /** The signed-in person's consents to marketing mail. */
  consents: ['session', 'consents'] as const,
  /** The one-click unsubscribe page's one call, made once per visit to its link. */
  oneClickUnsubscribe: (token: string) => ['one-click-unsubscribe', token] as const,
  basketRestore: (token: string) => ['basket-restore', token] as const,
  /** The unsubscribe page's one call, made once per visit to its link. */
  unsubscribe: (token: string) => ['unsubscribe', token] as const,
  /** The newsletter confirmation page's one call, made once per visit to its link. */
  confirmSubscription: (token: string) => ['confirm-subscription', token] as const,
  /** The cancel link of a back-in-stock mail, called once per visit. */
  cancelStockAlert: (token: string) => ['cancel-stock-alert', token] as const,
};
