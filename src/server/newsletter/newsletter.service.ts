import { ADMIN_PAGE_SIZE } from '../../shared/admin';
import type { SubscribeBody } from '../../shared/newsletter';
import { SHOP_NAME } from '../../shared/shop';
import type { ShopDatabase } from '../db/database';
import { newId } from '../db/ids';
import { ShopError } from '../http/errors';
import { idOfSignedToken, signedToken } from '../http/signed-links';
import { escapeHtml, mailPage } from '../mail/html';
import type { Mail } from '../mail/mailer';
import type { Mailer } from '../mail/mail-sender';
import { addSubscriber, listSubscribers, removeSubscriber } from './newsletter.repository';
import type { Subscriber } from './subscriber';
import { pageCount, pageOffset } from '../http/paging';

export const SUBSCRIBED_MESSAGE = 'Thank you for subscribing';
export const UNSUBSCRIBED_MESSAGE = 'You have been unsubscribed. We will not write again.';

/** What an unsubscribe link's signature is for; the same words always, or old links break. */
const UNSUBSCRIBE = 'unsubscribe';

export interface NewsletterContext {
  database: ShopDatabase;
  mailer: Mailer;
  publicUrl: string;
  /** Signs unsubscribe links. */
  secret: string;
}

function unsubscribeLink(context: NewsletterContext, subscriberId: string): string {
  return `${context.publicUrl}/unsubscribe/${signedToken(context.secret, UNSUBSCRIBE, subscriberId)}`;
}

/** Every mail to a subscriber carries its own unsubscribe link, in the text and as a header. */
export function newsletterMail(
  context: NewsletterContext,
  subscriber: { id: string; email: string },
  content: { subject: string; text: string; html: string },
): Mail {
  const link = unsubscribeLink(context, subscriber.id);
  return {
    to: subscriber.email,
    subject: content.subject,
    text: `${content.text}\n\nTo stop these letters: ${link}\n\n${SHOP_NAME}`,
    html: mailPage(
      SHOP_NAME,
      `${content.html}<p style="color:#6b6259;font-size:14px">To stop these letters, <a href="${escapeHtml(link)}" style="color:#7a4b2a">unsubscribe</a>.</p>`,
    ),
    headers: { 'List-Unsubscribe': `<${link}>` },
  };
}

export async function subscribe(context: NewsletterContext, { email }: SubscribeBody) {
  const id = newId();
  if (await addSubscriber(context.database.db, id, email)) {
    context.mailer.send(
      newsletterMail(
        context,
        { id, email },
        {
          subject: `Welcome to letters from ${SHOP_NAME}`,
          text: 'Thank you for subscribing. We write a few times a season about new pieces, restocks and the occasional offer.',
          html: '<p>Thank you for subscribing. We write a few times a season about new pieces, restocks and the occasional offer.</p>',
        },
      ),
    );
  }
  return { message: SUBSCRIBED_MESSAGE };
}

export async function unsubscribe(context: NewsletterContext, token: string) {
  const id = idOfSignedToken(context.secret, UNSUBSCRIBE, token);
  if (!id) throw new ShopError('UNSUBSCRIBE_LINK_INVALID', 'That unsubscribe link is not valid');
  await removeSubscriber(context.database.db, id);
  return { message: UNSUBSCRIBED_MESSAGE };
}

function presentSubscriber(subscriber: Subscriber) {
  return {
    _id: subscriber.id,
    email: subscriber.email,
    createdAt: subscriber.subscribedAt,
  };
}

export async function subscriberPage({ database }: NewsletterContext, pageNumber: number) {
  const { subscribers, total } = await listSubscribers(database.db, {
    offset: pageOffset(pageNumber, ADMIN_PAGE_SIZE),
    limit: ADMIN_PAGE_SIZE,
  });
  return {
    subscribers: subscribers.map(presentSubscriber),
    page: pageNumber,
    pages: pageCount(total, ADMIN_PAGE_SIZE),
  };
}

/** A cell of a CSV file, quoted, and never read as a formula by a spreadsheet. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

export async function subscribersCsv({ database }: NewsletterContext): Promise<string> {
  const { subscribers } = await listSubscribers(database.db);
  const rows = subscribers.map((subscriber) =>
    [subscriber.email, subscriber.subscribedAt].map(csvCell).join(','),
  );
  return ['email,subscribed_at', ...rows].join('\r\n') + '\r\n';
}
