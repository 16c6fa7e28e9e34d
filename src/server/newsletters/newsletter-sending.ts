import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { NewsletterSettings } from '../../shared/newsletters/newsletters';
import { repeatInBackground } from '../background';
import { consentStillStands } from '../consents/consents.service';
import type { ShopDatabase } from '../db/database';
import type { Db } from '../db/schema';
import { mailStatuses, type Mailer } from '../mail/mail-sender';
import { newsletterMail, type NewsletterMailing } from './newsletters.mails';
import {
  finishSending,
  nextDueAtOf,
  oldestSending,
  takeTurn,
  type StoredNewsletter,
} from './newsletters.repository';
import { moveSend, nextWaitingSend, queuedSends } from './newsletter-sends.repository';

/** How often each instance looks for newsletter mails due into the outbox. */
export const LOOK_EVERY_MS = 1000;
/** How many queued rows one look settles from the outbox's outcome. */
const SETTLE_AT_ONCE = 200;

export interface NewsletterSendingContext {
  database: ShopDatabase;
  mailer: Mailer;
  mailing: NewsletterMailing;
  /** The pace, from the settings held now. */
  readonly pace: NewsletterSettings;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

type Step = 'mailed' | 'not-yet' | 'done';

/**
 * The newsletter's next turn, if it has come: `next_due_at` is moved on by a minute's share of
 * the pace, on the condition that nobody moved it since it was read. A turn missed while nobody
 * looked is not made up, beyond one look's worth, so a shop that was stopped does not catch up in
 * a burst. Answers whether this caller has the turn.
 */
async function takeNextTurn(
  trx: Db,
  newsletter: StoredNewsletter,
  perMinute: number,
): Promise<boolean> {
  const now = Date.now();
  const { nextDueAt } = newsletter;
  if (nextDueAt === null || Date.parse(nextDueAt) > now) return false;
  const from = Math.max(Date.parse(nextDueAt), now - LOOK_EVERY_MS);
  return takeTurn(trx, {
    id: newsletter.id,
    dueAt: nextDueAt,
    nextDueAt: new Date(from + Math.ceil(60_000 / perMinute)).toISOString(),
  });
}

/**
 * One turn of a newsletter, in one transaction: the turn is taken, the next subscriber waiting is
 * claimed, and their mail is queued, all kept together or not at all, so a crash neither loses
 * nor repeats a step. A subscriber whose consent no longer stands is marked unsubscribed and the
 * next one takes the turn. With nobody left waiting, the newsletter is sent.
 */
async function takeOneStep(
  context: NewsletterSendingContext,
  newsletter: StoredNewsletter,
): Promise<Step> {
  const { db } = context.database;
  return db.transaction().execute(async (trx): Promise<Step> => {
    const current = { ...newsletter, nextDueAt: await nextDueAtOf(trx, newsletter.id) };
    if (!(await takeNextTurn(trx, current, context.pace.perMinute))) return 'not-yet';
    for (;;) {
      const next = await nextWaitingSend(trx, newsletter.id);
      const at = new Date().toISOString();
      if (!next) {
        await finishSending(trx, newsletter.id, at);
        return 'done';
      }
      const key = { newsletterId: newsletter.id, consentId: next.consentId };
      if (!(await consentStillStands(trx, next.consentId))) {
        await moveSend(trx, { ...key, from: 'waiting', to: 'unsubscribed' });
        continue;
      }
      if (!newsletter.sent)
        throw new Error(`Newsletter ${newsletter.id} is sending without content`);
      const mailId = await context.mailer.queue(
        newsletterMail(context.mailing, next, {
          subject: newsletter.subject,
          content: newsletter.sent,
        }),
        trx,
      );
      if (!(await moveSend(trx, { ...key, from: 'waiting', to: 'queued', mailId, at }))) {
        throw new Error(`A newsletter row was claimed twice in one turn`);
      }
      return 'mailed';
    }
  });
}

/**
 * Settles the rows whose mail the outbox has finished with (sent, given up, or dropped for a
 * withdrawn consent), so the counts outlive the outbox's removal of sent mails after 30 days.
 */
async function settleQueuedSends(db: Db): Promise<void> {
  const rows = await queuedSends(db, SETTLE_AT_ONCE);
  const statuses = await mailStatuses(
    db,
    rows.flatMap(({ mailId }) => (mailId === null ? [] : [mailId])),
  );
  for (const row of rows) {
    const status = row.mailId === null ? undefined : statuses.get(row.mailId);
    if (status === 'waiting') continue;
    const to = status === 'sent' ? 'sent' : status === 'failed' ? 'failed' : 'unsubscribed';
    await moveSend(db, {
      newsletterId: row.newsletterId,
      consentId: row.consentId,
      from: 'queued',
      to,
    });
  }
}

/**
 * Queues the mails of the newsletter being sent (the oldest, when there are several: one at a
 * time, so the pace is the shop's overall) as its turns come, then settles what the outbox has
 * finished with. Every instance runs it; turns and rows are each taken by one. Answers how many
 * mails it queued.
 */
export async function queueDueNewsletterMails(context: NewsletterSendingContext): Promise<number> {
  const { db } = context.database;
  let queued = 0;
  const newsletter = await oldestSending(db);
  if (newsletter) {
    for (;;) {
      const step = await takeOneStep(context, newsletter);
      if (step !== 'mailed') break;
      queued += 1;
    }
    // The last mail needs no turn after it: once nobody waits, the newsletter is sent.
    await finishSending(db, newsletter.id, new Date().toISOString());
  }
  if (queued > 0) context.mailer.deliverDue();
  await settleQueuedSends(db);
  return queued;
}

/** Each instance looks every second for newsletter mails whose turn has come. */
export function scheduleNewsletterSending(
  app: FastifyInstance,
  context: NewsletterSendingContext,
): void {
  repeatInBackground(app, {
    what: 'newsletter mails could not be queued',
    everyMs: LOOK_EVERY_MS,
    log: context.log,
    work: () => queueDueNewsletterMails(context),
  });
}
