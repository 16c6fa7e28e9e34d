import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answerBy,
  ann,
  renderRoutes,
  resetStores,
  sentBody,
  signInAs,
} from '../../support/testing';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { ResetPasswordPage } from './ResetPasswordPage';

const renderReset = (token: string) =>
  renderRoutes(
    [{ path: '/password-reset/reset/:token', element: <ResetPasswordPage /> }],
    `/password-reset/reset/${token}`,
  );

describe('the password reset page', () => {
  beforeEach(resetStores);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("shows the server's words for a link that cannot be used", async () => {
    answerBy(() => [400, { message: 'This link has expired', code: 'RESET_LINK_INVALID' }]);
    renderReset('old-token');
    expect((await screen.findByRole('alert')).textContent).toBe('This link has expired');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('keeps the button disabled until the link is checked, then checks the passwords', async () => {
    let answerCheck: () => void = () => undefined;
    const checked = new Promise<void>((resolve) => (answerCheck = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        await checked;
        return new Response(JSON.stringify({ message: 'valid' }), { status: 200 });
      }),
    );
    renderReset('good-token');
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Reset password' });
    expect(button.disabled).toBe(true);
    answerCheck();
    await waitFor(() => expect(button.disabled).toBe(false));

    await userEvent.click(button);
    expect(screen.getAllByText('Passwords must not be empty')).toHaveLength(2);
    await userEvent.type(screen.getByLabelText('New password'), 'a brand new horse');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'a brand new hose');
    await userEvent.click(button);
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
  });

  it('resets, says so and returns to sign-in after five seconds', async () => {
    const send = answerBy(() => [200, { message: 'ok' }]);
    const address = renderReset('good-token');
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Reset password' });
    await waitFor(() => expect(button.disabled).toBe(false));
    await userEvent.type(screen.getByLabelText('New password'), 'a brand new horse');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'a brand new horse');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(button);

    expect(await screen.findByText('Password reset successfully completed')).toBeTruthy();
    expect(sentBody(send, 1)).toEqual({ resetLink: 'good-token', password: 'a brand new horse' });
    expect(screen.getByRole('link', { name: 'Sign in with your new password' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(address()).toBe('/account/login');
  });

  it('sends a signed-in shopper to the sign-in page', () => {
    signInAs(ann);
    const address = renderReset('good-token');
    expect(address()).toBe('/account/login');
  });
});

describe('the forgot password page', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('says the link has been sent', async () => {
    answerBy(() => [200, { message: 'Password reset link has been sent' }]);
    renderRoutes(
      [{ path: '/forgot-password', element: <ForgotPasswordPage /> }],
      '/forgot-password',
    );
    await userEvent.type(screen.getByLabelText('Email address'), 'ann@example.com{Enter}');
    expect(await screen.findByText(/Password reset link has been sent/)).toBeTruthy();
  });

  it('sends a signed-in shopper home', () => {
    signInAs(ann);
    const address = renderRoutes(
      [{ path: '/forgot-password', element: <ForgotPasswordPage /> }],
      '/forgot-password',
    );
    expect(address()).toBe('/');
  });
});
