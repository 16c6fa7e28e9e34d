import type { PaymentMethod } from '../../../shared/payments/payment-methods';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { OrderAddressBody } from '../../../shared/accounts/addresses';
import { lineKey } from '../../../shared/orders/basket';
import type { BasketItem } from '../../../shared/orders/basket-item';
import type { Order } from '../../../shared/orders/orders';
import type { Quote, QuoteBody } from '../../../shared/orders/checkout';
import { PAYMENT_METHOD } from '../../../shared/settings/shop';
import { VOUCHER_ERRORS } from '../../../shared/vouchers/vouchers';
import { GIFT_CARD_ERRORS } from '../../../shared/gift-cards/gift-cards';
import { openPayment, orderLineOf, orderLinesOf, quoteKey } from '../../api/checkout';
import { ApiError } from '../../api/client';
import { submitOrder, useRememberNewOrder } from '../../api/orders';
import { useBasket } from '../../state/basket-store';
import { useSession } from '../../state/session-store';
import type { PlacedState } from '../../ui/RecipientLinkBox';
import type { GiftChoice } from './GiftOptions';

/** The page that thanks the shopper once an order is placed. */
export const confirmationPath = (orderId: string) =>
  `/account/order/${encodeURIComponent(orderId)}/thank-you`;

/**
 * What the shop prices: which products and how many (and who each gift card is for), the voucher
 * applied, if any, whether a gift is wrapped (its message costs nothing, so it is not sent to be
 * priced), the delivery service chosen (none: the shop's default) and the gift cards to pay with.
 */
export function quoteBodyOf(
  items: readonly BasketItem[],
  voucher: string | undefined,
  gift?: GiftChoice,
  delivery?: string,
  giftCards: readonly string[] = [],
): QuoteBody {
  return {
    orderItems: orderLinesOf(items),
    voucher,
    gift: gift && { message: '', wrap: gift.wrap },
    buyer: undefined,
    delivery,
    giftCards: [...giftCards],
  };
}

export const CARDS_PAY_IT_ALL =
  'Your gift cards now pay for the whole order: please place it with the Place order button.';
export const CARDS_NO_LONGER_PAY_IT_ALL =
  'Your gift cards no longer pay for the whole order: please check the total and pay the rest.';

/** Where the shopper goes once their order is placed: a guest to their order's own link. */
function placedPath(order: Order): string {
  if (!order.orderLink) return confirmationPath(order._id);
  const link = new URL(order.orderLink);
  return `${link.pathname}${link.search}`;
}

/** A line as the place-order screen shows it: the shop's price, with the basket's picture. */
export interface QuotedLine {
  product: string;
  variant: string | undefined;
  /** `Size: M`, or null for a product sold one way. */
  variantLabel: string | null;
  name: string;
  brand: string;
  image: string;
  price: number;
  qty: number;
  /** For a gift card: who it is for, the message and the day, as the basket holds them. */
  giftCard?: BasketItem['giftCard'];
  /** A personalised line's text and label, as the shop priced them. */
  personalisation: string | null;
  personalisationLabel: string | null;
}

/**
 * The basket line a quoted line prices: the one at its place, as the shop answers the lines in the
 * order sent (two cards of one amount are told apart only so), else the one of its product, option
 * and text.
 */
function basketLineOf(
  items: readonly BasketItem[],
  index: number,
  {
    product,
    variant,
    personalisation,
  }: { product: string; variant: string | null; personalisation: string | null },
): BasketItem | undefined {
  const atPlace = items[index];
  if (atPlace?.product === product && (atPlace.variant ?? null) === variant) return atPlace;
  const key = lineKey({
    product,
    variant,
    personalisation: personalisation === null ? undefined : { text: personalisation },
  });
  return items.find((candidate) => lineKey(candidate) === key);
}

