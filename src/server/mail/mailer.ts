import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { SHOP_NAME } from '../../shared/shop';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, such as List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /**
   * Sends in the background, so a caller answers as fast whether or not a mail goes out (the
   * answer to forgot-password must not tell whether an account exists). Failures are logged.
   */
  send(mail: Mail): void;
  /** Waits for every mail still on its way. */
  flush(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

/** A bare address gets the shop's name, so mails read "Larkspur <...>". */
function senderOf(from: string): string {
  return from.includes('<') ? from : `${SHOP_NAME} <${from}>`;
}

/**
 * Mail goes through SMTP when SMTP_URL is set. Otherwise each mail is written to the outbox
 * folder as an .eml file that any mail program opens, so the shop can be tried offline.
 */
export function createMailer({ smtpUrl, from, outboxDir, log }: MailerOptions): Mailer {
  const transport = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const pending = new Set<Promise<void>>();

  async function deliver(mail: Mail): Promise<void> {
    const info = await transport.sendMail({ ...mail, from: senderOf(from) });
    if (smtpUrl) {
      log.info(`Mail "${mail.subject}" sent`);
      return;
    }
    const file = path.join(
      outboxDir,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
    );
    await mkdir(outboxDir, { recursive: true });
    await writeFile(file, info.message as Buffer, { mode: 0o600 });
    log.info(`Mail "${mail.subject}" written to ${pathToFileURL(file).href}`);
  }

  return {
    send(mail) {
      const sending = deliver(mail)
        .catch((error: unknown) => {
          log.error({ err: error }, `Mail "${mail.subject}" could not be sent`);
        })
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async flush() {
      await Promise.all(pending);
    },
  };
}
