import { SHOP_NAME } from '../../shared/settings/shop';
import { escapeHtml, mailPage } from '../mail/html';
import type { Mail } from '../mail/mailer';

export function passwordResetMail(to: string, name: string, link: string): Mail {
  const greeting = name ? `Hello ${name},` : 'Hello,';
  return {
    to,
    subject: `Reset your ${SHOP_NAME} password`,
    text: [
      greeting,
      '',
      `Someone asked to reset the password of your ${SHOP_NAME} account. To choose a new one, open this link within the hour:`,
      '',
      link,
      '',
      'If it was not you, ignore this mail: your password stays as it is.',
      '',
      SHOP_NAME,
    ].join('\n'),
    html: mailPage(
      SHOP_NAME,
      `<p>${escapeHtml(greeting)}</p>
<p>Someone asked to reset the password of your ${escapeHtml(SHOP_NAME)} account. To choose a new one, open this link within the hour:</p>
<p><a href="${escapeHtml(link)}" style="color:#7a4b2a">Choose a new password</a></p>
<p style="color:#6b6259;font-size:14px">If it was not you, ignore this mail: your password stays as it is.</p>`,
    ),
  };
}
