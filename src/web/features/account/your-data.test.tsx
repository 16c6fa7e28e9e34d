import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { YourData } from '../../../shared/your-data';
import { useSession } from '../../state/session-store';
import { useToast } from '../../state/toast-store';
import { ann, answerBy, callsOf, renderRoutes, resetStores, signInAs } from '../../support/testing';
import { YourData as YourDataSection } from './YourData';

const data: YourData = {
  exportedAt: '2026-11-26T10:00:00.000Z',
  account: {
    name: ann.name,
    email: ann.email,
    role: 'customer',
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  orders: [],
  addresses: [],
  reviews: [],
  wishlist: [],
  emailProved: true,
  newsletter: null,
  stockAlerts: [],
  keptIfClosed: [],
  staffNotes: [],
};

const at = (path: string) =>
  renderRoutes([{ path: '/account/profile', element: <YourDataSection /> }], path);

describe('your data', () => {
  beforeEach(() => {
    resetStores();
    signInAs(ann);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('hands the browser a file of everything the shop holds, named by the day', async () => {
    answerBy(() => [200, data]);
    const files: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((file) => {
      files.push(file as Blob);
      return 'blob:your-data';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    at('/account/profile');
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(saved).toEqual(['larkspur-data-2026-11-26.json']));
    expect(JSON.parse(await (files[0] as Blob).text())).toEqual(data);
  });

  it('closes the account with the password, signs out and goes home', async () => {
    const send = answerBy(() => [200, { message: 'Your account is closed' }]);
    const where = at('/account/profile');
    await userEvent.click(screen.getByRole('button', { name: 'Close my account' }));
    expect(screen.getByText(/We keep your orders for six years/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, close my account' }));
    expect(await screen.findByText('Please enter your password')).toBeTruthy();
    expect(callsOf(send)).toEqual([]);

    await userEvent.type(screen.getByLabelText('Your password'), 'my-own-password');
    await userEvent.click(screen.getByRole('button', { name: 'Yes, close my account' }));
    await waitFor(() => expect(where()).toBe('/'));
    expect(callsOf(send)).toEqual([
      expect.objectContaining({
        method: 'DELETE',
        path: '/api/users/profile',
        body: { password: 'my-own-password' },
      }),
    ]);
    expect(useSession.getState().userInfo).toBeNull();
    expect(useToast.getState().message).toBe('Your account is closed');
  });

  it('says so under the field when the password is wrong, and keeps the account', async () => {
    answerBy(() => [
      403,
      { code: 'CURRENT_PASSWORD_WRONG', message: 'Your current password is not correct' },
    ]);
    const where = at('/account/profile');
    await userEvent.click(screen.getByRole('button', { name: 'Close my account' }));
    await userEvent.type(screen.getByLabelText('Your password'), 'not-it');
    await userEvent.click(screen.getByRole('button', { name: 'Yes, close my account' }));
    expect(await screen.findByText('That is not your password')).toBeTruthy();
    expect(where()).toBe('/account/profile');
    expect(useSession.getState().userInfo).not.toBeNull();
  });
});
