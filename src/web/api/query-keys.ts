/** Every TanStack Query key of the app, in one place so that mutations invalidate the right ones. */
export const queryKeys = {
  products: (keyword: string, page: number) => ['products', { keyword, page }] as const,
  product: (id: string) => ['product', id] as const,
  similarProducts: (id: string) => ['product', id, 'similar'] as const,
  paymentConfig: ['config', 'payment'] as const,
};
