/** Every TanStack Query key of the app, in one place so that mutations invalidate the right ones. */
export const queryKeys = {
  allProducts: ['products'] as const,
  products: (keyword: string, page: number) => ['products', { keyword, page }] as const,
  /** Every product page and its similar items. */
  allProductDetails: ['product'] as const,
  product: (id: string) => ['product', id] as const,
  similarProducts: (id: string) => ['product', id, 'similar'] as const,
  paymentConfig: ['config', 'payment'] as const,
  /** The provider's script, loaded once per client id. */
  paypalSdk: (clientId: string) => ['paypal-sdk', clientId] as const,
  passwordResetLink: (token: string) => ['password-reset', token] as const,
  /** Everything under this key belongs to whoever is signed in, and is dropped when that changes. */
  session: ['session'] as const,
  profile: ['session', 'profile'] as const,
  users: ['session', 'users', 'list'] as const,
  user: (id: string) => ['session', 'users', 'detail', id] as const,
  /** Every order list and detail; a new order or a change of state refreshes them all. */
  allOrders: ['session', 'orders'] as const,
  myOrders: ['session', 'orders', 'mine'] as const,
  orders: ['session', 'orders', 'all'] as const,
  order: (id: string) => ['session', 'orders', 'detail', id] as const,
  voucherByCode: (code: string) => ['session', 'vouchers', 'code', code] as const,
};
