import type { ShopIdentity } from '../../shared/api';
import { escapeHtml, mailPage } from '../mail/html';
import type { Mail } from '../mail/mailer';
import { traderHtml, traderText } from '../mail/trader';
import { unsubscribeUrl } from '../mail/unsubscribe-links';
import type { NewsletterContent } from './newsletter-content';

/** What a newsletter's mails are made with. */
export interface NewsletterMailing {
  publicUrl: string;
  /** Signs the unsubscribe links. */
  secret: string;
  /** Who sells, at each mail's foot: the settings held when the mail is made. */
  readonly trader: ShopIdentity;
}

const STOP_WORDS = 'To stop these letters';

/** A newsletter as one reader gets it: the content, then how to stop them, then who sells. */
function mailOf(
  trader: ShopIdentity,
  { subject, content, stopLink }: { subject: string; content: NewsletterContent; stopLink: string },
) {
  return {
    subject,
    text: `${content.text}\n\n${STOP_WORDS}: ${stopLink}\n\n${traderText(trader)}`,
    html: mailPage(
      trader.name,
      `${content.html}
<p style="margin-top:32px;color:#6b6259;font-size:14px">${STOP_WORDS}, <a href="${escapeHtml(stopLink)}" style="color:#7a4b2a">unsubscribe</a>.</p>
${traderHtml(trader)}`,
    ),
  };
}

/**
 * A subscriber's newsletter: marketing, sent under their consent, so the outbox gives it the
 * one-click unsubscribe headers and drops it if the consent is withdrawn before it goes. The
 * link in its text withdraws the same consent.
 */
export function newsletterMail(
  mailing: NewsletterMailing,
  { email, consentId }: { email: string; consentId: string },
  newsletter: { subject: string; content: NewsletterContent },
): Mail {
  const marketing = { purpose: 'newsletter' as const, consentId };
  return {
    to: email,
    ...mailOf(mailing.trader, { ...newsletter, stopLink: unsubscribeUrl(mailing, marketing) }),
    marketing,
  };
}

/** The unsubscribe page without a token: what the preview and a test mail link to. */
const stopPage = (publicUrl: string) => `${publicUrl}/unsubscribe`;

/**
 * The newsletter to the admin who asked, marked as a test: not marketing (they asked for it, and
 * no consent is involved), so it carries no unsubscribe headers, and its link unsubscribes nobody.
 */
export function testMail(
  mailing: NewsletterMailing,
  to: string,
  newsletter: { subject: string; content: NewsletterContent },
): Mail {
  return {
    to,
    ...mailOf(mailing.trader, {
      ...newsletter,
      subject: `[Test] ${newsletter.subject}`,
      stopLink: stopPage(mailing.publicUrl),
    }),
  };
}

/** The newsletter as a subscriber will see it, for the admin's preview. */
export const previewOf = (
  mailing: NewsletterMailing,
  newsletter: { subject: string; content: NewsletterContent },
) => mailOf(mailing.trader, { ...newsletter, stopLink: stopPage(mailing.publicUrl) });
