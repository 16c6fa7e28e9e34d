import type { PaymentSource } from './payment-provider';

/** Enrolment statuses that mean no 3-D Secure was to be had: not enrolled, unavailable, bypassed. */
const NO_THREE_DS_TO_BE_HAD = new Set(['N', 'U', 'B']);

/** Why a card or wallet payment is not taken, each with words the shopper can act on. */
export const NOT_AUTHENTICATED = {
  failed:
    'Your bank could not confirm that this payment is yours, so nothing was taken. Please try again, or use another card or way to pay.',
  unknown:
    'Your card could not be checked with your bank just now, so nothing was taken. Please try again, or choose another way to pay.',
  noThreeDS:
    'This card cannot be checked with your bank (3-D Secure), which we need to take it, so nothing was taken. Please use another card or pay with PayPal.',
} as const;

export type Verdict = { take: true } | { take: false; why: keyof typeof NOT_AUTHENTICATED };

/**
 * Whether a payment may be captured, by PayPal's 3-D Secure table: a liability shift of YES or
 * POSSIBLE is taken; NO with no 3-D Secure to be had (enrolment N, U or B) only when the owner
 * takes such cards; anything else (a failed or rejected check, UNKNOWN, a card with no result at
 * all) is not. PayPal's own buttons carry no result and PayPal's protection; a wallet without one
 * was checked on the shopper's device.
 */
export function judgeAuthentication(
  source: PaymentSource,
  { acceptNoLiabilityShift }: { acceptNoLiabilityShift: boolean },
): Verdict {
  const { authentication } = source;
  if (authentication === undefined) {
    return source.method === 'card' ? { take: false, why: 'unknown' } : { take: true };
  }
  const { liabilityShift, enrollmentStatus } = authentication;
  if (liabilityShift === 'YES' || liabilityShift === 'POSSIBLE') return { take: true };
  if (liabilityShift === 'NO' && NO_THREE_DS_TO_BE_HAD.has(enrollmentStatus ?? '')) {
    return acceptNoLiabilityShift ? { take: true } : { take: false, why: 'noThreeDS' };
  }
  if (liabilityShift === 'NO') return { take: false, why: 'failed' };
  return { take: false, why: 'unknown' };
}
