import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
/** Just enough MIME reading to check the mails the shop sends: headers, text and HTML parts. */

export interface MailMessage {
  /** A header's value, unfolded; names are case-insensitive. */
  header(name: string): string | undefined;
  /** The decoded text/plain part, if any. */
  text: string | undefined;
  /** The decoded text/html part, if any. */
  html: string | undefined;
  /** The content types of every leaf part, in order. */
  partTypes: string[];
}

interface Entity {
  headers: Map<string, string>;
  body: string;
}

function readEntity(raw: string): Entity {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const headerText = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of headerText.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** Undoes quoted-printable: soft line breaks (`=` at a line's end) and `=XX` bytes. */
export function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeBody({ headers, body }: Entity): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

function leafParts(entity: Entity): { type: string; content: string }[] {
  const contentType = entity.headers.get('content-type') ?? 'text/plain';
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? 'text/plain';
  if (!type.startsWith('multipart/')) return [{ type, content: decodeBody(entity) }];
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) throw new Error(`a multipart mail without a boundary: ${contentType}`);
  const sections = entity.body.split(`--${boundary}`);
  // The first section is the preamble; the one after the closing `--boundary--` the epilogue.
  return sections
    .slice(1)
    .filter((section) => !section.startsWith('--'))
    .flatMap((section) => leafParts(readEntity(section.replace(/^\n/, ''))));
}

export function parseMail(raw: string | Buffer): MailMessage {
  const entity = readEntity(raw.toString());
  const parts = leafParts(entity);
  return {
    header: (name) => entity.headers.get(name.toLowerCase()),
    text: parts.find((part) => part.type === 'text/plain')?.content,
    html: parts.find((part) => part.type === 'text/html')?.content,
    partTypes: parts.map((part) => part.type),
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The token of the first reset link to `publicUrl` in the text, or undefined. */
export function resetTokenIn(text: string | undefined, publicUrl: string): string | undefined {
  if (text === undefined) return undefined;
  const link = new RegExp(`${escapeRegExp(publicUrl)}/password-reset/reset/([A-Za-z0-9_-]+)`);
  return link.exec(text)?.[1];
}

/**
 * Mails read so far, by file: an outbox file is written once (under a new name) and never changed,
 * so each is read and parsed once however often a test looks, even in an outbox of hundreds.
 */
const readMails = new Map<string, Promise<MailMessage>>();

function readMail(file: string): Promise<MailMessage> {
  let mail = readMails.get(file);
  if (!mail) {
    mail = readFile(file).then(parseMail);
    readMails.set(file, mail);
  }
  return mail;
}

/**
 * The mails written to an outbox folder for one address, waiting up to a few seconds until there
 * are at least `atLeast` of them (the shop sends in the background).
 */
export async function outboxMailsTo(
  outboxDir: string,
  to: string,
  atLeast = 1,
): Promise<MailMessage[]> {
  let mails: MailMessage[] = [];
  for (let tries = 0; tries < 100; tries += 1) {
    const names = await readdir(outboxDir).catch(() => [] as string[]);
    const all = await Promise.all(
      names
        .filter((name) => name.endsWith('.eml'))
        .map((name) => readMail(path.join(outboxDir, name))),
    );
    mails = all.filter((mail) => mail.header('to') === to);
    if (mails.length >= atLeast) return mails;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return mails;
}

/** The first mail to an address that passes a test, waiting up to a few seconds for it. */
export async function waitForMail(
  outboxDir: string,
  to: string,
  matches: (mail: MailMessage) => boolean,
): Promise<MailMessage | undefined> {
  for (let tries = 0; tries < 100; tries += 1) {
    const found = (await outboxMailsTo(outboxDir, to, 0)).find(matches);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return undefined;
}
