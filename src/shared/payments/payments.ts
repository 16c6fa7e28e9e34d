import * as z from 'zod';
import { orderDiscountSchema } from '../orders/checkout';
import { deliveryOptionSchema } from '../delivery/delivery';
import { paymentMethodsOnSchema } from './payment-methods';
import { giftCardPaymentSchema } from '../gift-cards/gift-cards';

/**
 * What can go wrong with a payment, and with giving money back, and the HTTP status of each. A
 * refund the order's own rules refuse (too large, an unknown item) is an order error.
 */
export const PAYMENT_ERRORS = {
  PAYMENT_NOT_FOUND: 404,
  PAYMENT_DECLINED: 402,
  /** A card or wallet payment whose 3-D Secure result does not let the shop take it. */
  PAYMENT_NOT_AUTHENTICATED: 402,
  /** A way to pay the owner has turned off. */
  METHOD_OFF: 400,
  PAYMENT_NOT_COMPLETED: 402,
  PAYMENT_MISMATCH: 402,
  PAYMENT_CLOSED: 409,
  PAYMENT_USED_BY_ANOTHER: 409,
  /** An order for other items than those its payment was opened for: nothing is captured. */
  PAYMENT_BASKET_CHANGED: 409,
  REFUND_FAILED: 502,
  REFUND_NOT_FOUND: 404,
  REFUND_BEING_ASKED: 409,
} as const;

export const PAYMENT_PROVIDERS = ['paypal', 'test'] as const;

/** What the browser needs to show the provider's buttons, and what gift wrap costs (0: none). */
export const paymentConfigSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  clientId: z.string(),
  currency: z.literal('GBP'),
  giftWrapPrice: z.number(),
  /** The ways to pay beside PayPal that the owner has on, and Pay Later messages. */
  methods: paymentMethodsOnSchema,
  /** Where PayPal's JS SDK is loaded from (a stand-in's in tests). */
  sdkUrl: z.string(),
  googlePaySdkUrl: z.string(),
  /** True when payments are real (PayPal's live API), for the wallets' own test switches. */
  live: z.boolean(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/**
 * A payment opened for a basket: the provider's id, the order's total, and what the provider is
 * asked for (`payable`: the total less the gift cards). When the cards pay it all, no payment is
 * opened: `id` is null and `payable` 0, and the order is placed with `paymentResult: null`.
 */
export const paymentAnswerSchema = z.object({
  id: z.string().nullable(),
  totalPrice: z.number(),
  payable: z.number(),
  giftCardPayments: z.array(giftCardPaymentSchema),
  /** The services this basket may use, with their prices and dates, cheapest first. */
  deliveryOptions: z.array(deliveryOptionSchema),
  /** What the voucher's code and the promotions take off, and each discount. */
  voucherDiscount: z.number(),
  promotionDiscount: z.number(),
  discounts: z.array(orderDiscountSchema),
});
export type PaymentAnswer = z.infer<typeof paymentAnswerSchema>;

/** A payment opened with the provider: something was left to pay after the gift cards. */
export const providerPaymentAnswerSchema = paymentAnswerSchema.extend({ id: z.string() });

/** A refund the payment provider did not take: the money is still owed, so admins see it. */
export const failedRefundSchema = z.object({
  _id: z.string(),
  paymentId: z.string(),
  orderId: z.string().nullable(),
  amount: z.number(),
  reason: z.string(),
  error: z.string(),
  createdAt: z.string(),
  lastTriedAt: z.string(),
});
export type FailedRefund = z.infer<typeof failedRefundSchema>;

/**
 * A payment the shop took that made no order (its total did not match, the last one sold out
 * while paying, or the shop could not record it), and the refund that gives it back.
 */
export const paymentWithoutOrderSchema = z.object({
  paymentId: z.string(),
  captureId: z.string(),
  amount: z.number(),
  reason: z.string(),
  refund: z.object({
    _id: z.string(),
    status: z.enum(['pending', 'succeeded', 'failed']),
    error: z.string().nullable(),
  }),
  createdAt: z.string(),
  /** When the refund went through or failed; null while it waits for the provider. */
  settledAt: z.string().nullable(),
});
export type PaymentWithoutOrder = z.infer<typeof paymentWithoutOrderSchema>;

/**
 * What the test provider's checkout form approves a card or wallet payment with: one of the test
 * cards (`TEST_CARDS`), or nothing for a wallet. A shop in test mode takes no other card number.
 */
export const testApprovalBodySchema = z.object({
  card: z
    .string({ error: 'The card number is text' })
    .max(30, 'That is not a test card number')
    .optional(),
});
export type TestApprovalBody = z.infer<typeof testApprovalBodySchema>;
