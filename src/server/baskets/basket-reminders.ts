import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ShopIdentity } from '../../shared/api';
import type { KeptBasketLine } from '../../shared/baskets/baskets';
import { formatPounds } from '../../shared/money';
import type { RemindersSettings } from '../../shared/settings/settings';
import { repeatInBackground } from '../background';
import { standingConsent } from '../consents/consents.service';
import type { ShopDatabase } from '../db/database';
import { escapeHtml, mailPage } from '../mail/html';
import type { Mail } from '../mail/mailer';
import type { Mailer } from '../mail/mail-sender';
import { traderHtml, traderText } from '../mail/trader';
import { unsubscribeUrl, type MarketingConsent } from '../mail/unsubscribe-links';
import { newId } from '../sql/ids';
import {
  basketsDueAStep,
  insertReminderSent,
  passReminderStep,
  removeGuestBasketsUnchangedSince,
  type DueBasket,
} from './kept-baskets.repository';
import { newBasketKey, pricedLines } from './kept-baskets.service';

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** How many baskets one pass looks at for each step; the next pass takes the rest. */
const PER_PASS = 50;
/** How often each instance looks for reminders due. */
const LOOK_EVERY_MS = MINUTE_MS;
/** A guest's basket nobody touched for this long is forgotten. */
const KEEP_GUEST_BASKETS_DAYS = 60;
const FORGET_AT_ONCE = 200;

export interface BasketRemindersContext {
  database: ShopDatabase;
  mailer: Mailer;
  publicUrl: string;
  /** Signs the unsubscribe link in the mail's words (the outbox signs its headers' own). */
  secret: string;
  trader: ShopIdentity;
  /** When reminders go, as the settings say at the time of the pass. */
  reminders: RemindersSettings;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/** The link in a reminder that brings its basket back, in any browser. */
export const restoreLink = (publicUrl: string, key: string) =>
  `${publicUrl}/basket/restore?token=${encodeURIComponent(key)}`;

const SUBJECTS = [
  'You left something in your basket',
  'Your basket is still waiting',
  'A last reminder about your basket',
];

function lineWords(line: KeptBasketLine): string {
  const what = line.variantLabel ? `${line.name} (${line.variantLabel})` : line.name;
  const stock = line.countInStock <= 0 ? ', sold out for now' : '';
  return `${what} × ${line.qty}, ${formatPounds(line.price)} each${stock}`;
}

/** A reminder: what the basket holds at today's prices, a link to it, and a way out. */
function reminderMail(
  context: BasketRemindersContext,
  {
    to,
    number,
    of,
    lines,
    link,
    marketing,
  }: {
    to: string;
    number: number;
    of: number;
    lines: KeptBasketLine[];
    link: string;
    marketing: MarketingConsent;
  },
): Mail {
  const { trader } = context;
  const subject = SUBJECTS[Math.min(number, SUBJECTS.length) - 1] ?? SUBJECTS[0] ?? '';
  const lead = `You left ${lines.length === 1 ? 'this' : 'these'} in your basket at ${trader.name}. It is kept for you, at today's prices:`;
  const bringBack = 'Bring my basket back';
  const stop = unsubscribeUrl(context, marketing);
  const why =
    number < of
      ? `You asked us to remind you of your basket. This is reminder ${number} of ${of} at most; an order or an empty basket stops them.`
      : 'You asked us to remind you of your basket. This is the last reminder we send about it.';
  const stopWords = 'Stop basket reminders';
  return {
    to,
    subject,
    marketing,
    text: [
      'Hello,',
      '',
      lead,
      '',
      ...lines.map((line) => `- ${lineWords(line)}`),
      '',
      `${bringBack}: ${link}`,
      '',
      why,
      `${stopWords}: ${stop}`,
      '',
      traderText(trader),
    ].join('\n'),
    html: mailPage(
      trader.name,
      `<p>Hello,</p>
<p>${escapeHtml(lead)}</p>
<ul>${lines.map((line) => `<li>${escapeHtml(lineWords(line))}</li>`).join('')}</ul>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1f1b16;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(bringBack)}</a></p>
<p style="font-size:13px;color:#6b6358">${escapeHtml(why)} <a href="${escapeHtml(stop)}">${escapeHtml(stopWords)}</a>.</p>
${traderHtml(trader)}`,
    ),
  };
}

/**
 * Sends one basket's reminder, `step` of the settings' (from 0), if this pass is the one that
 * claims it: the claim (the step counted on the condition nobody counted it first and the basket
 * has not changed since it was read), the mail and the record of it are one transaction. Nothing
 * is sent without a consent that stands, or for a basket whose lines are no longer sold; the
 * step is passed all the same. Answers whether a mail was queued.
 */
async function remind(
  context: BasketRemindersContext,
  basket: DueBasket & { passed: number },
  step: number,
  now: Date,
): Promise<boolean> {
  return context.database.db.transaction().execute(async (trx) => {
    const claimed = await passReminderStep(trx, {
      id: basket.id,
      from: basket.passed,
      to: step + 1,
      changedAt: basket.changedAt,
    });
    if (!claimed) return false;
    const consent = await standingConsent(trx, basket.email, 'basket-reminders');
    if (!consent) return false;
    const lines = await pricedLines(trx, basket.lines);
    if (lines.length === 0) return false;
    const at = now.toISOString();
    const key = await newBasketKey(trx, basket.id, at);
    const mail = reminderMail(context, {
      to: basket.email,
      number: step + 1,
      of: context.reminders.afterMinutes.length,
      lines,
      link: restoreLink(context.publicUrl, key),
      marketing: { purpose: 'basket-reminders', consentId: consent.id },
    });
    await context.mailer.queue(mail, trx);
    await insertReminderSent(trx, { id: newId(), email: basket.email, step: step + 1, sentAt: at });
    return true;
  });
}

/**
 * One pass of the basket reminders, as every instance runs it: for each step the settings name,
 * latest first, the baskets that have waited that long since they last changed and not yet had
 * it. A basket that waited past several steps (the shop was down) is sent the latest only.
 * Guests' baskets untouched for 60 days are forgotten. Answers how many mails it queued.
 */
export async function sendBasketReminders(
  context: BasketRemindersContext,
  now = new Date(),
): Promise<number> {
  const { db } = context.database;
  const steps = context.reminders.afterMinutes;
  let queued = 0;
  for (let step = steps.length - 1; step >= 0; step -= 1) {
    const changedBy = new Date(now.getTime() - (steps[step] ?? 0) * MINUTE_MS).toISOString();
    const due = await basketsDueAStep(db, { before: step + 1, changedBy, limit: PER_PASS });
    for (const basket of due) {
      if (await remind(context, basket, step, now)) queued += 1;
    }
  }
  const forgetBefore = new Date(now.getTime() - KEEP_GUEST_BASKETS_DAYS * DAY_MS).toISOString();
  await removeGuestBasketsUnchangedSince(db, forgetBefore, FORGET_AT_ONCE);
  if (queued > 0) context.mailer.deliverDue();
  return queued;
}

/** Looks for reminders due when the shop is ready and every minute. */
export function scheduleBasketReminders(
  app: FastifyInstance,
  context: () => BasketRemindersContext,
): void {
  repeatInBackground(app, {
    what: 'basket reminders could not be sent',
    everyMs: LOOK_EVERY_MS,
    log: app.log,
    work: () => sendBasketReminders(context()),
  });
}
