import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ann, answerBy, callsOf, renderRoutes, resetStores, signInAs } from '../../support/testing';
import { shopRoutes } from '../../routes';
import { ConfirmEmailPage, EMAIL_CONFIRMED, PROOF_LINK_STALE } from './ConfirmEmailPage';

const renderPage = (search: string) =>
  renderRoutes(
    [{ path: '/account/confirm-email', element: <ConfirmEmailPage /> }],
    `/account/confirm-email${search}`,
  );

const staleLink = [
  400,
  {
    code: 'PROOF_LINK_INVALID',
    message: 'This link does not confirm an email address any more.',
  },
] as const;

describe('the page of the link that confirms an email address', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('confirms on arrival, once, with no sign-in, and links to the account', async () => {
    const send = answerBy(() => [200, { message: 'Thank you: your email address is confirmed' }]);
    renderPage('?token=user-1.signature');
    expect((await screen.findByText(EMAIL_CONFIRMED)).getAttribute('role')).toBe('status');
    expect(screen.getByRole('link', { name: 'your account' }).getAttribute('href')).toBe(
      '/account/profile',
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Confirm your email address',
    );
    expect(callsOf(send)).toEqual([
      { method: 'POST', path: '/api/users/email-proof', body: { token: 'user-1.signature' } },
    ]);
  });

  it('is open in the shop to someone not signed in, at the address the mail links to', async () => {
    // The shop scrolls to the top of each page it opens; jsdom does not scroll.
    vi.stubGlobal('scrollTo', vi.fn());
    answerBy((method, path) =>
      method === 'POST' && path === '/api/users/email-proof'
        ? [200, { message: 'Thank you: your email address is confirmed' }]
        : [404, { code: 'NOT_FOUND', message: 'Not found' }],
    );
    const where = renderRoutes(shopRoutes, '/account/confirm-email?token=user-1.signature');
    // The page's code loads on its first visit, which takes a while on a busy machine.
    expect(await screen.findByText(EMAIL_CONFIRMED, {}, { timeout: 5000 })).toBeTruthy();
    expect(where()).toBe('/account/confirm-email?token=user-1.signature');
  });

  it('says a stale link is no longer valid and offers to sign in to send a new one', async () => {
    answerBy(() => staleLink);
    renderPage('?token=user-1.tampered');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(PROOF_LINK_STALE);
    expect(alert.textContent).toContain('Sign in, and your account page can send a new link');
    expect(
      screen.getByRole('link', { name: 'Sign in to send a new link' }).getAttribute('href'),
    ).toBe('/account/login?redirect=/account/profile');
    expect(screen.queryByText(EMAIL_CONFIRMED)).toBeNull();
  });

  it('sends someone signed in to their account for a new link', async () => {
    signInAs(ann);
    answerBy(() => staleLink);
    renderPage('?token=user-1.tampered');
    expect((await screen.findByRole('alert')).textContent).toContain(PROOF_LINK_STALE);
    expect(screen.getByRole('link', { name: 'Go to your account' }).getAttribute('href')).toBe(
      '/account/profile',
    );
  });

  it('asks nothing of the shop for a link without its token', async () => {
    const send = answerBy(() => [200, { message: 'never asked' }]);
    renderPage('');
    expect((await screen.findByRole('alert')).textContent).toContain(PROOF_LINK_STALE);
    expect(callsOf(send)).toEqual([]);
  });

  it('shows the shop’s words for any other failure', async () => {
    answerBy(() => [
      429,
      { code: 'TOO_MANY_REQUESTS', message: 'Too many attempts: try again later' },
    ]);
    renderPage('?token=user-1.signature');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your email address could not be confirmed');
    expect(alert.textContent).toContain('Too many attempts: try again later');
  });
});
