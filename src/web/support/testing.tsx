import { NO_FACETS } from '../../shared/catalog/facets';
import type { ProductDetail } from '../../shared/catalog/catalog';
/** Helpers for the browser app's component tests. */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createMemoryRouter,
  RouterProvider,
  type InitialEntry,
  type RouteObject,
} from 'react-router';
import { vi } from 'vitest';
import { userSchema, type UserInfo } from '../../shared/accounts/users';
import type { Order } from '../../shared/orders/orders';
import { createQueryClient } from '../api/query-client';
import { useBasket } from '../state/basket-store';
import { usePanels } from '../state/panel-store';
import { useSession } from '../state/session-store';
import { useToast } from '../state/toast-store';
import { useGuestWishlist } from '../state/wishlist-store';
import { useRecentlyViewed } from '../state/recently-viewed-store';

export const ann: UserInfo = {
  _id: 'a1b2c3d4e5f6a1b2c3d4e5f6',
  name: 'Ann Shopper',
  email: 'ann@example.com',
  isAdmin: false,
  role: 'customer',
  token: 'token-of-ann',
};

/** Staff: orders, stock and customers, and nothing of the owner's. */
export const sam: UserInfo = {
  ...ann,
  _id: 'staff0000000000000000000',
  name: 'Sam Staff',
  role: 'staff',
};

export function signInAs(userInfo: UserInfo) {
  act(() => useSession.getState().signIn(userInfo));
}

/**
 * Stores are modules: each test starts signed out, with no basket, address, voucher, toast, panel,
 * wishlist or products viewed.
 */
export function resetStores() {
  act(() => {
    useSession.setState({ userInfo: null, endedBy: null });
    useBasket.setState({
      basketItems: [],
      shippingAddress: null,
      voucherCode: null,
      voucherRefusal: null,
      giftCardCodes: [],
      giftCardRefusal: null,
      guestEmail: null,
      delivery: null,
      keptToken: null,
    });
    useToast.setState({ message: null });
    usePanels.setState({ panel: null, isOpen: false });
    useGuestWishlist.setState({ entries: [] });
    useRecentlyViewed.setState({ ids: [] });
  });
}

type Answer = readonly [status: number, body: unknown];

const urlOf = (input: RequestInfo | URL) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/**
 * Stands in for the server: `answer` gets each call's method and path (`/api/...`) and returns
 * the status and JSON body to answer with. The calls are recorded.
 */
