import { CONSENT_PURPOSES, type ConsentPurpose } from '../../shared/consents/consents';
import { idOfSignedToken, signedToken } from '../http/signed-links';

/** What an unsubscribe token's signature is for; the same words always, or mailed links break. */
const ONE_CLICK_UNSUBSCRIBE = 'one-click-unsubscribe';
/** Between the purpose and the consent in a token: in neither, and kept as is in an address. */
const SEPARATOR = '~';

/** What a marketing mail is sent on: the consent it relies on, and so what it may be stopped by. */
export interface MarketingConsent {
  purpose: ConsentPurpose;
  /** The consent record the mail is sent under. */
  consentId: string;
}

export interface UnsubscribeLinks {
  publicUrl: string;
  /** Signs the tokens. */
  secret: string;
  /** The address a mail program writes to when it unsubscribes by mail: one the shop reads. */
  mailbox: () => string;
}

/** A token that names a purpose and a consent, signed so that nobody can make one for another. */
export function unsubscribeToken(secret: string, { purpose, consentId }: MarketingConsent): string {
  return signedToken(secret, ONE_CLICK_UNSUBSCRIBE, `${purpose}${SEPARATOR}${consentId}`);
}

const isPurpose = (word: string): word is ConsentPurpose =>
  (CONSENT_PURPOSES as readonly string[]).includes(word);

/** The purpose and consent a genuine token names, or undefined. */
export function readUnsubscribeToken(secret: string, token: string): MarketingConsent | undefined {
  const named = idOfSignedToken(secret, ONE_CLICK_UNSUBSCRIBE, token);
  if (named === undefined) return undefined;
  const [purpose, consentId, ...rest] = named.split(SEPARATOR);
  if (purpose === undefined || !isPurpose(purpose) || !consentId || rest.length > 0) {
    return undefined;
  }
  return { purpose, consentId };
}

/** The storefront page that unsubscribes on arrival, and takes a mail program's one-click POST. */
export function unsubscribeUrl(
  links: Pick<UnsubscribeLinks, 'publicUrl' | 'secret'>,
  marketing: MarketingConsent,
): string {
  return `${links.publicUrl}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(links.secret, marketing))}`;
}

/**
 * The headers a mailbox provider reads to offer its own unsubscribe button (RFC 2369, RFC 8058):
 * the https link first, which it POSTs `List-Unsubscribe=One-Click` to, then a mailto, whose
 * message carries the same link so whoever reads the shop's mail can follow it for the sender.
 */
export function unsubscribeHeaders(
  links: UnsubscribeLinks,
  marketing: MarketingConsent,
): Record<string, string> {
  const page = unsubscribeUrl(links, marketing);
  const mailto = `mailto:${links.mailbox()}?subject=${encodeURIComponent('Unsubscribe')}&body=${encodeURIComponent(page)}`;
  return {
    'List-Unsubscribe': `<${page}>, <${mailto}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
