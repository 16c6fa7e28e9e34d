import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerBy, callsOf, renderRoutes, resetStores } from '../../support/testing';
import { UnsubscribePage } from './UnsubscribePage';

const renderPage = (token: string) =>
  renderRoutes(
    [{ path: '/unsubscribe/:token', element: <UnsubscribePage /> }],
    `/unsubscribe/${token}`,
  );

describe('the unsubscribe page', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('unsubscribes on arrival, once, with no sign-in', async () => {
    const send = answerBy(() => [200, { message: 'You have been unsubscribed' }]);
    renderPage('a-token');
    expect((await screen.findByText('You have been unsubscribed')).getAttribute('role')).toBe(
      'status',
    );
    expect(callsOf(send)).toEqual([
      { method: 'POST', path: '/api/subscribers/unsubscribe/a-token', body: undefined },
    ]);
    expect(screen.getByRole('link', { name: 'Back to the shop' }).getAttribute('href')).toBe('/');
  });

  it("shows the server's words for a link that does not work", async () => {
    answerBy(() => [400, { message: 'This unsubscribe link is not valid', code: 'BAD_REQUEST' }]);
    renderPage('bad-token');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This unsubscribe link is not valid',
    );
  });
});
