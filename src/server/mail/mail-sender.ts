import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/schema';
import {
  claimDueMails,
  countWaitingMails,
  insertMail,
  markFailed,
  markSent,
} from './mail-outbox.repository';

/** Forgets the mails to an address, sent or waiting, as a closed account asks. */
export { removeMailsTo as forgetMailsTo } from './mail-outbox.repository';
import type { Mail, MailTransport } from './mailer';

/** How many mails one round takes from the outbox. */
const ROUND_SIZE = 20;
/**
 * How long a sender holds a mail it took before another may take it (a sender that died): longer
 * than one delivery may take (see the transport's timeouts).
 */
const LEASE_MS = 45 * 1000;
/** Retries wait 10 s, 20 s, 40 s, ... up to an hour apart; after 12 tries the mail is given up. */
const FIRST_RETRY_MS = 10 * 1000;
const LONGEST_RETRY_MS = 60 * 60 * 1000;
const MOST_ATTEMPTS = 12;
/** How often each instance looks for mails that are due (a retry, or one a crash left). */
const LOOK_EVERY_MS = 2000;

export interface Mailer {
  /**
   * Puts a mail in the outbox. Given a transaction, the mail is kept only if it commits (an
   * order and its confirmation are stored together); call `deliverDue` once it has.
   */
  queue(mail: Mail, db?: Db): Promise<void>;
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
  /** Stops looking for mails; what waits is delivered by the next start, here or elsewhere. */
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
}

const retryDelayMs = (attempts: number) =>
  Math.min(FIRST_RETRY_MS * 2 ** (attempts - 1), LONGEST_RETRY_MS);

/**
 * The shop's mail: every mail goes into the outbox table first, and a sender on each instance
 * delivers what is due, with retries and backoff. A crash loses nothing: what it left waiting is
 * delivered after the restart, or by another instance once its lease is over. A mail is sent
 * twice only when a sender dies between handing it over and noting so.
 */
export function createMailer({
  db,
  transport,
  log,
  now = () => new Date(),
  observe = () => undefined,
}: MailerOptions): Mailer {
  const storing = new Set<Promise<void>>();
  let round: Promise<void> | undefined;
  let again = false;

  async function deliver(id: string, mail: Mail, attempts: number) {
    try {
      await transport(mail);
      observe('sent');
      await markSent(db, id, now());
    } catch (error) {
      observe('failed');
      const retry = attempts < MOST_ATTEMPTS;
      const retryAt = retry ? new Date(now().getTime() + retryDelayMs(attempts)) : undefined;
      const reason = error instanceof Error ? error.message : String(error);
      await markFailed(db, id, { error: reason.slice(0, 500), retryAt });
      const words = `Mail "${mail.subject}" could not be sent (try ${attempts})`;
      if (retry) log.warn({ err: error }, `${words}; trying again at ${retryAt?.toISOString()}`);
      else log.error({ err: error }, `${words}; given up`);
    }
  }

  async function deliverRound(): Promise<void> {
    do {
      again = false;
      const taken = await claimDueMails(
        db,
        now(),
        new Date(now().getTime() + LEASE_MS),
        ROUND_SIZE,
      );
      for (const { id, mail, attempts } of taken) await deliver(id, mail, attempts);
      if (taken.length === ROUND_SIZE) again = true;
    } while (again);
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

  async function queue(mail: Mail, into: Db = db) {
    await insertMail(into, mail, now());
    observe('queued');
    if (into === db) void deliverDue();
  }

  return {
    queue,
    send(mail) {
      const stored = queue(mail)
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
      await Promise.all(storing);
      await round;
    },
  };
}
