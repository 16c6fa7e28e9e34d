import { ADMIN_PAGE_SIZE } from '../../shared/api';
import { UNSUBSCRIBED_MESSAGE } from '../../shared/consents/consents';
import { giveConsent, withdrawConsent } from '../consents/consents.service';
import type { SubscribeBody } from '../../shared/newsletter/newsletter';
import type { ShopDatabase } from '../db/database';
import type { Db } from '../db/schema';
import { newId } from '../sql/ids';
import { ShopError } from '../http/errors';
import { pageCount, pageOffset } from '../http/paging';
import { idOfSignedToken } from '../http/signed-links';
import type { Mailer } from '../mail/mail-sender';
import {
  CONFIRM_SUBSCRIPTION,
  confirmationMail,
  UNSUBSCRIBE,
  welcomeMail,
  type MailLinks,
} from './newsletter.mails';
import {
  confirmedSubscribers,
  confirmSubscriber,
  enrolConfirmedSubscriber,
  enrolSubscriber,
  findSubscriberByEmail,
  listSubscribers,
  removeSubscriber,
  removeSubscriberByEmail,
  removeSubscribersAskedBy,
} from './newsletter.repository';
import type { Subscriber, SubscriberSource } from './subscriber';

const SUBSCRIBED_MESSAGE = 'Thank you for subscribing';
const CONFIRMED_MESSAGE = 'Your subscription is confirmed. Welcome to our letters!';

/**
 * How long a pending address waits before another sign-up mails it a fresh link: someone who lost
 * the first may ask again soon, but nobody can fill a stranger's inbox from many addresses.
 */
const CONFIRMATION_RESEND_MS = 10 * 60 * 1000;

export interface NewsletterContext extends MailLinks {
  database: ShopDatabase;
  mailer: Mailer;
}

/**
 * Stores the address as unconfirmed and mails it only a link to confirm. The answer is the same,
 * and as quick (the mail goes in the background), whether the address was new, pending or
 * confirmed; a confirmed one is mailed nothing, as it would learn nothing new.
 */
export async function subscribe(
  context: NewsletterContext,
  { email }: SubscribeBody,
  { source, userId }: { source: SubscriberSource; userId: string | null } = {
    source: 'footer',
    userId: null,
  },
) {
  const resendAfter = new Date(Date.now() - CONFIRMATION_RESEND_MS).toISOString();
  const due = await enrolSubscriber(context.database.db, {
    id: newId(),
    email,
    resendAfter,
    source,
    userId,
  });
  if (due) context.mailer.send(confirmationMail(context, due));
  return { message: SUBSCRIBED_MESSAGE };
}

const invalidConfirmation = () =>
  new ShopError(
    'CONFIRMATION_LINK_INVALID',
    'That confirmation link is not valid. Please subscribe again.',
  );

/**
 * Follows a confirmation link: the consent is recorded (in the words shown where they signed up)
 * with the welcome mail in one transaction, so it is mailed once, and only now. Confirming again
 * answers the same.
 */
export async function confirmSubscription(context: NewsletterContext, token: string) {
  const id = idOfSignedToken(context.secret, CONFIRM_SUBSCRIPTION, token);
  if (!id) throw invalidConfirmation();
  const found = await context.database.db.transaction().execute(async (trx) => {
    const confirmed = await confirmSubscriber(trx, id);
    if (confirmed?.state === 'confirmed') {
      const { email, source, userId } = confirmed.subscriber;
      const consent = await giveConsent(trx, { email, purpose: 'newsletter', source, userId });
      await context.mailer.queue(welcomeMail(context, { id, email }, consent.id), trx);
    }
    return confirmed;
  });
  // A genuine link to an address that has since unsubscribed: it may not bring it back.
  if (!found) throw invalidConfirmation();
  if (found.state === 'confirmed') context.mailer.deliverDue();
  return { message: CONFIRMED_MESSAGE };
}

