import * as z from 'zod';

// The ways a shopper may pay, every one of them a PayPal order captured by the shop: PayPal itself
// (Pay Later among it), a card in PayPal's card fields, Apple Pay and Google Pay. The owner turns
// them on and off in the settings' `payments` section.

export const PAYMENT_METHODS = ['paypal', 'card', 'apple-pay', 'google-pay'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const paymentMethodSchema = z.enum(PAYMENT_METHODS, {
  error: 'The way to pay is paypal, card, apple-pay or google-pay',
});

/** Whether 3-D Secure is asked for only when the card's bank requires it, or every time. */
export const THREE_DS_MODES = ['when-required', 'always'] as const;

/** The longest Apple Pay domain association file kept (Apple's are about 10,000 characters). */
export const APPLE_PAY_FILE_MAX_LENGTH = 20_000;

export const paymentSettingsSchema = z
  .object({
    card: z.boolean({ error: 'Cards is yes or no' }),
    applePay: z.boolean({ error: 'Apple Pay is yes or no' }),
    googlePay: z.boolean({ error: 'Google Pay is yes or no' }),
    payLaterMessages: z.boolean({ error: 'Pay Later messages is yes or no' }),
    threeDS: z.enum(THREE_DS_MODES, { error: '3-D Secure is when-required or always' }),
    /** Take a card whose bank offers no 3-D Secure, though the shop then bears any chargeback. */
    acceptNoLiabilityShift: z.boolean({
      error: 'Taking cards without 3-D Secure is yes or no',
    }),
    /** The file Apple gives through PayPal, served at `/.well-known/…` while Apple Pay is on. */
    applePayDomainFile: z
      .string({ error: 'The Apple Pay domain file is text' })
      .trim()
      .max(
        APPLE_PAY_FILE_MAX_LENGTH,
        `The Apple Pay domain file is too long (${APPLE_PAY_FILE_MAX_LENGTH} characters at most)`,
      ),
  })
  .superRefine(({ applePay, applePayDomainFile }, context) => {
    if (applePay && applePayDomainFile === '') {
      context.addIssue({
        code: 'custom',
        path: ['applePayDomainFile'],
        message:
          'Apple Pay needs the domain association file PayPal gives you: paste it here first',
      });
    }
  });
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

/**
 * A new shop takes PayPal and cards, with 3-D Secure when the bank requires it. Apple Pay waits for
 * its domain file, Google Pay for the owner, and Pay Later messages (which advertise credit) for
 * the owner's choice.
 */
export const NEW_SHOP_PAYMENTS: PaymentSettings = {
  card: true,
  applePay: false,
  googlePay: false,
  payLaterMessages: false,
  threeDS: 'when-required',
  acceptNoLiabilityShift: false,
  applePayDomainFile: '',
};

/** Whether the owner has this way to pay on; PayPal always is. */
export function isMethodOn(
  payments: Pick<PaymentSettings, 'card' | 'applePay' | 'googlePay'>,
  method: PaymentMethod,
): boolean {
  switch (method) {
    case 'paypal':
      return true;
    case 'card':
      return payments.card;
    case 'apple-pay':
      return payments.applePay;
    case 'google-pay':
      return payments.googlePay;
  }
}

/** What the checkout and the footer may offer: the methods on, and Pay Later messages. */
export const paymentMethodsOnSchema = z.object({
  card: z.boolean(),
  applePay: z.boolean(),
  googlePay: z.boolean(),
  payLaterMessages: z.boolean(),
});
export type PaymentMethodsOn = z.infer<typeof paymentMethodsOnSchema>;

/** PayPal's word for whether the card's bank bears a chargeback for fraud (3-D Secure's aim). */
export const LIABILITY_SHIFTS = ['YES', 'NO', 'POSSIBLE', 'UNKNOWN'] as const;
export type LiabilityShift = (typeof LIABILITY_SHIFTS)[number];

/** How an order was paid: the way, and for a card or wallet its brand, last 4 digits and 3-D Secure. */
export const orderPaymentSchema = z.object({
  method: paymentMethodSchema,
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  liabilityShift: z.enum(LIABILITY_SHIFTS).nullable(),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

const WALLET_NAMES: Partial<Record<PaymentMethod, string>> = {
  'apple-pay': 'Apple Pay',
  'google-pay': 'Google Pay',
};

/** "Visa ending 4242", "Apple Pay" or "PayPal": how receipts, mails and order pages say it. */
export function paymentWords(payment: Pick<OrderPayment, 'method' | 'brand' | 'last4'>): string {
  const wallet = WALLET_NAMES[payment.method];
  if (wallet) return wallet;
  if (payment.method === 'paypal') return 'PayPal';
  const ending = payment.last4 ? ` ending ${payment.last4}` : '';
  return `${payment.brand ?? 'Card'}${ending}`;
}

/** The card networks' names, from PayPal's brand codes; an unknown one in its own words. */
const BRAND_NAMES: Record<string, string> = {
  VISA: 'Visa',
  MASTERCARD: 'Mastercard',
  MASTER_CARD: 'Mastercard',
  AMEX: 'American Express',
  MAESTRO: 'Maestro',
  DISCOVER: 'Discover',
  JCB: 'JCB',
  DINERS: 'Diners Club',
};

export function brandName(code: string): string {
  const known = BRAND_NAMES[code.toUpperCase()];
  if (known) return known;
  const words = code.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What the liability shift means, for the admin's order. */
export const LIABILITY_WORDS: Record<LiabilityShift, string> = {
  YES: 'Liability shifted to the card issuer: 3-D Secure passed',
  POSSIBLE: 'Liability may shift to the card issuer: 3-D Secure attempted',
  NO: 'No liability shift: the shop bears any fraud chargeback',
  UNKNOWN: 'Liability shift unknown',
};
