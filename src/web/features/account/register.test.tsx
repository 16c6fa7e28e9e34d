import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../state/session-store';
import { useToast } from '../../state/toast-store';
import { RegisterPage } from './RegisterPage';
import {
  answerWith,
  ann,
  pasteInto,
  renderRoutes,
  resetStores,
  sentBody,
} from '../../support/testing';

const renderRegister = (at: string) =>
  renderRoutes([{ path: '/account/register', element: <RegisterPage /> }], at);

describe('the registration page', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('says the passwords do not match, under the confirmation, and sends nothing', async () => {
    const send = answerWith(201, ann);
    renderRegister('/account/register');
    await pasteInto(screen.getByLabelText('Email address'), 'ann@example.com');
    await pasteInto(screen.getByLabelText('Password'), 'correct horse');
    await pasteInto(screen.getByLabelText('Confirm password'), 'correct hose');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));

    // The form checks its fields without blocking, so the message is awaited.
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    const confirm = screen.getByLabelText('Confirm password');
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    expect(confirm.getAttribute('aria-describedby')).toContain(
      screen.getByText('Passwords do not match').parentElement?.id,
    );
    expect(document.activeElement).toBe(confirm);
    expect(send).not.toHaveBeenCalled();
  });

  it('signs the new customer in and goes where they were heading', async () => {
    const send = answerWith(201, ann);
    const address = renderRegister('/account/register?redirect=/checkout/shipping');
    await pasteInto(screen.getByLabelText('Email address'), ' Ann@Example.com ');
    await pasteInto(screen.getByLabelText('Password'), 'correct horse');
    await pasteInto(screen.getByLabelText('Confirm password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(address()).toBe('/checkout/shipping'));
    expect(sentBody(send)).toEqual({
      email: 'ann@example.com',
      password: 'correct horse',
    });
    expect(useSession.getState().userInfo).toEqual(ann);
    expect(useToast.getState().message).toBe('Login Successful');
  });
});
