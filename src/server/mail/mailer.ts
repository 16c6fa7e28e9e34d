import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { SHOP_NAME } from '../../shared/settings/shop';
import type { MarketingConsent } from './unsubscribe-links';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers. */
  headers?: Record<string, string>;
  /**
   * Set on marketing mail only (newsletters, reminders): the consent it is sent under. The outbox
   * gives it one-click unsubscribe headers for that purpose; transactional mail has neither.
   */
  marketing?: MarketingConsent;
}

interface MailTransportOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

/** A bare address gets the shop's name, so mails read "Larkspur <...>". */
function senderOf(from: string): string {
  return from.includes('<') ? from : `${SHOP_NAME} <${from}>`;
}

/** Hands one mail to the world; rejects when it could not. */
export type MailTransport = (mail: Mail) => Promise<void>;

/**
 * Mail goes through SMTP when SMTP_URL is set. Otherwise each mail is written to the outbox
 * folder as an .eml file that any mail program opens, so the shop can be tried offline.
 */
export function createMailTransport({
  smtpUrl,
  from,
  outboxDir,
  log,
}: MailTransportOptions): MailTransport {
  const transport = smtpUrl
    ? nodemailer.createTransport({
        url: smtpUrl,
        // A server that does not answer is given up on soon; the outbox tries again later.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  return async ({ to, subject, text, html, headers }) => {
    const info = await transport.sendMail({
      to,
      subject,
      text,
      html,
      headers,
      from: senderOf(from),
    });
    if (smtpUrl) {
      log.info(`Mail "${subject}" sent`);
      return;
    }
    const file = path.join(
      outboxDir,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
    );
    await mkdir(outboxDir, { recursive: true });
    // Written aside and then renamed: whoever reads the folder never finds half a mail.
    const partial = `${file}.partial`;
    await writeFile(partial, info.message as Buffer, { mode: 0o600 });
    await rename(partial, file);
    log.info(`Mail "${subject}" written to ${pathToFileURL(file).href}`);
  };
}
