import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ShopIdentity } from '../../shared/api';
import type { ShopDatabase } from '../db/database';
import { repeatInBackground } from '../background';
import { escapeHtml, mailPage } from '../mail/html';
import type { Mail } from '../mail/mailer';
import type { Mailer } from '../mail/mail-sender';
import { traderHtml, traderText } from '../mail/trader';
import {
  claimInvitation,
  invitationFacts,
  ordersDueForInvitation,
  type InvitationFacts,
} from './review-invitations.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A customer is asked to review what they bought this long after it was delivered. */
export const INVITE_AFTER_DAYS = 7;
/**
 * Nor later than this: an order the shop could not get to in time (it was closed for weeks) is
 * left alone rather than asked about out of the blue.
 */
const INVITE_UNTIL_DAYS = 30;
/** How many orders one pass looks at; the next pass takes the rest. */
const PER_PASS = 50;
/** How often each instance looks for orders due an invitation. */
const LOOK_EVERY_MS = 15 * 60 * 1000;

export interface ReviewInvitationsContext {
  database: ShopDatabase;
  mailer: Mailer;
  publicUrl: string;
  trader: ShopIdentity;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/** The link that opens a product's review form (the product page opens it itself). */
export const reviewFormLink = (publicUrl: string, productId: string) =>
  `${publicUrl}/product/${encodeURIComponent(productId)}?review=write`;

function invitationMail(context: ReviewInvitationsContext, facts: InvitationFacts): Mail {
  const { trader, publicUrl } = context;
  const greeting = facts.name ? `Hello ${facts.name},` : 'Hello,';
  const lead = `Your order ${facts.orderNumber} arrived a week ago. We hope you like it: would you tell other shoppers what you think? A review takes a minute, and it shows as a verified purchase.`;
  const links = facts.products.map((product) => ({
    name: product.name,
    link: reviewFormLink(publicUrl, product.id),
  }));
  const once = 'We ask once for each order; you will not hear from us about it again.';
  return {
    to: facts.email,
    subject: `How are you finding your ${trader.name} order?`,
    text: [
      greeting,
      '',
      lead,
      '',
      ...links.map(({ name, link }) => `Review ${name}: ${link}`),
      '',
      once,
      '',
      traderText(trader),
    ].join('\n'),
    html: mailPage(
      trader.name,
      `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(lead)}</p>
<ul>${links.map(({ name, link }) => `<li><a href="${escapeHtml(link)}">Review ${escapeHtml(name)}</a></li>`).join('')}</ul>
<p style="font-size:13px;color:#6b6358">${escapeHtml(once)}</p>
${traderHtml(trader)}`,
    ),
  };
}

/**
 * Asks each customer whose order was delivered seven days ago (and not more than thirty) to review
 * what they bought, once per order: only the order's products still on sale that they have not
 * reviewed, and nothing at all when none is left. Every instance runs this; the one that claims an
 * order (`review_invited_at`, set on the condition that nobody set it first, in the transaction
 * that stores the mail) mails it, and the others pass it by. Answers how many mails it queued.
 */
export async function inviteReviews(
  context: ReviewInvitationsContext,
  now = new Date(),
): Promise<number> {
  const { db } = context.database;
  const due = await ordersDueForInvitation(db, {
    deliveredSince: new Date(now.getTime() - INVITE_UNTIL_DAYS * DAY_MS).toISOString(),
    deliveredBy: new Date(now.getTime() - INVITE_AFTER_DAYS * DAY_MS).toISOString(),
    limit: PER_PASS,
  });
  let queued = 0;
  for (const orderId of due) {
    const mailed = await db.transaction().execute(async (trx) => {
      if (!(await claimInvitation(trx, orderId, now.toISOString()))) return false;
      const facts = await invitationFacts(trx, orderId);
      if (!facts || facts.products.length === 0) return false;
      await context.mailer.queue(invitationMail(context, facts), trx);
      return true;
    });
    if (mailed) queued += 1;
  }
  if (queued > 0) context.mailer.deliverDue();
  return queued;
}

/** Looks for orders due an invitation when the shop is ready and every quarter of an hour. */
export function scheduleReviewInvitations(
  app: FastifyInstance,
  context: ReviewInvitationsContext,
): void {
  repeatInBackground(app, {
    what: 'review invitations could not be sent',
    everyMs: LOOK_EVERY_MS,
    log: context.log,
    work: () => inviteReviews(context),
  });
}
