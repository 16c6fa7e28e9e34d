import { ADMIN_PAGE_SIZE, type Message } from '../../shared/api';
import type {
  Newsletter,
  NewsletterBody,
  NewsletterDetail,
  NewsletterPage,
} from '../../shared/newsletters/newsletters';
import type { UserAccount } from '../accounts/user-account';
import { changedFields, recordChange, type Actor } from '../audit/audit-log';
import { countStandingConsents, standingConsentsFor } from '../consents/consents.service';
import type { ShopDatabase } from '../db/database';
import type { Db } from '../db/schema';
import type { AccountLimit } from '../http/account-limits';
import { ShopError } from '../http/errors';
import { pageCount, pageOffset } from '../http/paging';
import type { Mailer } from '../mail/mail-sender';
import { newId } from '../sql/ids';
import { renderNewsletterContent, type NewsletterContent } from './newsletter-content';
import { countsOf, type SendCounts } from './newsletter-counts';
import { previewOf, testMail, type NewsletterMailing } from './newsletters.mails';
import {
  findNewsletter,
  insertNewsletter,
  listNewsletters,
  startSending,
  updateDraft,
  type StoredNewsletter,
} from './newsletters.repository';
import { insertSends, newslettersMailedSince as mailedSince } from './newsletter-sends.repository';

export interface NewslettersContext {
  database: ShopDatabase;
  mailer: Mailer;
  mailing: NewsletterMailing;
  /** Test mails an admin may send themself: a few an hour. */
  testMails: AccountLimit;
}

const notFound = () => new ShopError('NEWSLETTER_NOT_FOUND', 'Newsletter not found');
const notDraft = (newsletter: StoredNewsletter) =>
  new ShopError(
    'NEWSLETTER_NOT_DRAFT',
    newsletter.status === 'sent'
      ? 'That newsletter has been sent: it can no longer be changed or sent again'
      : 'That newsletter is being sent: it can no longer be changed or sent again',
  );

function present(newsletter: StoredNewsletter, counts: SendCounts): Newsletter {
  return {
    _id: newsletter.id,
    subject: newsletter.subject,
    body: newsletter.body,
    status: newsletter.status,
    createdAt: newsletter.createdAt,
    updatedAt: newsletter.updatedAt,
    sentAt: newsletter.sentAt,
    ...counts,
  };
}

/** What the audit log keeps of a newsletter: what the owner wrote. */
const factsOf = ({ subject, body }: { subject: string; body: string }) => ({ subject, body });

/**
 * A newsletter's content: as it was sent, or for a draft as it would be sent now (its cards with
 * today's prices). A draft whose card names a product no longer on sale is refused when sent.
 */
async function contentOf(
  { database, mailing }: NewslettersContext,
  newsletter: StoredNewsletter,
): Promise<NewsletterContent> {
  return (
    newsletter.sent ?? renderNewsletterContent(database.db, mailing.publicUrl, newsletter.body)
  );
}

async function detailOf(
  context: NewslettersContext,
  newsletter: StoredNewsletter,
): Promise<NewsletterDetail> {
  const { db } = context.database;
  const [counts, content, audience] = await Promise.all([
    countsOf(db, [newsletter.id]),
    contentOf(context, newsletter).catch((error: unknown) => {
      if (!(error instanceof ShopError)) throw error;
      // A card's product went off sale since the draft was saved: the preview says so.
      return { html: `<p>${error.message}</p>`, text: error.message };
    }),
    countStandingConsents(db, 'newsletter'),
  ]);
  const preview = previewOf(context.mailing, { subject: newsletter.subject, content });
  return {
    ...present(newsletter, counts.get(newsletter.id) ?? countsOf.none),
    html: preview.html,
    text: preview.text,
    audience,
  };
}

export async function listAdminNewsletters(
  { database }: NewslettersContext,
  pageNumber: number,
): Promise<NewsletterPage> {
  const { newsletters, total } = await listNewsletters(database.db, {
    offset: pageOffset(pageNumber, ADMIN_PAGE_SIZE),
    limit: ADMIN_PAGE_SIZE,
  });
  const counts = await countsOf(
    database.db,
    newsletters.map((newsletter) => newsletter.id),
  );
  return {
    newsletters: newsletters.map((newsletter) =>
      present(newsletter, counts.get(newsletter.id) ?? countsOf.none),
    ),
    page: pageNumber,
    pages: pageCount(total, ADMIN_PAGE_SIZE),
  };
}

