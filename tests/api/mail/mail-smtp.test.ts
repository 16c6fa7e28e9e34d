import { readdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userInfoSchema } from '../../../src/shared/accounts/users';
import { addUser, freshAddress } from '../../support/account-fixtures';
import { parseMail, resetTokenIn } from '../../support/mail-messages';
import { startTestShop, type TestShop } from '../../support/test-shop';

const PUBLIC_URL = 'https://larkspur.example.test';

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** With SMTP_URL set, the shop hands its mails to a real SMTP server, here one on loopback. */
describe('mail through SMTP', () => {
  const received: Received[] = [];
  let smtp: SMTPServer;
  let shop: TestShop;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const { mailFrom, rcptTo } = session.envelope;
          received.push({
            from: mailFrom ? mailFrom.address : undefined,
            to: rcptTo.map((recipient) => recipient.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    shop = await startTestShop('sqlite', {
      PUBLIC_URL,
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'shop@larkspur.example.test',
    });
  });
  afterAll(async () => {
    await shop.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  const call = (method: 'GET' | 'POST', url: string, payload: object) =>
    shop.app.inject({ method, url, payload, remoteAddress: freshAddress() });

  async function receivedSince(before: number): Promise<Received[]> {
    const deadline = Date.now() + 5000;
    while (received.length <= before) {
      if (Date.now() > deadline) throw new Error('no mail reached the SMTP server');
      await sleep(20);
    }
    return received.slice(before);
  }

  /**
   * Every mail the SMTP server got since `before`, once all that was asked for until now has
   * arrived: a reset link is asked for a marker account, and mails go out one at a time in the
   * order they were stored, so once the marker's is in, so is any earlier one, and a mail missing
   * then was never sent. The marker's own mail is left out.
   */
  async function allReceivedSince(before: number): Promise<Received[]> {
    const marker = await addUser(shop);
    const asked = await call('POST', '/api/users/forgot-password', { email: marker.email });
    expect(asked.statusCode).toBe(200);
    const deadline = Date.now() + 5000;
    const isMarkers = (mail: Received) => mail.to.includes(marker.email);
    while (!received.slice(before).some(isMarkers)) {
      if (Date.now() > deadline) throw new Error("the marker's mail never reached the SMTP server");
      await sleep(20);
    }
    return received.slice(before).filter((mail) => !isMarkers(mail));
  }

  it('delivers one reset mail from Larkspur, with text and HTML parts', async () => {
    const user = await addUser(shop, { name: 'Cora Post' });
    const before = received.length;
    const unknown = await call('POST', '/api/users/forgot-password', {
      email: 'nobody-by-smtp@example.com',
    });
    expect(unknown.statusCode).toBe(200);
    const known = await call('POST', '/api/users/forgot-password', { email: user.email });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: 'Password reset link has been sent' });
    expect(unknown.body).toBe(known.body);

    const mails = await allReceivedSince(before);
    expect(mails).toHaveLength(1);
    const [delivery] = mails as [Received];
    expect(delivery.from).toBe('shop@larkspur.example.test');
    expect(delivery.to).toEqual([user.email]);

    const mail = parseMail(delivery.raw);
    expect(mail.header('from')).toBe('Larkspur <shop@larkspur.example.test>');
    expect(mail.header('to')).toBe(user.email);
    expect(mail.header('subject')).toMatch(/reset/i);
    expect(mail.header('content-type')).toMatch(/^multipart\/alternative;/);
    expect(mail.partTypes).toEqual(['text/plain', 'text/html']);
    expect(mail.text).toContain('Hello Cora Post,');
    const token = resetTokenIn(mail.text, PUBLIC_URL);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(mail.html).toMatch(/^<!doctype html>/i);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/password-reset/reset/${token}"`);
    expect(resetTokenIn(mail.html, PUBLIC_URL)).toBe(token);
    // Nothing goes to the outbox folder when SMTP is set.
    const outbox = await readdir(path.join(shop.config.dataDir, 'outbox')).catch(() => []);
    expect(outbox).toEqual([]);
  });

  it('holds a link that resets the password', async () => {
    const user = await addUser(shop);
    const before = received.length;
    await call('POST', '/api/users/forgot-password', { email: user.email });
    const [delivery] = await receivedSince(before);
    const token = resetTokenIn(parseMail(delivery?.raw ?? '').text, PUBLIC_URL);
    if (!token) throw new Error('no reset link in the mail');

    const link = new URL(`${PUBLIC_URL}/password-reset/reset/${token}`);
    const apiPath = `/api/users/forgot-password/reset/${link.pathname.split('/').at(-1)}`;
    expect(
      (await shop.app.inject({ method: 'GET', url: apiPath, remoteAddress: freshAddress() }))
        .statusCode,
    ).toBe(200);
    const reset = await call('POST', apiPath, {
      resetLink: token,
      password: 'mailed new password',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'Password reset successfully completed' });

    const signIn = await call('POST', '/api/users/login', {
      email: user.email,
      password: 'mailed new password',
    });
    expect(signIn.statusCode).toBe(200);
    expect(userInfoSchema.parse(signIn.json())).toMatchObject({ _id: user.id, email: user.email });
    const old = await call('POST', '/api/users/login', {
      email: user.email,
      password: user.password,
    });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({
      message: 'Invalid email or password',
      code: 'INVALID_CREDENTIALS',
    });
  });
});
