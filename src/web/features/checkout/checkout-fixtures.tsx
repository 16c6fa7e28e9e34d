import type { PaymentConfig } from '../../../shared/payments/payments';
/** What the checkout's component tests share: a basket, an address, and the shop's answers. */
import { act, screen, within } from '@testing-library/react';
import { vi } from 'vitest';
import type { SavedAddress } from '../../../shared/accounts/address-book';
import type { ShippingAddress } from '../../../shared/accounts/addresses';
import type { BasketItem } from '../../../shared/orders/basket-item';
import { penceToPounds, poundsToPence } from '../../../shared/money';
import type { Quote } from '../../../shared/orders/checkout';
import { defaultDeliveryOption, type DeliveryAnswer } from '../../../shared/delivery/delivery';
import { itemsTotal, priceOrder } from '../../../shared/orders/pricing';
import { useBasket, type StoredAddress } from '../../state/basket-store';
import { demoDeliveryAnswer, demoOptionsFor } from '../../support/delivery-fixtures';
import { callsOf } from '../../support/testing';
import { OrderConfirmationPage } from './OrderConfirmationPage';
import { PaymentMethodPage } from './PaymentMethodPage';
import { PlaceOrderPage } from './PlaceOrderPage';
import { ShippingPage } from './ShippingPage';

export const home: ShippingAddress = {
  name: 'Ann Archer',
  address: '1 Mill Lane',
  line2: '',
  city: 'Bristol',
  county: '',
  postalCode: 'BS1 4DJ',
  country: 'United Kingdom',
  phone: '',
};

export const pendant: BasketItem = {
  product: 'p1',
  name: 'Silver Pendant',
  brand: 'Larkspur',
  image: '/uploads/pendant.webp',
  price: 20,
  countInStock: 5,
  qty: 2,
};

/** The ways to pay of a new shop: PayPal and cards. */
export const NEW_SHOP_METHODS = {
  card: true,
  applePay: false,
  googlePay: false,
  payLaterMessages: false,
};

export const testConfig: PaymentConfig = {
  provider: 'test',
  clientId: '',
  currency: 'GBP',
  giftWrapPrice: 3.5,
  methods: NEW_SHOP_METHODS,
  sdkUrl: 'https://www.paypal.com/sdk/js',
  googlePaySdkUrl: 'https://pay.google.com/gp/p/js/pay.js',
  live: false,
};

/** Checkout's pages at the paths the shop gives them. */
export const checkoutRoutes = [
  { path: '/checkout/shipping', element: <ShippingPage /> },
  { path: '/checkout/payment', element: <PaymentMethodPage /> },
  { path: '/checkout/placeorder', element: <PlaceOrderPage /> },
  { path: '/account/order/:id/thank-you', element: <OrderConfirmationPage /> },
];

export function fillBasket(items: BasketItem[], address: StoredAddress | null = home) {
  act(() => useBasket.setState({ basketItems: items, shippingAddress: address }));
}

/** The value shown against a term of the order summary. */
export function summaryValue(term: string): string | null {
  const summary = screen.getByRole('complementary', { name: 'Order summary' });
  const row = within(summary).getByText(term).parentElement;
  return row?.querySelector('dd')?.textContent ?? null;
}

/**
 * The shop's quote for lines at the given prices (pounds), less a voucher of `voucher` pounds,
 * with gift wrap of `wrap` pounds, sent by the demo service `delivery` (unasked: the cheapest that
 * sends it), with every demo service the basket may use.
 */
export function quoteFor(
  lines: readonly BasketItem[],
  voucher = 0,
  wrap = 0,
  delivery?: string,
): Quote {
  const priced = lines.map((line) => ({ pricePence: poundsToPence(line.price), qty: line.qty }));
  const itemsPence = itemsTotal(priced);
  const options = demoOptionsFor(itemsPence, Math.min(poundsToPence(voucher), itemsPence));
  const chosen =
    delivery === undefined
      ? defaultDeliveryOption(options)
      : options.find((option) => option.id === delivery);
  if (!chosen) throw new Error(`The demo shop does not offer ${String(delivery)} for this basket`);
  const price = priceOrder(priced, {
    deliveryPence: poundsToPence(chosen.price),
    voucherPence: Math.min(poundsToPence(voucher), itemsPence),
    giftWrapPence: poundsToPence(wrap),
  });
  const voucherDiscount = penceToPounds(price.voucherDiscountPence);
  return {
    lines: lines.map(({ product, variant, variantLabel, name, price: linePrice, qty }) => ({
      product,
      variant: variant ?? null,
      variantLabel: variantLabel ?? null,
      name,
      price: linePrice,
      qty,
      discount: 0,
      personalisation: null,
      personalisationLabel: null,
      personalisationPrice: 0,
    })),
    itemsPrice: penceToPounds(price.itemsPence),
    shippingPrice: penceToPounds(price.shippingPence),
    giftWrapPrice: penceToPounds(price.giftWrapPence),
    voucherDiscount,
    promotionDiscount: 0,
    discounts:
      voucherDiscount > 0
        ? [{ source: 'voucher', name: 'Five off', code: 'FIVE', amount: voucherDiscount }]
        : [],
    discountNote: null,
    taxPrice: penceToPounds(price.taxPence),
    totalPrice: penceToPounds(price.totalPence),
    giftCardPayments: [],
    payable: penceToPounds(price.totalPence),
    delivery: chosen.id,
    deliveryOptions: options,
  };
}

type Answer = readonly [status: number, body: unknown];

/**
 * Stands in for the shop like `answerBy`, and also hands `answer` the JSON body of each call, since
 * the quote and the payment answer by what they are sent. `GET /api/delivery` answers `delivery`
 * (by default the demo shop's services for the basket held), unless `answer` is asked for it too.
 */
export function answerBySent(
  answer: (method: string, path: string, sent: unknown) => Answer,
  { delivery = demoDeliveryAnswer }: { delivery?: (() => DeliveryAnswer) | 'asked' } = {},
) {
  const fetch = vi.fn<typeof globalThis.fetch>(async (input, init) => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const sent: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const [status, body] =
      delivery !== 'asked' && path.startsWith('/api/delivery')
        ? [200, delivery()]
        : answer(init?.method ?? 'GET', path, sent);
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/**
 * The shop's answers to the address book's calls for a customer whose book holds `book`: the book
 * listed, a new address saved as sent, a chosen one moved up; undefined for any other call.
 */
export function addressBookAnswer(
  method: string,
  path: string,
  sent: unknown,
  book: readonly SavedAddress[] = [],
): Answer | undefined {
  if (path === '/api/users/addresses') {
    const address = typeof sent === 'object' && sent !== null ? sent : {};
    return method === 'POST' ? [201, { _id: 'saved-new', ...address }] : [200, book];
  }
  const chosen = /^\/api\/users\/addresses\/([^/]+)\/use$/.exec(path)?.[1];
  const found = book.find((address) => address._id === chosen);
  if (method === 'POST' && found) return [200, found];
  return undefined;
}

/** One field of the JSON body a call sent, such as its voucher code or expected total. */
export const sentField = (sent: unknown, key: string): unknown =>
  typeof sent === 'object' && sent !== null && key in sent ? Reflect.get(sent, key) : undefined;

export const voucherOf = (sent: unknown): unknown => sentField(sent, 'voucher');

/** The calls recorded, less those asking which delivery services the basket may use. */
export const callsBesideDelivery = (fetch: ReturnType<typeof answerBySent>) =>
  callsOf(fetch).filter(({ path }) => !path.startsWith('/api/delivery'));