export function answerBy(answer: (method: string, path: string) => Answer) {
  const fetch = vi.fn<typeof globalThis.fetch>(async (input, init) => {
    const [status, body] = answer(init?.method ?? 'GET', urlOf(input));
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/**
 * Puts text into a field at once, as pasting does, where a test is about what the page makes of
 * the text rather than about keys: each key typed re-renders the form around the field, and long
 * strings typed key by key made tests take seconds on a busy machine.
 */
export async function pasteInto(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

/** Answers every call with one status and JSON body. */
export const answerWith = (status: number, body: unknown) => answerBy(() => [status, body]);

type FetchMock = ReturnType<typeof answerBy>;

/** Each recorded call as the server saw it: method, path and JSON body. */
export function callsOf(fetch: FetchMock) {
  return fetch.mock.calls.map(([input, init]) => ({
    method: init?.method ?? 'GET',
    path: urlOf(input),
    body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
  }));
}

/** The JSON body of the `index`th recorded call. */
export const sentBody = (fetch: FetchMock, index = 0): unknown => callsOf(fetch)[index]?.body;

/** The user as `GET /users/profile` and the admin calls answer it: without a token. */
export const userOf = (userInfo: UserInfo) => userSchema.parse(userInfo);

/**
 * Renders pages at their own paths, with any other path a plain page, so that a redirect is seen
 * where it lands (the shared `renderInApp` shows one element at every path). `at` may carry the
 * state another page navigated with.
 */
export function renderRoutes(
  routes: RouteObject[] | ((queryClient: QueryClient) => RouteObject[]),
  at: InitialEntry,
) {
  const queryClient = createQueryClient();
  const pages = typeof routes === 'function' ? routes(queryClient) : routes;
  const router = createMemoryRouter([...pages, { path: '*', element: <p>Another page</p> }], {
    initialEntries: [at],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return () => `${router.state.location.pathname}${router.state.location.search}`;
}

/** A paid, undispatched order of Ann's as the server answers it; `changes` override any field. */
export function orderOf(changes: Partial<Order> = {}): Order {
  return {
    _id: 'order0000000000000000001',
    orderNumber: 'K7QF-3MXA',
    user: { _id: ann._id, name: ann.name },
    buyer: { name: ann.name, email: ann.email },
    orderItems: [
      {
        name: 'Silver Pendant',
        brand: 'Larkspur',
        image: '/uploads/pendant.webp',
        product: 'p1',
        variant: null,
        variantLabel: null,
        qty: 2,
        price: 20,
        discount: 0,
      },
    ],
    shippingAddress: {
      name: 'Ann Archer',
      address: '1 Mill Lane',
      line2: '',
      city: 'Bristol',
      county: '',
      postalCode: 'BS1 4DJ',
      country: 'United Kingdom',
      phone: '',
    },
    paymentMethod: 'PayPal',
    payment: { method: 'paypal', brand: null, last4: null, liabilityShift: null },
    itemsPrice: 40,
    shippingPrice: 4.99,
    giftWrapPrice: 0,
    taxPrice: 7.5,
    totalPrice: 44.99,
    voucher: null,
    voucherDiscount: 0,
    promotionDiscount: 0,
    discounts: [],
    giftCardPayments: [],
    notes: '',
    isPaid: true,
    paidAt: '2026-03-02T10:00:00.000Z',
    isDispatched: false,
    dispatchedAt: null,
    isDelivered: false,
    deliveredAt: null,
    createdAt: '2026-03-02T09:59:00.000Z',
    paymentResult: { id: 'PAY-1', status: 'COMPLETED', update_time: '', email_address: '' },
    status: 'paid',
    refunds: [],
    refundedTotal: 0,
    tracking: null,
    returnRequest: null,
    gift: null,
    delivery: null,
    ...changes,
  };
}

/** A tee sold in sizes S, M and L: M and L cost more, L is sold out. */
export const teeInSizes: ProductDetail = {
  _id: 'tee00000000000000000001',
  name: 'Breton Stripe Tee',
  brand: 'Tidewell & Co.',
  image: '/uploads/tee.webp',
  images: [{ url: '/uploads/tee.webp', alt: 'Breton Stripe Tee' }],
  price: 32,
  compareAtPrice: null,
  description: 'A heavy cotton tee.',
  category: 't-shirts',
  countInStock: 5,
  weightGrams: 0,
  rating: 0,
  numReviews: 0,
  createdAt: '2026-03-02T10:00:00.000Z',
  options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
  variants: [
    {
      _id: 'v-s',
      options: { Size: 'S' },
      sku: 'BRT-S',
      price: 32,
      compareAtPrice: null,
      countInStock: 3,
      weightGrams: 0,
    },
    {
      _id: 'v-m',
      options: { Size: 'M' },
      sku: 'BRT-M',
      price: 34,
      compareAtPrice: null,
      countInStock: 2,
      weightGrams: 0,
    },
    {
      _id: 'v-l',
      options: { Size: 'L' },
      sku: 'BRT-L',
      price: 34,
      compareAtPrice: null,
      countInStock: 0,
      weightGrams: 0,
    },
  ],
  specifications: [{ label: 'Fabric', value: '100% organic cotton' }],
  facets: NO_FACETS,
  madeToOrder: null,
  preorder: null,
  personalisation: null,
  reviews: [],
};