export function quotedLines(quote: Quote, items: readonly BasketItem[]): QuotedLine[] {
  return quote.lines.map((line, index) => {
    const { product, variant, variantLabel, name, price, qty } = line;
    const { personalisation, personalisationLabel } = line;
    const item = basketLineOf(items, index, { product, variant, personalisation });
    return {
      product,
      variant: variant ?? undefined,
      variantLabel,
      name,
      price,
      qty,
      personalisation,
      personalisationLabel,
      brand: item?.brand ?? '',
      image: item?.image ?? '',
      ...(item?.giftCard ? { giftCard: item.giftCard } : {}),
      madeToOrder: line.madeToOrder ?? null,
      preorder: line.preorder ?? null,
    };
  });
}

/** The shop would not open the payment because its prices moved; the new figures are shown. */
export const isPriceChange = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === 'PRICE_CHANGED';

/** Every refusal of a voucher the shop words: unknown or deleted, expired, used up, spend too low. */
const VOUCHER_REFUSALS: readonly string[] = Object.keys(VOUCHER_ERRORS).filter(
  (code) => code !== 'VOUCHER_CODE_TAKEN',
);

/** The shop will not take the voucher sent; its words say why, beside the voucher field. */
export const isVoucherRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && VOUCHER_REFUSALS.includes(error.code);

/** A gift card the shop will not take: unknown, spent, expired or voided. */
export const isGiftCardRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code in GIFT_CARD_ERRORS;

/** The basket may not go by the service chosen (the shop's settings changed meanwhile). */
export const isDeliveryRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === 'DELIVERY_UNAVAILABLE';

/**
 * A failure the payment button need not tell: a price change is told beside the new figures, a
 * voucher refusal beside the voucher field, a delivery refused beside the services to choose from.
 */
export const isToldElsewhere = (error: unknown) =>
  isPriceChange(error) ||
  isVoucherRefusal(error) ||
  isDeliveryRefusal(error) ||
  isGiftCardRefusal(error);

/** Nothing was taken, so PayPal's window may offer another way to pay the same order. */
export const mayPayAnotherWay = (error: unknown) =>
  error instanceof ApiError &&
  (error.code === 'PAYMENT_DECLINED' ||
    error.code === 'PAYMENT_NOT_COMPLETED' ||
    error.code === 'PAYMENT_NOT_AUTHENTICATED');

export interface CheckoutInput {
  items: readonly BasketItem[];
  /** The whole address for an order sent; a collection's name and phone number. */
  address: OrderAddressBody;
  /**
   * The delivery service the figures were asked with (none: the shop's default); the payment and
   * the order name the one the figures were priced with.
   */
  delivery: string | undefined;
  /** The code of a voucher the shop has priced the basket with, if any. */
  voucherCode: string | undefined;
  notes: string;
  gift: GiftChoice;
  /** The figures the shopper is looking at; their total is the one they agree to pay. */
  quote: Quote;
  /** The shop's prices moved: `now` replaces the figures shown, which were `was`. */
  onPriceChanged: (was: Quote, now: Quote) => void;
  /** The shop would not send the basket by the service chosen, for the reason given. */
  onDeliveryRefused: (message: string) => void;
  /**
   * The shopper ticked that personalised items cannot be returned or cancelled for a change of
   * mind (asked only when a line is personalised).
   */
  personalisationTerms: boolean;
}

/** The two calls of paying, whichever button starts them. */
export interface Checkout {
  /**
   * Opens a payment for the total shown; answers the provider's payment id. When the shop's
   * prices moved, the new figures replace the shown ones and it rejects (see `isPriceChange`).
   */
  startPayment: (method?: PaymentMethod) => Promise<string>;
  /**
   * Records the order for an approved payment (null: the gift cards pay it all), empties the
   * basket and thanks the shopper.
   */
  completeOrder: (paymentId: string | null) => Promise<void>;
  /** Places an order the gift cards pay in full: no payment to approve, nothing taken by PayPal. */
  placePaidByGiftCards: () => Promise<void>;
  /** What the shopper agrees to pay by PayPal (the total less gift cards), for a wallet's sheet. */
  totalPrice: number;
}

