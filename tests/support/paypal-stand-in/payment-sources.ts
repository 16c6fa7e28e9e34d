import * as z from 'zod';
import type { StandInOrder } from '../paypal-stand-in';
import { invalidRequest, notFound, unprocessable, type Reply } from './error-replies';

/** 3-D Secure's result as PayPal reports it under a card's `authentication_result`. */
export interface StandInAuthentication {
  liability_shift: 'YES' | 'NO' | 'POSSIBLE' | 'UNKNOWN';
  three_d_secure?: { enrollment_status?: string; authentication_status?: string };
}

/** A card as the buyer gives it in the card fields or a wallet holds it, and what its bank does. */
export interface StandInCard {
  brand: string;
  last_digits: string;
  /** Undefined: PayPal reports no 3-D Secure result (none was run). */
  authentication?: StandInAuthentication;
  /** The bank declines it when the order is captured (422 INSTRUMENT_DECLINED). */
  declines?: boolean;
}

export type StandInWallet = 'apple_pay' | 'google_pay';

/** What an approved order is paid with, kept until it is captured (or declined). */
export type StandInSource =
  | { kind: 'paypal'; email: string }
  | { kind: 'card'; card: StandInCard }
  | { kind: StandInWallet; card: StandInCard };

const passed: StandInAuthentication = {
  liability_shift: 'YES',
  three_d_secure: { enrollment_status: 'Y', authentication_status: 'Y' },
};
const failed: StandInAuthentication = {
  liability_shift: 'NO',
  three_d_secure: { enrollment_status: 'Y', authentication_status: 'N' },
};

/**
 * The cards the stand-in's card fields take, by number, as PayPal's sandbox has test cards for
 * each outcome. A `challenge` card asks the buyer, in the stand-in's 3-D Secure window, to pass or
 * fail the check.
 */
export const STAND_IN_CARDS: Record<
  string,
  { brand: string; challenge: boolean; authentication?: StandInAuthentication; declines?: boolean }
> = {
  '4111111111111111': { brand: 'VISA', challenge: false, authentication: passed },
  '4000000000003220': { brand: 'VISA', challenge: true },
  '5555555555554444': { brand: 'MASTERCARD', challenge: true },
  '4000000000000002': { brand: 'VISA', challenge: false, authentication: passed, declines: true },
  '378282246310005': {
    brand: 'AMEX',
    challenge: false,
    authentication: { liability_shift: 'NO', three_d_secure: { enrollment_status: 'N' } },
  },
};

/** How the buyer answered a 3-D Secure challenge in the stand-in's window. */
export const challengeResult = (passedIt: boolean) => (passedIt ? passed : failed);

function cardView({ brand, last_digits, authentication }: StandInCard) {
  return {
    brand,
    last_digits,
    type: 'CREDIT',
    ...(authentication ? { authentication_result: authentication } : {}),
  };
}

/** The order's `payment_source`, as GET and capture show it once approved. */
export function paymentSourceView(source: StandInSource | undefined) {
  if (!source) return undefined;
  if (source.kind === 'paypal') {
    return { paypal: { email_address: source.email, account_id: 'QYR5Z8XDVJNXQ' } };
  }
  if (source.kind === 'card') return { card: { name: 'Sam Buyer', ...cardView(source.card) } };
  return { [source.kind]: { name: 'Sam Buyer', card: cardView(source.card) } };
}

/** Approves the order with this source, as the card fields or a wallet sheet would. */
export function approveWith(order: StandInOrder, source: StandInSource): void {
  if (order.status === 'COMPLETED') throw new Error(`order ${order.id} is captured`);
  order.source = source;
  order.status = 'APPROVED';
}

const confirmSchema = z.object({
  payment_source: z.union([
    z.object({
      card: z.looseObject({ number: z.string(), expiry: z.string().optional() }),
    }),
    z.object({ apple_pay: z.looseObject({}) }),
    z.object({ google_pay: z.looseObject({}) }),
  ]),
  /** The stand-in's window answers a challenge card's 3-D Secure with this. */
  challenge_passed: z.boolean().optional(),
});

/**
 * `POST /v2/checkout/orders/{id}/confirm-payment-source`, as PayPal's card fields and wallet
 * components call it: a card from the table above (with its 3-D Secure result), or a wallet,
 * whose card is a Visa ending 1111.
 */
export function confirmPaymentSource(order: StandInOrder | undefined, body: unknown): Reply {
  if (!order) return notFound();
  const parsed = confirmSchema.safeParse(body);
  if (!parsed.success)
    return invalidRequest('INVALID_PARAMETER_VALUE', 'payment_source is not valid.');
  if (order.status === 'COMPLETED')
    return unprocessable('ORDER_ALREADY_CAPTURED', 'Order already captured.');
  const { payment_source: given, challenge_passed: passedIt } = parsed.data;
  if ('card' in given) {
    const number = given.card.number.replace(/\s/g, '');
    const known = STAND_IN_CARDS[number];
    if (!known)
      return unprocessable('CARD_TYPE_NOT_SUPPORTED', 'The stand-in does not know this card.');
    const authentication = known.challenge
      ? passedIt === undefined
        ? {
            liability_shift: 'UNKNOWN' as const,
            three_d_secure: { enrollment_status: 'Y', authentication_status: 'C' },
          }
        : challengeResult(passedIt)
      : known.authentication;
    approveWith(order, {
      kind: 'card',
      card: {
        brand: known.brand,
        last_digits: number.slice(-4),
        authentication,
        declines: known.declines,
      },
    });
  } else {
    const kind: StandInWallet = 'apple_pay' in given ? 'apple_pay' : 'google_pay';
    approveWith(order, { kind, card: { brand: 'VISA', last_digits: '1111' } });
  }
  return {
    status: 200,
    body: { id: order.id, status: 'APPROVED', payment_source: paymentSourceView(order.source) },
  };
}

/** Whether the order's card will be declined when captured; its source is then dropped. */
export function declinesOnCapture(order: StandInOrder): boolean {
  const source = order.source;
  return source !== undefined && source.kind !== 'paypal' && source.card.declines === true;
}
