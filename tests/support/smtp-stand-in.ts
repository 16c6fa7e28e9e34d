import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One mail as the relay took it. */
export interface RelayedMail {
  /** The envelope's recipients. */
  to: string[];
  subject: string;
  raw: string;
}

/**
 * A mail relay on loopback that takes its time: each mail, once it has arrived whole, is accepted
 * (`250`) only `acceptAfterMs` later, as a slow relay answers. A mail whose sender goes away
 * meanwhile is still taken, as a relay that has the whole message keeps it.
 */
export interface SmtpStandIn {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  port: number;
  /** Every mail accepted so far, oldest first. */
  accepted: readonly RelayedMail[];
  /** The mails that have arrived whole and wait to be accepted: their senders are mid-send. */
  arriving: readonly RelayedMail[];
  close(): Promise<void>;
}

export async function startSmtpStandIn({
  acceptAfterMs = 0,
  port = 0,
}: { acceptAfterMs?: number; port?: number } = {}): Promise<SmtpStandIn> {
  const accepted: RelayedMail[] = [];
  const arriving: RelayedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = {
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
          raw,
        };
        arriving.push(mail);
        setTimeout(() => {
          arriving.splice(arriving.indexOf(mail), 1);
          accepted.push(mail);
          callback();
        }, acceptAfterMs);
      });
    },
  });
  // A sender that dies mid-send leaves a socket the relay may fail to answer on; that is theirs.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: listening } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${listening}`,
    port: listening,
    accepted,
    arriving,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
