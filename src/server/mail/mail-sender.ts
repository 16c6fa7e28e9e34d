import { randomUUID } from 'node:crypto';
import { setTimeout as wait } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/schema';
import {
  claimNextMail,
  countWaitingMails,
  handBackMail,
  insertCopyOfMail,
  insertMail,
  markFailed,
  markSent,
  markWithdrawn,
  removeSentBefore,
  renewLease,
  type LeasedMail,
} from './mail-outbox.repository';

/** Forgets the mails to an address, sent or waiting, as a closed account asks. */
export { removeMailsTo as forgetMailsTo } from './mail-outbox.repository';
/**
 * How some mails stand (`waiting`, `sent`, `failed`, `withdrawn`), by id; one the outbox no
 * longer keeps (sent over 30 days ago, or to an account since closed) is left out.
 */
export { mailStatuses } from './mail-outbox.repository';
import type { Mail, MailTransport } from './mailer';
import { unsubscribeHeaders, type UnsubscribeLinks } from './unsubscribe-links';

/**
 * How long a sender holds a mail it took before another may take it (a sender that died). The
 * sender renews it every third of that while the relay is slow, so a delivery may take longer.
 */
const LEASE_MS = 45 * 1000;
/** Retries wait 10 s, 20 s, 40 s, ... up to an hour apart; after 12 tries the mail is given up. */
const FIRST_RETRY_MS = 10 * 1000;
const LONGEST_RETRY_MS = 60 * 60 * 1000;
const MOST_ATTEMPTS = 12;
/** How often each instance looks for mails that are due (a retry, or one a crash left). */
const LOOK_EVERY_MS = 2000;
/** Sent mails are kept this long (to see what went out), then removed. */
const KEEP_SENT_MS = 30 * 24 * 60 * 60 * 1000;
/** How many old sent mails one look removes; a full batch has the next look remove more. */
const REMOVE_AT_ONCE = 200;
/** How often each instance looks for old sent mails when the last look left none. */
const REMOVE_EVERY_MS = 10 * 60 * 1000;
/** How long a mail being handed over when the sender closes may take before it is handed back. */
const FINISH_ON_CLOSE_MS = 3000;

export interface Mailer {
  /**
   * Puts a mail in the outbox. Given a transaction, the mail is kept only if it commits (an
   * order and its confirmation are stored together); call `deliverDue` once it has. Given
   * `notBefore`, no sender takes it until then. Answers the mail's id in the outbox.
   */
  queue(mail: Mail, db?: Db, options?: { notBefore?: Date }): Promise<string>;
  /**
   * Puts in the outbox, due at once, a copy of a mail it still keeps; undefined when the outbox
   * no longer has it (sent mails are removed after 30 days). As `queue` with a transaction.
   */
  queueCopy(id: string, db?: Db): Promise<string | undefined>;
  /**
   * Queues in the background, so a caller answers as fast whether or not a mail goes out (the
   * answer to forgot-password must not tell whether an account exists).
   */
  send(mail: Mail): void;
  /** Delivers what is due now, without waiting for the next look. */
  deliverDue(): void;
  /** Waits for every mail queued so far to be stored, and for what is due to be delivered. */
  flush(): Promise<void>;
  /** How many mails wait in the outbox. */
  waiting(): Promise<number>;
  /**
   * Stops looking for mails, once those being queued are stored. A mail the relay still has after
   * a few seconds is handed back, due at once for another sender; what waits is delivered by
   * another instance or the next start.
   */
  close(): Promise<void>;
}

interface MailerOptions {
  db: Db;
  transport: MailTransport;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The clock; tests may move it. */
  now?: () => Date;
  /** Told of each mail queued, handed over, or failing a try (the shop's metrics count them). */
  observe?: (event: 'queued' | 'sent' | 'failed') => void;
  /** How long a sender holds a mail before another may take it; tests shorten it. */
  leaseMs?: number;
  /** Where marketing mails' unsubscribe links lead; a mailer without them queues no marketing. */
  unsubscribe?: UnsubscribeLinks;
  /**
   * Whether the consent a marketing mail was queued under still stands: asked as a sender takes
   * the mail, which is dropped, unsent, when it does not. Without it, marketing mail is sent as
   * queued.
   */
  consentStands?: (db: Db, consentId: string) => Promise<boolean>;
}

