import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { YourData } from '../../../shared/accounts/your-data';
import { useSession } from '../../state/session-store';
import { useToast } from '../../state/toast-store';
import {
  ann,
  answerBy,
  callsOf,
  orderOf,
  renderRoutes,
  resetStores,
  signInAs,
} from '../../support/testing';
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
  consents: [],
  basket: { items: [], changedAt: null },
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
    const send = answerBy((method) =>
      method === 'GET'
        ? [200, { orders: [], page: 1, pages: 1 }]
        : [200, { message: 'Your account is closed' }],
    );
    const where = at('/account/profile');
    await userEvent.click(screen.getByRole('button', { name: 'Close my account' }));
    expect(screen.getByText(/We keep your orders for six years/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, close my account' }));
    expect(await screen.findByText('Please enter your password')).toBeTruthy();
    expect(callsOf(send).filter((call) => call.method !== 'GET')).toEqual([]);

    await userEvent.type(screen.getByLabelText('Your password'), 'my-own-password');
    await userEvent.click(screen.getByRole('button', { name: 'Yes, close my account' }));
    await waitFor(() => expect(where()).toBe('/'));
    expect(callsOf(send).filter((call) => call.method !== 'GET')).toEqual([
      expect.objectContaining({
        method: 'DELETE',
        path: '/api/users/profile',
        body: { password: 'my-own-password' },
      }),
    ]);
    expect(useSession.getState().userInfo).toBeNull();
    expect(useToast.getState().message).toBe('Your account is closed');
  });

  it('lists the open orders it keeps whole, from every page of orders, and says so once closed', async () => {
    const paid = orderOf({ _id: 'o-paid', orderNumber: 'LK-0101', status: 'paid' });
    const delivered = orderOf({
      _id: 'o-delivered',
      orderNumber: 'LK-0102',
      status: 'delivered',
      deliveredAt: new Date().toISOString(),
    });
    const cancelled = orderOf({ _id: 'o-cancelled', orderNumber: 'LK-0103', status: 'cancelled' });
    const returning = orderOf({
      _id: 'o-returning',
      orderNumber: 'LK-0104',
      status: 'return_requested',
    });
    const send = answerBy((method, path) => {
      if (path === '/api/orders/myorders?pageNumber=1')
        return [200, { orders: [paid, delivered], page: 1, pages: 2 }];
      if (path === '/api/orders/myorders?pageNumber=2')
        return [200, { orders: [cancelled, returning], page: 2, pages: 2 }];
      return [
        200,
        {
          message: 'Your account is closed',
          keptOrders: [paid, delivered, returning].map(({ _id, orderNumber, status }) => ({
            _id,
            orderNumber,
            status,
            keptUntil: null,
          })),
        },
      ];
    });
    at('/account/profile');
    await userEvent.click(screen.getByRole('button', { name: 'Close my account' }));
    const form = screen.getByRole('form', { name: 'Close my account' });
    await waitFor(() => expect(form.querySelectorAll('li')).toHaveLength(3));
    expect([...form.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Order LK-0101 (paid, not dispatched yet), kept until it has been delivered and 14 days have passed for returns',
      expect.stringMatching(/^Order LK-0102 \(delivered\), kept until \d{1,2} [A-Z][a-z]+ \d{4}$/),
      'Order LK-0104 (return requested), kept until its return is settled',
    ]);
    expect(screen.getByText(/3 orders are still open/)).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Your password'), 'my-own-password');
    await userEvent.click(screen.getByRole('button', { name: 'Yes, close my account' }));
    await waitFor(() =>
      expect(useToast.getState().message).toBe(
        'Your account is closed; we keep your details on your 3 open orders until each is settled',
      ),
    );
    expect(callsOf(send).map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/orders/myorders?pageNumber=1',
      'GET /api/orders/myorders?pageNumber=2',
      'DELETE /api/users/profile',
    ]);
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
