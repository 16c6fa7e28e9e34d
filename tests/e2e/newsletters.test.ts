import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { waitForMail } from '../support/mail-messages';
import { baseUrl, catalogue, expectAccessible, newCustomer, signIn, useBrowser } from './support';

const SHOTS = process.env.SCREENSHOTS_DIR;

/** A customer who asks for letters on their account and follows the mailed link: consent stands. */
async function newReader(name: string): Promise<string> {
  const reader = await newCustomer(name);
  const ticked = await fetch(`${baseUrl()}/api/users/profile/consents`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${reader.token}` },
    body: JSON.stringify({ newsletter: true, basketReminders: false }),
  });
  expect(ticked.status).toBe(200);
  const asking = await waitForMail(inject('outboxDir'), reader.email, (mail) =>
    (mail.header('subject') ?? '').startsWith('Please confirm'),
  );
  const token = /\/newsletter\/confirm\/(\S+)/.exec(asking?.text ?? '')?.[1] ?? '';
  const confirmed = await fetch(`${baseUrl()}/api/subscribers/confirm/${token}`, {
    method: 'POST',
  });
  expect(confirmed.status).toBe(200);
  return reader.email;
}

describe.each(['phone', 'desktop'] as const)('newsletters on a %s', (viewport) => {
  const browser = useBrowser(viewport);

  it('the owner writes a newsletter with a product card, previews it, tests it and sends it', async () => {
    const { page } = browser;
    const admin = inject('admin');
    const outbox = inject('outboxDir');
    const reader = await newReader(`Nell Reader ${viewport}`);
    const [product] = (await catalogue()).filter((each) => each.countInStock > 0);
    if (!product) throw new Error('the demo catalogue has nothing in stock');
    const subject = `New in this week ${randomBytes(3).toString('hex')}`;

    await page.goto('/account/login?redirect=/admin/newsletters');
    await signIn(page, admin.email, admin.password);
    await page.getByRole('heading', { name: 'Newsletters' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Write a newsletter' }).click();

    await page.getByLabel('Subject').fill(subject);
    await page
      .getByLabel('Letter')
      .fill(
        `## Just in\n\nOur **favourite** piece this week:\n\n{{product:${product._id}}}\n\nWith love from the workshop.`,
      );
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save draft' }).click();

    const preview = page.frameLocator('iframe[title="The newsletter as subscribers will see it"]');
    await preview.getByRole('heading', { name: 'Just in' }).waitFor();
    await preview.getByRole('link', { name: product.name, exact: true }).first().waitFor();
    await preview.getByText('See it in the shop').waitFor();
    await expectAccessible(page);
    if (SHOTS)
      await page.screenshot({ path: `${SHOTS}/newsletter-draft-${viewport}.png`, fullPage: true });

    await page.getByRole('button', { name: 'Send a test to me' }).click();
    await page.getByText(`A test is on its way to ${admin.email}`).waitFor();
    const test = await waitForMail(
      outbox,
      admin.email,
      (mail) => (mail.header('subject') ?? '') === `[Test] ${subject}`,
    );
    expect(test?.html).toContain(product.name.replaceAll('&', '&amp;'));
    expect(test?.header('list-unsubscribe')).toBeUndefined();

    const sendButton = page.getByRole('button', { name: /^Send to \d+ subscribers?$/ });
    const words = (await sendButton.textContent()) ?? '';
    const count = /\d+/.exec(words)?.[0] ?? '';
    const asked = new Promise<string>((resolve) => {
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      });
    });
    await sendButton.click();
    expect(await asked).toBe(
      `Send “${subject}” to ${count} ${count === '1' ? 'subscriber' : 'subscribers'} now? It cannot be taken back.`,
    );
    await page.getByRole('heading', { name: /^(On its way|Sent)$/ }).waitFor();

    const letter = await waitForMail(
      outbox,
      reader,
      (mail) => (mail.header('subject') ?? '') === subject,
    );
    expect(letter?.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(letter?.text).toContain(`${baseUrl()}/product/${product._id}`);
    await page.getByRole('heading', { name: 'Sent' }).waitFor({ timeout: 30_000 });
    await expectAccessible(page);
    if (SHOTS)
      await page.screenshot({ path: `${SHOTS}/newsletter-sent-${viewport}.png`, fullPage: true });

    await page.getByRole('link', { name: 'Back to newsletters' }).click();
    await page.getByRole('link', { name: subject }).waitFor();
    await expectAccessible(page);
    if (SHOTS)
      await page.screenshot({ path: `${SHOTS}/newsletters-${viewport}.png`, fullPage: true });
  });
});