const retryDelayMs = (attempts: number) =>
  Math.min(FIRST_RETRY_MS * 2 ** (attempts - 1), LONGEST_RETRY_MS);

/**
 * The shop's mail: every mail goes into the outbox table first, and a sender on each instance
 * delivers what is due, one mail at a time, with retries and backoff. A sender holds each mail it
 * takes under a lease of its own, renewed while the relay is slow, so however many instances run
 * and however long a delivery takes, one sender has the mail, and only that sender marks it sent.
 * A crash loses nothing: what it left waiting is delivered after the restart, or by another
 * instance once its lease is over. A mail is sent twice only when a sender dies between handing it
 * over and noting so. A marketing mail whose consent was withdrawn after it was queued is dropped
 * as a sender takes it, never sent. Sent mails are removed after 30 days, a batch at a time, by
 * whichever instance looks first.
 */
export function createMailer({
  db,
  transport,
  log,
  now = () => new Date(),
  observe = () => undefined,
  leaseMs = LEASE_MS,
  unsubscribe,
  consentStands,
}: MailerOptions): Mailer {
  const storing = new Set<Promise<void>>();
  let round: Promise<void> | undefined;
  let again = false;
  let closing = false;
  /** When this instance next looks for old sent mails (its clock's milliseconds). */
  let removeFrom = 0;
  /** The mail this sender is handing over, if any. */
  let inHand: LeasedMail | undefined;

  const leaseFrom = (at: Date) => new Date(at.getTime() + leaseMs);

  /**
   * Renews the lease on a mail every third of the lease while it is being handed over, so that a
   * slow relay does not let another sender take it; answers a function that stops renewing.
   */
  function holdWhileSending(taken: LeasedMail): () => Promise<void> {
    let renewing: Promise<void> = Promise.resolve();
    let held = true;
    const renew = async () => {
      if (!held) return;
      try {
        held = await renewLease(db, taken, leaseFrom(now()));
      } catch (error) {
        log.warn({ err: error }, `The lease on mail "${taken.mail.subject}" could not be renewed`);
      }
    };
    const timer = setInterval(() => {
      renewing = renewing.then(renew);
    }, leaseMs / 3);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await renewing;
    };
  }

  async function deliver(taken: LeasedMail) {
    const { mail, attempts } = taken;
    const release = holdWhileSending(taken);
    let failure: { error: unknown } | undefined;
    try {
      await transport(mail);
    } catch (error) {
      failure = { error };
    } finally {
      await release();
    }
    if (!failure) {
      if (await markSent(db, taken, now())) observe('sent');
      else log.warn(`Mail "${mail.subject}" was sent after another sender took it over`);
      return;
    }
    const { error } = failure;
    const retry = attempts < MOST_ATTEMPTS;
    const retryAt = retry ? new Date(now().getTime() + retryDelayMs(attempts)) : undefined;
    const reason = error instanceof Error ? error.message : String(error);
    // A sender that lost the mail to another leaves the mail's fate to that one.
    if (!(await markFailed(db, taken, { error: reason.slice(0, 500), retryAt }))) return;
    observe('failed');
    const words = `Mail "${mail.subject}" could not be sent (try ${attempts})`;
    if (retry) log.warn({ err: error }, `${words}; trying again at ${retryAt?.toISOString()}`);
    else log.error({ err: error }, `${words}; given up`);
  }

  /** Removes a batch of mails sent more than 30 days ago, when it is time to look. */
  async function removeOldSentMails() {
    const at = now().getTime();
    if (at < removeFrom) return;
    try {
      const removed = await removeSentBefore(db, new Date(at - KEEP_SENT_MS), REMOVE_AT_ONCE);
      removeFrom = removed === REMOVE_AT_ONCE ? at : at + REMOVE_EVERY_MS;
    } catch (error) {
      removeFrom = at + REMOVE_EVERY_MS;
      log.warn({ err: error }, 'old sent mails could not be removed');
    }
  }

  /** Takes the next due mail and delivers it; false when none is due, or the mailer is closing. */
  async function deliverNext(): Promise<boolean> {
    if (closing) return false;
    const at = now();
    const taken = await claimNextMail(db, {
      now: at,
      leaseUntil: leaseFrom(at),
      token: randomUUID(),
    });
    if (!taken) return false;
    if (taken.consentId !== null && consentStands && !(await consentStands(db, taken.consentId))) {
      // Withdrawn after the mail was queued (during a newsletter's sending, say): not sent.
      if (await markWithdrawn(db, taken)) {
        log.info(`Mail "${taken.mail.subject}" is dropped: its consent was withdrawn`);
      }
      return true;
    }
    inHand = taken;
    try {
      await deliver(taken);
    } finally {
      inHand = undefined;
    }
    return true;
  }

  /** Whether a mail was stored while a round ran, which the round may have missed. */
  const askedAgain = () => again && !closing;

  async function deliverRound(): Promise<void> {
    do {
      again = false;
      await removeOldSentMails();
      let more = true;
      while (more) more = await deliverNext();
    } while (askedAgain());
  }

  function deliverDue(): Promise<void> {
    if (round) {
      again = true;
      return round;
    }
    round = deliverRound()
      .catch((error: unknown) => log.error({ err: error }, 'the outbox could not be read'))
      .finally(() => {
        round = undefined;
      });
    return round;
  }

  const looking = setInterval(() => void deliverDue(), LOOK_EVERY_MS);
  looking.unref();
  void deliverDue();

  /** A marketing mail as it is kept and sent: with the headers that unsubscribe in one click. */
  function asSent(mail: Mail): Mail {
    const { marketing, ...rest } = mail;
    if (!marketing) return mail;
    if (!unsubscribe) throw new Error(`Marketing mail "${mail.subject}" needs unsubscribe links`);
    return { ...rest, headers: { ...mail.headers, ...unsubscribeHeaders(unsubscribe, marketing) } };
  }

  async function queue(mail: Mail, into: Db = db, options: { notBefore?: Date } = {}) {
    const id = await insertMail(into, asSent(mail), now(), {
      ...options,
      consentId: mail.marketing?.consentId ?? null,
    });
    observe('queued');
    if (into === db) void deliverDue();
    return id;
  }

  return {
    queue,
    async queueCopy(id, into = db) {
      const copy = await insertCopyOfMail(into, id, now());
      if (copy === undefined) return undefined;
      observe('queued');
      if (into === db) void deliverDue();
      return copy;
    },
    send(mail) {
      const stored = queue(mail)
        .then(() => undefined)
        .catch((error: unknown) => {
          log.error({ err: error }, `Mail "${mail.subject}" could not be queued`);
        })
        .finally(() => storing.delete(stored));
      storing.add(stored);
    },
    deliverDue: () => void deliverDue(),
    async flush() {
      await Promise.all(storing);
      await deliverDue();
    },
    waiting: () => countWaitingMails(db),
    async close() {
      clearInterval(looking);
      closing = true;
      await Promise.all(storing);
      if (!round) return;
      const waited = new AbortController();
      const finished = await Promise.race([
        round.then(() => true),
        wait(FINISH_ON_CLOSE_MS, false, { signal: waited.signal }).catch(() => true),
      ]);
      waited.abort();
      const held = inHand;
      if (finished || !held) return;
      try {
        if (await handBackMail(db, held, now())) {
          log.info(`Mail "${held.mail.subject}" is handed back unsent as the shop stops`);
        }
      } catch (error) {
        log.warn({ err: error }, `Mail "${held.mail.subject}" waits for its lease to end`);
      }
    },
  };
}
