import type { Db } from '../db/schema';
import { mailStatuses } from '../mail/mail-sender';
import { sendTallies } from './newsletter-sends.repository';

/** Where a newsletter's subscribers are: each is in exactly one count. */
export interface SendCounts {
  queued: number;
  sent: number;
  failed: number;
  unsubscribed: number;
}

const NONE: SendCounts = { queued: 0, sent: 0, failed: 0, unsubscribed: 0 };

/** What a queued row's mail says of it, as the outbox has it now. */
const OUTCOME = {
  waiting: 'queued',
  sent: 'sent',
  failed: 'failed',
  withdrawn: 'unsubscribed',
} as const;

/**
 * The counts of some newsletters. Rows settled by the sender are counted as they are; a row whose
 * mail is in the outbox is counted as that mail stands now, so the counts move as mails go out
 * rather than at the sender's next look. A mail the outbox no longer has went with an account
 * closed (which withdrew its consent), so it counts as unsubscribed.
 */
export async function countsOf(
  db: Db,
  newsletterIds: readonly string[],
): Promise<Map<string, SendCounts>> {
  const { counts, queued } = await sendTallies(db, newsletterIds);
  const result = new Map<string, SendCounts>();
  const of = (id: string) => {
    let found = result.get(id);
    if (!found) {
      found = { ...NONE };
      result.set(id, found);
    }
    return found;
  };
  for (const { newsletterId, status, count } of counts) {
    of(newsletterId)[status === 'waiting' ? 'queued' : status] += count;
  }
  const statuses = await mailStatuses(
    db,
    queued.flatMap(({ mailId }) => (mailId === null ? [] : [mailId])),
  );
  for (const { newsletterId, mailId } of queued) {
    const status = mailId === null ? undefined : statuses.get(mailId);
    of(newsletterId)[status === undefined ? 'unsubscribed' : OUTCOME[status]] += 1;
  }
  return result;
}

countsOf.none = NONE;
