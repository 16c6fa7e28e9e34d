import { SHOP_NAME } from '../../shared/settings/shop';
import { escapeHtml, mailPage } from '../mail/html';
import type { Mail } from '../mail/mailer';

/** Asks the owner of an address to confirm it is theirs, by opening the link. */
export function emailProofMail(to: string, name: string, link: string): Mail {
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const lead = `Please confirm that this is the email address of your ${SHOP_NAME} account by opening this link:`;
  const why =
    'Once it is confirmed, your newsletter sign-up and back-in-stock alerts for this address show in your account, and go with it if you close it.';
  const notYou =
    'If you did not make an account with us, ignore this mail: nothing of yours is shown to anyone.';
  return {
    to,
    subject: `Confirm your email address for ${SHOP_NAME}`,
    text: [greeting, '', lead, '', link, '', why, '', notYou, '', SHOP_NAME].join('\n'),
    html: mailPage(
      SHOP_NAME,
      `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(lead)}</p>
<p><a href="${escapeHtml(link)}" style="color:#7a4b2a">Confirm my email address</a></p>
<p>${escapeHtml(why)}</p>
<p style="color:#6b6259;font-size:14px">${escapeHtml(notYou)}</p>`,
    ),
  };
}
