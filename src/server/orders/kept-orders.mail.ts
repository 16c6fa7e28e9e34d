import { ORDER_STATUS_WORDS } from '../../shared/orders/order-status';
import type { ShopIdentity } from '../../shared/api';
import { keptUntilWords, type KeptOrder } from '../../shared/accounts/your-data';
import type { UserAccount } from '../accounts/user-account';
import { escapeHtml, mailPage } from '../mail/html';
import type { Mail } from '../mail/mailer';

/**
 * To the shop: a customer closed their account with orders still open. Each is listed with how it
 * stands and until when the customer's details stay on it, so the shop sends, delivers or takes
 * back what they bought; afterwards the shop forgets them by itself.
 */
export function keptOrdersShopMail(
  customer: Pick<UserAccount, 'name' | 'email'>,
  kept: readonly KeptOrder[],
  { publicUrl, trader }: { publicUrl: string; trader: ShopIdentity },
): Mail {
  const who = customer.name ? `${customer.name} (${customer.email})` : customer.email;
  const intro = `${who} has closed their account with ${kept.length === 1 ? 'an order' : `${kept.length} orders`} still open. Their name, address, email and phone stay on ${kept.length === 1 ? 'it' : 'each'} until it is settled, so you can still send, deliver or take back what they bought; then the shop removes them by itself.`;
  const lines = kept.map((order) => ({
    text: `${order.orderNumber}: ${ORDER_STATUS_WORDS[order.status]}, kept ${keptUntilWords(order)}`,
    link: `${publicUrl}/admin/order/${order._id}`,
  }));
  return {
    to: trader.email,
    subject: `A customer closed their account: ${kept.length === 1 ? '1 open order' : `${kept.length} open orders`} kept until settled`,
    text: [intro, '', ...lines.map(({ text, link }) => `${text}\n${link}`)].join('\n'),
    html: mailPage(
      trader.name,
      `<p>${escapeHtml(intro)}</p><ul>${lines
        .map(
          ({ text, link }) =>
            `<li><a href="${escapeHtml(link)}" style="color:#7a4b2a">${escapeHtml(text)}</a></li>`,
        )
        .join('')}</ul>`,
    ),
  };
}
