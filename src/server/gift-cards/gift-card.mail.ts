import type { ShopIdentity } from '../../shared/api';
import { formatGiftCardCode, giftCardLastDay } from '../../shared/gift-cards/gift-cards';
import { formatPence } from '../../shared/money';
import { escapeHtml, mailPage } from '../mail/html';
import type { Mail } from '../mail/mailer';
import { traderHtml, traderText } from '../mail/trader';

/** What a card's mail needs of the shop: where it is online, and who sells. */
export interface GiftCardMailContext {
  publicUrl: string;
  trader: ShopIdentity;
}

/** A card as its mail tells it: the whole code, which only the mail ever holds. */
export interface MailedGiftCard {
  code: string;
  amountPence: number;
  /** The instant it stops working: the end of the UK day printed. */
  expiresAt: string;
  buyer: { name: string };
  recipient: { name: string; email: string };
  message: string;
}

/** The last UK day a card works on, in words: `3 December 2028`. */
export const lastDayWords = giftCardLastDay;

/**
 * A gift card's mail to its recipient: who sent it and their message, the amount, the whole code
 * in four groups, the last day it may be spent, and where to spend it.
 */
export function giftCardMail(
  card: MailedGiftCard,
  { publicUrl, trader }: GiftCardMailContext,
): Mail {
  const amount = formatPence(card.amountPence);
  const code = formatGiftCardCode(card.code);
  const until = lastDayWords(card.expiresAt);
  const intro = `Hello ${card.recipient.name}, ${card.buyer.name} has sent you a ${amount} gift card to spend at ${trader.name}.`;
  const spend = `Spend it at ${publicUrl}: type the code at checkout. It can pay for all or part of an order, and what is left stays on the card until ${until}.`;
  const safe = 'Keep this email safe: whoever has the code can spend the card.';
  const text = [
    intro,
    ...(card.message ? ['', `Their message:\n${card.message}`] : []),
    '',
    `Your gift card code: ${code}`,
    `Amount: ${amount}`,
    `Valid until: ${until}`,
    '',
    spend,
    safe,
    '',
    traderText(trader),
  ].join('\n');
  const html = `<p>${escapeHtml(intro)}</p>
${card.message ? `<p>Their message:</p><p style="white-space:pre-line;font-style:italic">${escapeHtml(card.message)}</p>` : ''}
<p style="font-size:20px;letter-spacing:2px;font-family:monospace">${escapeHtml(code)}</p>
<p>Amount: ${escapeHtml(amount)}<br>Valid until: ${escapeHtml(until)}</p>
<p>Spend it at <a href="${escapeHtml(publicUrl)}" style="color:#7a4b2a">${escapeHtml(publicUrl)}</a>: type the code at checkout. It can pay for all or part of an order, and what is left stays on the card until ${escapeHtml(until)}.</p>
<p>${escapeHtml(safe)}</p>
${traderHtml(trader)}`;
  return {
    to: card.recipient.email,
    subject: `${card.buyer.name} has sent you a ${amount} gift card from ${trader.name}`,
    text,
    html: mailPage(trader.name, html),
  };
}
