import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../tests/support/render';
import { CONSENT_WORDING, type Consent } from '../../../shared/consents/consents';
import { answerBy, ann, callsOf, resetStores, signInAs } from '../../support/testing';
import { MarketingConsents } from './MarketingConsents';

const CONSENTS = '/api/users/profile/consents';
const NEWSLETTER = CONSENT_WORDING.newsletter.account;
const REMINDERS = CONSENT_WORDING['basket-reminders'].account;

const consent = (purpose: Consent['purpose'], withdrawnAt: string | null = null): Consent => ({
  purpose,
  wording: CONSENT_WORDING[purpose].account,
  source: 'account',
  givenAt: '2026-11-20T10:00:00.000Z',
  withdrawnAt,
});

describe('the account page’s email choices', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('shows both ticks in the shop’s exact words, neither ticked for a new account', async () => {
    signInAs(ann);
    answerBy(() => [200, []]);
    renderInApp(<MarketingConsents />, { at: '/account/profile' });
    const newsletter = await screen.findByRole<HTMLInputElement>('checkbox', { name: NEWSLETTER });
    const reminders = screen.getByRole<HTMLInputElement>('checkbox', { name: REMINDERS });
    await waitFor(() => expect(newsletter).toHaveProperty('disabled', false));
    expect([newsletter, reminders].map((box) => box.checked)).toEqual([false, false]);
  });

  it('ticks only what stands: a withdrawn consent shows unticked', async () => {
    signInAs(ann);
    answerBy(() => [
      200,
      [consent('basket-reminders'), consent('newsletter', '2026-11-21T10:00:00.000Z')],
    ]);
    renderInApp(<MarketingConsents />, { at: '/account/profile' });
    const reminders = await screen.findByRole<HTMLInputElement>('checkbox', { name: REMINDERS });
    await waitFor(() => expect(reminders.checked).toBe(true));
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: NEWSLETTER }).checked).toBe(
      false,
    );
  });

  it('saves a tick with both choices, and shows what the shop answered', async () => {
    signInAs(ann);
    const send = answerBy((method) => [200, method === 'PUT' ? [consent('newsletter')] : []]);
    renderInApp(<MarketingConsents />, { at: '/account/profile' });
    const newsletter = await screen.findByRole<HTMLInputElement>('checkbox', { name: NEWSLETTER });
    await waitFor(() => expect(newsletter).toHaveProperty('disabled', false));
    await userEvent.click(newsletter);
    expect(await screen.findByText('Your choices are saved.')).toBeTruthy();
    expect(newsletter.checked).toBe(true);
    expect(callsOf(send).filter(({ method }) => method === 'PUT')).toEqual([
      { method: 'PUT', path: CONSENTS, body: { newsletter: true, basketReminders: false } },
    ]);
  });

  it('says a link was mailed when the newsletter waits for the address to be confirmed', async () => {
    signInAs(ann);
    answerBy(() => [200, []]);
    renderInApp(<MarketingConsents />, { at: '/account/profile' });
    const newsletter = await screen.findByRole<HTMLInputElement>('checkbox', { name: NEWSLETTER });
    await waitFor(() => expect(newsletter).toHaveProperty('disabled', false));
    await userEvent.click(newsletter);
    expect(
      await screen.findByText('We have emailed you a link: follow it to start the letters.'),
    ).toBeTruthy();
  });
});