async function storedIn(db: Db, id: string): Promise<StoredNewsletter> {
  const newsletter = await findNewsletter(db, id);
  if (!newsletter) throw notFound();
  return newsletter;
}

const stored = (context: NewslettersContext, id: string) => storedIn(context.database.db, id);

export async function getNewsletter(context: NewslettersContext, id: string) {
  return detailOf(context, await stored(context, id));
}

/** A new draft; a card naming no product on sale is refused, naming it. */
export async function createNewsletter(
  context: NewslettersContext,
  admin: Actor,
  body: NewsletterBody,
): Promise<NewsletterDetail> {
  const { db } = context.database;
  await renderNewsletterContent(db, context.mailing.publicUrl, body.body);
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await insertNewsletter(trx, { id, ...body, at: new Date().toISOString() });
    await recordChange(trx, admin, {
      action: 'newsletter.created',
      target: { type: 'newsletter', id, label: body.subject },
      after: factsOf(body),
    });
  });
  return getNewsletter(context, id);
}

/** Saves a draft; one being sent or sent stays as it went (409). */
export async function saveNewsletter(
  context: NewslettersContext,
  admin: Actor,
  id: string,
  body: NewsletterBody,
): Promise<NewsletterDetail> {
  const { db } = context.database;
  const before = await stored(context, id);
  if (before.status !== 'draft') throw notDraft(before);
  await renderNewsletterContent(db, context.mailing.publicUrl, body.body);
  await db.transaction().execute(async (trx) => {
    if (!(await updateDraft(trx, { id, ...body, at: new Date().toISOString() }))) {
      throw notDraft(await storedIn(trx, id));
    }
    const changed = changedFields(factsOf(before), factsOf(body));
    if (changed) {
      await recordChange(trx, admin, {
        action: 'newsletter.updated',
        target: { type: 'newsletter', id, label: body.subject },
        ...changed,
      });
    }
  });
  return getNewsletter(context, id);
}

/**
 * Mails the newsletter, as subscribers would get it, to the admin who asks: a test, marked so in
 * its subject, sent under no consent. A few an hour, so that the shop's mail cannot be used to
 * fill an inbox.
 */
export async function sendTest(
  context: NewslettersContext,
  admin: UserAccount,
  id: string,
): Promise<Message> {
  const newsletter = await stored(context, id);
  const content = await contentOf(context, newsletter);
  await context.testMails.count(admin.id);
  await context.mailer.queue(
    testMail(context.mailing, admin.email, { subject: newsletter.subject, content }),
  );
  return { message: `A test is on its way to ${admin.email}` };
}

/**
 * Sends a draft to every subscriber whose newsletter consent stands now: in one transaction the
 * newsletter stops being a draft (on the condition that it still was, so of two sends at once one
 * goes ahead and the other is refused) and gets one row per consent, with the content it is sent
 * with. The background sender then queues their mails at the shop's pace.
 */
export async function sendNewsletter(
  context: NewslettersContext,
  admin: Actor,
  id: string,
): Promise<NewsletterDetail> {
  const { db } = context.database;
  const newsletter = await stored(context, id);
  if (newsletter.status !== 'draft') throw notDraft(newsletter);
  const content = await renderNewsletterContent(db, context.mailing.publicUrl, newsletter.body);
  await db.transaction().execute(async (trx) => {
    const at = new Date().toISOString();
    if (!(await startSending(trx, { id, at, ...content }))) {
      throw notDraft(await storedIn(trx, id));
    }
    const consents = await standingConsentsFor(trx, 'newsletter');
    await insertSends(trx, id, consents);
    await recordChange(trx, admin, {
      action: 'newsletter.sent',
      target: { type: 'newsletter', id, label: newsletter.subject },
      after: { subject: newsletter.subject, subscribers: consents.length },
    });
  });
  return getNewsletter(context, id);
}

/** The newsletters sent since a moment and whom each was mailed to, for the desk. */
export const newslettersMailedSince = (db: Db, since: string) => mailedSince(db, since);
