import { formatPounds } from '../../../shared/money';
import type { ReturnOutcome } from '../../../shared/orders/order-status';
import type { Order } from '../../../shared/orders/orders';
import type { Mail } from '../../mail/mailer';
import { orderMail, type MailContext } from '../order-mails';

/** What the customer is told of their return as the shop closes it, before the shop's note. */
function closingWords(order: Order, outcome: ReturnOutcome, replacement?: Order): string {
  switch (outcome) {
    case 'refunded':
      return `We have dealt with your return: ${formatPounds(order.refundedTotal)} has been refunded to the account you paid with.`;
    case 'exchanged':
      return replacement
        ? `We have your return, and are sending you a replacement at no charge: order ${replacement.orderNumber}. We will mail you again when it is on its way.`
        : 'We have your return, and have exchanged it as agreed.';
    case 'rejected':
      return 'We are sorry: we could not accept your return.';
  }
}

/** To the customer: the shop has closed their return, and how. */
export function returnClosedMail(
  to: string,
  order: Order,
  { outcome, note }: { outcome: ReturnOutcome; note: string },
  context: MailContext,
): Mail {
  const intro = [closingWords(order, outcome), note].filter((part) => part !== '').join(' ');
  return orderMail(
    { to, subject: `Your return of order ${order.orderNumber}`, intro, order },
    context,
  );
}

/** To the customer: a replacement goes out for what they sent back. */
export function replacementMail(
  to: string,
  original: Order,
  replacement: Order,
  context: MailContext,
): Mail {
  return orderMail(
    {
      to,
      subject: `A replacement for your order ${original.orderNumber}`,
      intro: closingWords(original, 'exchanged', replacement),
      order: replacement,
    },
    context,
  );
}
