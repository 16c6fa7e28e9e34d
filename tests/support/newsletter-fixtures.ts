import { expect } from 'vitest';
import type { NewsletterDetail } from '../../src/shared/newsletters/newsletters';
import type { Settings } from '../../src/shared/settings/settings';
import { addUser, bearer, freshAddress, type TestUser } from './account-fixtures';
import type { TestShop } from './test-shop';

/** Sets how many newsletter mails go a minute, as the owner does on the settings page. */
export async function setNewsletterPace(shop: TestShop, admin: TestUser, perMinute: number) {
  const read = await shop.app.inject({
    method: 'GET',
    url: '/api/settings',
    headers: bearer(admin.token),
  });
  const settings = read.json<Settings>();
  const saved = await shop.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: bearer(admin.token),
    payload: { ...settings, newsletter: { perMinute } },
  });
  expect(saved.statusCode).toBe(200);
}

/** A customer who ticked the newsletter on their account page (a proved address): consent stands. */
export async function addSubscriber(shop: TestShop, fields: { name?: string } = {}) {
  const customer = await addUser(shop, { proved: true, ...fields });
  const ticked = await shop.app.inject({
    method: 'PUT',
    url: '/api/users/profile/consents',
    headers: bearer(customer.token),
    payload: { newsletter: true, basketReminders: false },
  });
  expect(ticked.statusCode).toBe(200);
  return customer;
}

/** Someone who signed up in the footer and never followed the link: no consent. */
export async function addUnconfirmedSubscriber(shop: TestShop, email: string) {
  const subscribed = await shop.app.inject({
    method: 'POST',
    url: '/api/subscribers',
    payload: { email },
    remoteAddress: freshAddress(),
  });
  expect(subscribed.statusCode).toBe(201);
}

/** Withdraws a customer's newsletter consent from their account page. */
export async function withdrawNewsletter(shop: TestShop, customer: TestUser) {
  const unticked = await shop.app.inject({
    method: 'PUT',
    url: '/api/users/profile/consents',
    headers: bearer(customer.token),
    payload: { newsletter: false, basketReminders: false },
  });
  expect(unticked.statusCode).toBe(200);
}

/** A new draft, written by an admin. */
export async function writeNewsletter(
  shop: TestShop,
  admin: TestUser,
  payload: { subject: string; body: string },
): Promise<NewsletterDetail> {
  const created = await shop.app.inject({
    method: 'POST',
    url: '/api/newsletters',
    headers: bearer(admin.token),
    payload,
  });
  expect(created.statusCode).toBe(201);
  return created.json<NewsletterDetail>();
}

export async function readNewsletter(shop: TestShop, admin: TestUser, id: string) {
  const read = await shop.app.inject({
    method: 'GET',
    url: `/api/newsletters/${id}`,
    headers: bearer(admin.token),
  });
  expect(read.statusCode).toBe(200);
  return read.json<NewsletterDetail>();
}

/** A newsletter's rows, as the database keeps them. */
export const sendRows = (shop: TestShop, newsletterId: string) =>
  shop.database.db
    .selectFrom('newsletter_sends')
    .select(['email', 'status', 'mail_id', 'queued_at'])
    .where('newsletter_id', '=', newsletterId)
    .execute();
