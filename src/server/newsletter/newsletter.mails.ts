import { SHOP_NAME } from '../../shared/settings/shop';
import { signedToken } from '../http/signed-links';
import { escapeHtml, mailPage } from '../mail/html';
import type { Mail } from '../mail/mailer';
import type { MarketingConsent } from '../mail/unsubscribe-links';

/** What a link's signature is for; the same words always, or links already mailed break. */
export const UNSUBSCRIBE = 'unsubscribe';
export const CONFIRM_SUBSCRIPTION = 'confirm-subscription';

export interface MailLinks {
  publicUrl: string;
  /** Signs the links. */
  secret: string;
}

interface Addressee {
  id: string;
  email: string;
}

const link = ({ publicUrl, secret }: MailLinks, path: string, purpose: string, id: string) =>
  `${publicUrl}/${path}/${signedToken(secret, purpose, id)}`;

/**
 * Every mail to a subscriber carries its own unsubscribe link in its text; a letter sent under a
 * consent is marketing, and the outbox gives it the one-click unsubscribe headers too.
 */
function newsletterMail(
  links: MailLinks,
  subscriber: Addressee,
  content: { subject: string; text: string; html: string },
  marketing?: MarketingConsent,
): Mail {
  const unsubscribe = link(links, 'unsubscribe', UNSUBSCRIBE, subscriber.id);
  return {
    to: subscriber.email,
    subject: content.subject,
    text: `${content.text}\n\nTo stop these letters: ${unsubscribe}\n\n${SHOP_NAME}`,
    html: mailPage(
      SHOP_NAME,
      `${content.html}<p style="color:#6b6259;font-size:14px">To stop these letters, <a href="${escapeHtml(unsubscribe)}" style="color:#7a4b2a">unsubscribe</a>.</p>`,
    ),
    ...(marketing ? { marketing } : {}),
  };
}

/**
 * The one mail an address gets before its owner agrees: anyone may type any address into the
 * form, so it only asks, and says that ignoring it is enough. It is not marketing (it sells
 * nothing and comes once, asked for), so it carries no one-click unsubscribe headers.
 */
export function confirmationMail(links: MailLinks, subscriber: Addressee): Mail {
  const confirm = link(links, 'newsletter/confirm', CONFIRM_SUBSCRIPTION, subscriber.id);
  const ignore =
    'If you did not ask, ignore this letter: without your click we will not write again.';
  return newsletterMail(links, subscriber, {
    subject: `Please confirm your subscription to ${SHOP_NAME}`,
    text: `Someone, we hope you, asked for letters from ${SHOP_NAME} at this address. To start them, confirm here: ${confirm}\n\n${ignore}`,
    html: `<p>Someone, we hope you, asked for letters from ${escapeHtml(SHOP_NAME)} at this address.</p>
<p><a href="${escapeHtml(confirm)}" style="color:#7a4b2a">Confirm my subscription</a></p>
<p>${ignore}</p>`,
  });
}

/** Sent once an address is confirmed: the first letter it agreed to, under that consent. */
export function welcomeMail(links: MailLinks, subscriber: Addressee, consentId: string): Mail {
  const words =
    'Thank you for confirming. We write a few times a season about new pieces, restocks and the occasional offer.';
  return newsletterMail(
    links,
    subscriber,
    {
      subject: `Welcome to letters from ${SHOP_NAME}`,
      text: words,
      html: `<p>${words}</p>`,
    },
    { purpose: 'newsletter', consentId },
  );
}