export function useCheckout(input: CheckoutInput): Checkout {
  const { items, address, delivery, voucherCode, notes, gift, quote } = input;
  const terms = input.personalisationTerms ? { personalisationTerms: true } : {};
  const { onPriceChanged, onDeliveryRefused } = input;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const rememberNewOrder = useRememberNewOrder();
  const resetBasket = useBasket((state) => state.reset);
  const refuseVoucher = useBasket((state) => state.refuseVoucher);
  const giftCards = useBasket((state) => state.giftCardCodes);
  const refuseGiftCard = useBasket((state) => state.refuseGiftCard);
  const quoteBody = quoteBodyOf(items, voucherCode, gift, delivery, giftCards);
  // A guest's email goes with the payment and the order; a signed-in shopper's is their account's.
  const signedIn = useSession((state) => state.userInfo !== null);
  const guestEmail = useBasket((state) => state.guestEmail);
  const guestName = useBasket((state) => state.guestName);
  const buyer =
    signedIn || guestEmail === null
      ? { buyer: undefined }
      : { email: guestEmail, buyer: guestName ? { name: guestName } : undefined };
  // The voucher expired or was used up since it was priced: it goes, with the shop's words beside
  // the voucher field, and the figures without it are shown to pay again.
  // A delivery refused is told beside the services, for the shopper to choose another.
  const dropIfRefused = (error: unknown) => {
    if (voucherCode !== undefined && isVoucherRefusal(error)) {
      refuseVoucher({ code: voucherCode, message: error.message });
    }
    if (isDeliveryRefusal(error)) onDeliveryRefused(error.message);
    // Which card was refused is not said: all go, to be applied again with the shop's words.
    if (giftCards.length > 0 && isGiftCardRefusal(error)) {
      refuseGiftCard({ code: null, message: error.message });
    }
  };

  /** Opens the payment for the total shown; the answer says what, if anything, PayPal takes. */
  const open = async (method: PaymentMethod) => {
    try {
      return await openPayment({
        ...quoteBody,
        ...(method === 'paypal' ? {} : { method }),
        delivery: quote.delivery,
        ...buyer,
        gift,
        shippingAddress: address,
        expectedTotal: quote.totalPrice,
        ...terms,
      });
    } catch (error) {
      if (isPriceChange(error) && error.quote) {
        queryClient.setQueryData(quoteKey(quoteBody), error.quote);
        onPriceChanged(quote, error.quote);
      }
      dropIfRefused(error);
      throw error;
    }
  };

  const completeOrder = async (paymentId: string | null) => {
    const order = await submitOrder({
      orderItems: quotedLines(quote, items).map((line) => ({
        ...orderLineOf({ ...line, personalisation: undefined }),
        personalisation: line.personalisation ?? undefined,
        name: line.name,
        brand: line.brand,
        image: line.image,
        price: line.price,
      })),
      shippingAddress: address,
      paymentMethod: PAYMENT_METHOD,
      voucher: voucherCode,
      delivery: quote.delivery,
      notes,
      gift,
      giftCards: quoteBody.giftCards,
      ...buyer,
      paymentResult: paymentId === null ? null : { id: paymentId },
      ...terms,
    }).catch((error: unknown) => {
      dropIfRefused(error);
      throw error;
    });
    if (!order.orderLink) rememberNewOrder(order);
    // Leave first, so the checkout never flashes an empty basket; the address stays stored,
    // the voucher goes with the basket.
    const placed: PlacedState = { placed: true, recipientLink: order.recipientLink };
    void navigate(placedPath(order), { replace: true, state: placed });
    resetBasket();
  };

  return {
    totalPrice: quote.payable,
    startPayment: async (method = 'paypal') => {
      const payment = await open(method);
      if (payment.id === null) throw new Error(CARDS_PAY_IT_ALL);
      return payment.id;
    },
    completeOrder,
    placePaidByGiftCards: async () => {
      const payment = await open('paypal');
      if (payment.id !== null) throw new Error(CARDS_NO_LONGER_PAY_IT_ALL);
      await completeOrder(null);
    },
  };
}