/** The unsubscribe link in a letter's text: off the list, and the consent withdrawn (kept). */
export async function unsubscribe(context: NewsletterContext, token: string) {
  const id = idOfSignedToken(context.secret, UNSUBSCRIBE, token);
  if (!id) throw new ShopError('UNSUBSCRIBE_LINK_INVALID', 'That unsubscribe link is not valid');
  await context.database.db.transaction().execute(async (trx) => {
    const email = await removeSubscriber(trx, id);
    if (email !== undefined) await withdrawConsent(trx, email, 'newsletter');
  });
  return { message: UNSUBSCRIBED_MESSAGE };
}

/**
 * A signed-in customer ticks the newsletter on their account page. When the account has proved
 * its address, the person who acted is the address's owner: the consent is recorded now (in the
 * account page's words) and the address joins the list confirmed, with the welcome letter in the
 * same transaction. Until it has, anyone could have typed that address at sign-up, so it is
 * mailed the confirmation link, as a footer sign-up is, and the consent is recorded once followed.
 * Answers whether the consent stands now.
 */
export async function joinFromAccount(
  context: NewsletterContext,
  account: { id: string; email: string; emailProved: boolean },
): Promise<boolean> {
  if (!account.emailProved) {
    await subscribe(context, { email: account.email }, { source: 'account', userId: account.id });
    return false;
  }
  await context.database.db.transaction().execute(async (trx) => {
    const consent = await giveConsent(trx, {
      email: account.email,
      purpose: 'newsletter',
      source: 'account',
      userId: account.id,
    });
    const joined = await enrolConfirmedSubscriber(trx, {
      id: newId(),
      email: account.email,
      userId: account.id,
    });
    if (joined) await context.mailer.queue(welcomeMail(context, joined, consent.id), trx);
  });
  context.mailer.deliverDue();
  return true;
}

/**
 * Takes an address off the list and withdraws its newsletter consent (kept, with when), in the
 * caller's transaction: the account page's untick and a one-click unsubscribe.
 */
export async function leaveNewsletter(db: Db, email: string): Promise<void> {
  await removeSubscriberByEmail(db, email);
  await withdrawConsent(db, email, 'newsletter');
}

function presentSubscriber(subscriber: Subscriber) {
  return {
    _id: subscriber.id,
    email: subscriber.email,
    createdAt: subscriber.subscribedAt,
    confirmedAt: subscriber.confirmedAt,
    source: subscriber.source,
  };
}

/** Everyone on the list, confirmed or not, so an admin sees who is still to confirm. */
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

/**
 * The file an owner mails the newsletter from: only confirmed subscribers, each with their
 * consent time, so nobody who has not agreed can be written to.
 */
export async function subscribersCsv({ database }: NewsletterContext): Promise<string> {
  const subscribers = await confirmedSubscribers(database.db);
  const rows = subscribers.map((subscriber) =>
    [subscriber.email, subscriber.subscribedAt, subscriber.confirmedAt ?? '']
      .map(csvCell)
      .join(','),
  );
  return ['email,subscribed_at,confirmed_at', ...rows].join('\r\n') + '\r\n';
}

/** A person's newsletter sign-up, as their data download shows it. */
export async function subscriptionOf(
  db: Db,
  email: string,
): Promise<{ subscribedAt: string; confirmedAt: string | null } | null> {
  const subscriber = await findSubscriberByEmail(db, email);
  return subscriber
    ? { subscribedAt: subscriber.subscribedAt, confirmedAt: subscriber.confirmedAt }
    : null;
}

/** Forgets an address's sign-up, confirmed or not, as a closed account asks. */
export const forgetSubscription = (db: Db, email: string) => removeSubscriberByEmail(db, email);

/** Forgets the sign-ups a closing account asked for from its page, confirmed or not. */
export const forgetSubscriptionsAskedBy = (db: Db, userId: string) =>
  removeSubscribersAskedBy(db, userId);
