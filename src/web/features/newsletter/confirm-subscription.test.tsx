import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerBy, callsOf, renderRoutes, resetStores } from '../../support/testing';
import { ConfirmSubscriptionPage } from './ConfirmSubscriptionPage';

const renderPage = (token: string) =>
  renderRoutes(
    [{ path: '/newsletter/confirm/:token', element: <ConfirmSubscriptionPage /> }],
    `/newsletter/confirm/${token}`,
  );

describe('the newsletter confirmation page', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('confirms on arrival, once, with no sign-in, and says so', async () => {
    const send = answerBy(() => [200, { message: 'Your subscription is confirmed.' }]);
    renderPage('id.signature');
    expect((await screen.findByText('Your subscription is confirmed.')).getAttribute('role')).toBe(
      'status',
    );
    expect(callsOf(send)).toEqual([
      { method: 'POST', path: '/api/subscribers/confirm/id.signature', body: undefined },
    ]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Newsletter');
    expect(screen.getByRole('link', { name: 'Back to the shop' }).getAttribute('href')).toBe('/');
  });

  it("shows the server's words for a link that does not work", async () => {
    answerBy(() => [
      400,
      {
        message: 'That confirmation link is not valid. Please subscribe again.',
        code: 'CONFIRMATION_LINK_INVALID',
      },
    ]);
    renderPage('tampered');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That confirmation link is not valid. Please subscribe again.',
    );
  });
});
