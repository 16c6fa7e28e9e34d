/** Every TanStack Query key of the app, in one place so that mutations invalidate the right ones. */
export const queryKeys = {
  allProducts: ['products'] as const,
  products: (keyword: string, page: number) => ['products', { keyword, page }] as const,
  product: (id: string) => ['product', id] as const,
  similarProducts: (id: string) => ['product', id, 'similar'] as const,
  paymentConfig: ['config', 'payment'] as const,
  passwordResetLink: (token: string) => ['password-reset', token] as const,
  /** Everything under this key belongs to whoever is signed in, and is dropped when that changes. */
  session: ['session'] as const,
  profile: ['session', 'profile'] as const,
  users: ['session', 'users', 'list'] as const,
  user: (id: string) => ['session', 'users', 'detail', id] as const,
};
