import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { safeRedirect } from '../../layout/redirects';
import { useToast } from '../../state/toast-store';
import { LoginPage } from './LoginPage';
import { answerWith, ann, renderRoutes, resetStores, signInAs } from '../../support/testing';

const renderLogin = (at: string) =>
  renderRoutes([{ path: '/account/login', element: <LoginPage /> }], at);

describe('the sign-in page', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('sends a shopper who is signed in already straight to the redirect', () => {
    signInAs(ann);
    const address = renderLogin('/account/login?redirect=/account/profile');
    expect(address()).toBe('/account/profile');
  });

  it('sends them home when the redirect points at another site', () => {
    signInAs(ann);
    const address = renderLogin('/account/login?redirect=//evil.example/account');
    expect(address()).toBe('/');
  });

  it('signs in, stores the user, says so and goes to the redirect', async () => {
    const send = answerWith(200, ann);
    const address = renderLogin('/account/login?redirect=/account/profile');
    await userEvent.type(screen.getByLabelText('Email address'), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse{Enter}');

    await waitFor(() => expect(address()).toBe('/account/profile'));
    expect(send).toHaveBeenCalledWith(
      '/api/users/login',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(JSON.parse(localStorage.getItem('userInfo') ?? 'null')).toEqual(ann);
    expect(useToast.getState().message).toBe('Login Successful');
  });

  it("shows the server's words when the pair is wrong", async () => {
    answerWith(401, { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
    const address = renderLogin('/account/login');
    await userEvent.type(screen.getByLabelText('Email address'), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong{Enter}');

    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
    expect(address()).toBe('/account/login');
  });

  it('asks for both fields before sending anything', async () => {
    const send = answerWith(200, ann);
    renderLogin('/account/login');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Please enter your email address')).toBeTruthy();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });

  it('keeps the redirect on the way to registration', () => {
    renderLogin('/account/login?redirect=/checkout/shipping');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/account/register?redirect=/checkout/shipping',
    );
  });
});

describe('a redirect target', () => {
  it.each(['/account/profile', '/search/gold%20chain?x=1'])('%s is kept', (target) => {
    expect(safeRedirect(target)).toBe(target);
  });

  it.each([
    null,
    '',
    'account',
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
  ])('%j becomes home', (target) => {
    expect(safeRedirect(target)).toBe('/');
  });
});
