import * as z from 'zod';
import { SHOP_NAME } from '../settings/shop';

/** What a person may agree to be mailed about. */
export const CONSENT_PURPOSES = ['newsletter', 'basket-reminders'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** Where a consent was given: the footer's sign-up, checkout, the account page, or an owner's import. */
export const CONSENT_SOURCES = ['footer', 'checkout', 'account', 'admin-import'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/**
 * The exact sentences the shop shows where a person agrees, one per purpose and place. The page
 * shows them from here and the server records them from here, so the record is what was read;
 * the server never takes wording from a browser. Change a sentence only by adding a new one:
 * records keep the words as they were when given.
 */
export const CONSENT_WORDING = {
  newsletter: {
    footer: `Send me letters from ${SHOP_NAME} about new pieces, restocks and the occasional offer, a few times a season. I can unsubscribe at any time.`,
    account: `Email me letters from ${SHOP_NAME} about new pieces, restocks and the occasional offer, a few times a season.`,
  },
  'basket-reminders': {
    checkout: 'Remind me about my basket by email.',
    account:
      'Email me a reminder when I leave something in my basket: at most three, within three days.',
  },
} as const satisfies Record<ConsentPurpose, Partial<Record<ConsentSource, string>>>;

/** The sentence shown for a purpose at a place, or undefined where the shop shows none. */
export function consentWording(purpose: ConsentPurpose, source: ConsentSource): string | undefined {
  const wording: Partial<Record<ConsentSource, string>> = CONSENT_WORDING[purpose];
  return wording[source];
}

/** One consent a person gave, and its withdrawal when they withdrew it. */
export const consentSchema = z.object({
  purpose: z.enum(CONSENT_PURPOSES),
  /** The exact sentence they agreed to. */
  wording: z.string(),
  source: z.enum(CONSENT_SOURCES),
  givenAt: z.string(),
  /** Null while it stands. */
  withdrawnAt: z.string().nullable(),
});
export type Consent = z.infer<typeof consentSchema>;

/** Every consent of the caller, newest first, withdrawn ones kept. */
export const consentsSchema = z.array(consentSchema);

/** The account page's two ticks: true gives that consent, false withdraws it. */
export const consentTicksBodySchema = z.object({
  newsletter: z.boolean({ error: 'newsletter must be true or false' }),
  basketReminders: z.boolean({ error: 'basketReminders must be true or false' }),
});
export type ConsentTicks = z.infer<typeof consentTicksBodySchema>;

/** Whether a purpose has a consent that stands in a list of them. */
export const stands = (consents: readonly Consent[], purpose: ConsentPurpose) =>
  consents.some((consent) => consent.purpose === purpose && consent.withdrawnAt === null);

/** The one-click unsubscribe call's token (`POST /api/unsubscribe?token=`). */
export const unsubscribeQuerySchema = z.object({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(300),
});

/** What unsubscribing from each purpose answers. */
export const UNSUBSCRIBED_MESSAGES = {
  newsletter: 'You have been unsubscribed. We will not write again.',
  'basket-reminders': 'You have been unsubscribed from basket reminders. We will not send another.',
} as const satisfies Record<ConsentPurpose, string>;
export const UNSUBSCRIBED_MESSAGE = UNSUBSCRIBED_MESSAGES.newsletter;
