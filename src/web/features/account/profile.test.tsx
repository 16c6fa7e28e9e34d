import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../tests/support/render';
import { useSession } from '../../state/session-store';
import {
  answerBy,
  ann,
  callsOf,
  orderOf,
  resetStores,
  signInAs,
  userOf,
} from '../../support/testing';
import { EditProfilePanel } from './EditProfilePanel';
import { TOO_MANY_LINKS } from './EmailProofNotice';
import { CURRENT_PASSWORD_NEEDED } from './forms';
import { ProfilePage } from './ProfilePage';
import { NO_SAVED_ADDRESSES } from './SavedAddresses';

const MY_FIRST_PAGE = '/api/orders/myorders?pageNumber=1';
const PROOF_STATE = '/api/users/profile/email-proof';

/** The profile's calls answered, with the account's address not yet proved. */
function answerUnproved(resend: readonly [number, unknown]) {
  return answerBy((method, path) => {
    if (path === MY_FIRST_PAGE) return [200, { orders: [], page: 1, pages: 1 }];
    if (path === PROOF_STATE) {
      return method === 'POST' ? resend : [200, { email: ann.email, proved: false }];
    }
    return [200, path === '/api/users/addresses' ? [] : userOf(ann)];
  });
}

describe('the profile page', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('asks to confirm an unproved email address, and sends the link again', async () => {
    signInAs(ann);
    const sent = 'We have sent a link to ann@example.com: open it to confirm your address';
    const send = answerUnproved([200, { message: sent }]);
    renderInApp(<ProfilePage />, { at: '/account/profile' });
    const notice = await screen.findByRole('region', {
      name: 'Please confirm your email address ann@example.com',
    });
    expect(within(notice).getByText(/We mailed a link to it/)).toBeTruthy();
    await userEvent.click(within(notice).getByRole('button', { name: 'Send the link again' }));
    expect(await within(notice).findByText(sent)).toBeTruthy();
    expect(
      callsOf(send).filter(({ method, path }) => method === 'POST' && path === PROOF_STATE),
    ).toHaveLength(1);
  });

  it('says in plain words when too many links were asked for this hour', async () => {
    signInAs(ann);
    answerUnproved([429, { code: 'TOO_MANY_REQUESTS', message: 'Too many attempts' }]);
    renderInApp(<ProfilePage />, { at: '/account/profile' });
    await userEvent.click(await screen.findByRole('button', { name: 'Send the link again' }));
    expect((await screen.findByRole('alert')).textContent).toBe(TOO_MANY_LINKS);
  });

  it('shows the account and an empty order table', async () => {
    signInAs(ann);
    const send = answerBy((_method, path) => {
      if (path === MY_FIRST_PAGE) return [200, { orders: [], page: 1, pages: 1 }];
      if (path === PROOF_STATE) return [200, { email: ann.email, proved: true }];
      return [200, path === '/api/users/addresses' ? [] : userOf(ann)];
    });
    renderInApp(<ProfilePage />, { at: '/account/profile' });
    expect(screen.getByText('ann@example.com')).toBeTruthy();
    expect(await screen.findByText('0 orders')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'ID',
      'Date',
      'Total',
      'Paid',
      'Delivered',
      'Status',
      'Details',
    ]);
    expect(screen.getByText(/You have not placed any orders yet/)).toBeTruthy();
    expect(await screen.findByText(NO_SAVED_ADDRESSES)).toBeTruthy();
    expect(
      callsOf(send)
        .map(({ path }) => path)
        .sort(),
    ).toEqual([
      MY_FIRST_PAGE,
      '/api/users/addresses',
      '/api/users/profile',
      '/api/users/profile/consents',
      PROOF_STATE,
    ]);
    expect(screen.queryByText(/Please confirm your email address/)).toBeNull();
  });

  it('lists the shopper’s orders with paid and delivered dates, or a cross', async () => {
    signInAs(ann);
    const paid = orderOf({
      _id: 'order-paid',
      orderNumber: 'PA1D-2345',
      paidAt: '2026-03-02T10:00:00.000Z',
    });
    const delivered = orderOf({
      _id: 'order-delivered',
      totalPrice: 64.5,
      isDispatched: true,
      dispatchedAt: '2026-03-03T10:00:00.000Z',
      isDelivered: true,
      deliveredAt: '2026-03-05T10:00:00.000Z',
    });
    answerBy((_method, path) => {
      if (path === MY_FIRST_PAGE) return [200, { orders: [delivered, paid], page: 1, pages: 1 }];
      return [200, path === '/api/users/addresses' ? [] : userOf(ann)];
    });
    renderInApp(<ProfilePage />, { at: '/account/profile' });
    expect(await screen.findByText('2 orders')).toBeTruthy();
    const rows = screen.getAllByRole('row').slice(1);
    const [first, second] = rows;
    if (!first || !second) throw new Error('two order rows expected');
    expect(within(first).getByText('5 March 2026')).toBeTruthy();
    expect(within(first).getByText('£64.50')).toBeTruthy();
    // Ordered and paid on the same day.
    expect(within(second).getAllByText('2 March 2026')).toHaveLength(2);
    expect(within(second).getByText('Not delivered')).toBeTruthy();
    expect(within(second).getByText('PA1D-2345')).toBeTruthy();
    expect(
      within(second).getByRole('link', { name: 'Details of order PA1D-2345' }).getAttribute('href'),
    ).toBe('/account/order/order-paid');
  });
});

describe("the profile page's orders, 20 a page", () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  /** The customer's 45 orders, newest first, numbered from 1 (the newest) to 45. */
  const ordersOfPage = (page: number) =>
    Array.from({ length: page === 3 ? 5 : 20 }, (_, index) => {
      const number = (page - 1) * 20 + index + 1;
      return orderOf({ _id: `order-${number}`, orderNumber: `ORD${number}` });
    });

  function answerPages() {
    return answerBy((_method, path) => {
      const page = /myorders\?pageNumber=(\d+)$/.exec(path)?.[1];
      if (page !== undefined) {
        const number = Number(page);
        return [200, { orders: number <= 3 ? ordersOfPage(number) : [], page: number, pages: 3 }];
      }
      return [200, path === '/api/users/addresses' ? [] : userOf(ann)];
    });
  }

  const orderNumbersShown = () =>
    screen
      .getAllByRole('link', { name: /^Details of order/ })
      .map((link) => link.getAttribute('aria-label')?.replace('Details of order ', ''));

  it('shows the newest 20 and links every page, then another page when it is chosen', async () => {
    signInAs(ann);
    const send = answerPages();
    renderInApp(<ProfilePage />, { at: '/account/profile' });
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
    expect(orderNumbersShown()).toEqual(ordersOfPage(1).map((order) => order.orderNumber));
    const pages = screen.getByRole('navigation', { name: 'Pages of your orders' });
    const links = within(pages).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/account/profile',
      '/account/profile?page=2',
      '/account/profile?page=3',
    ]);
    expect(links[0]?.getAttribute('aria-current')).toBe('page');

    await userEvent.click(within(pages).getByRole('link', { name: 'Page 3' }));
    expect(await screen.findByText('Page 3 of 3')).toBeTruthy();
    expect(orderNumbersShown()).toEqual(['ORD41', 'ORD42', 'ORD43', 'ORD44', 'ORD45']);
    expect(callsOf(send).map(({ path }) => path)).toContain('/api/orders/myorders?pageNumber=3');
  });

  it('says a page past the last has no orders, and links back to the latest', async () => {
    signInAs(ann);
    answerPages();
    renderInApp(<ProfilePage />, { at: '/account/profile?page=7' });
    expect(await screen.findByText(/There are no orders on this page/)).toBeTruthy();
    expect(screen.queryByText(/You have not placed any orders yet/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Your latest orders' }).getAttribute('href')).toBe(
      '/account/profile',
    );
  });
});

describe('the edit account panel', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  async function fill(label: string, value: string) {
    const field = screen.getByLabelText(label);
    await userEvent.clear(field);
    if (value) await userEvent.type(field, value);
  }

  it('asks for the current password before changing the email', async () => {
    signInAs(ann);
    const send = answerBy(() => [200, userOf(ann)]);
    renderInApp(<EditProfilePanel />);
    await fill('Email address', 'ann@elsewhere.example');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(screen.getByText(CURRENT_PASSWORD_NEEDED)).toBeTruthy();
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(callsOf(send).some(({ method }) => method === 'PUT')).toBe(false);
  });

  it('says when the new passwords do not match', async () => {
    signInAs(ann);
    answerBy(() => [200, userOf(ann)]);
    renderInApp(<EditProfilePanel />);
    await fill('New password', 'a new horse');
    await fill('Confirm new password', 'a new hose');
    await fill('Current password', 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
  });

  it('saves a new name, stores the new token and says so', async () => {
    signInAs(ann);
    const renamed = { ...ann, name: 'Ann Jones', token: 'fresh-token' };
    const send = answerBy((method) => [200, method === 'PUT' ? renamed : userOf(ann)]);
    renderInApp(<EditProfilePanel />);
    await fill('Name', 'Ann Jones');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Account Updated')).toBeTruthy();
    const put = callsOf(send).find(({ method }) => method === 'PUT');
    expect(put?.body).toEqual({ name: 'Ann Jones', email: 'ann@example.com' });
    expect(useSession.getState().userInfo).toEqual(renamed);
    expect(JSON.parse(localStorage.getItem('userInfo') ?? 'null')).toMatchObject({
      token: 'fresh-token',
    });
  });

  it('puts a wrong current password under its field', async () => {
    signInAs(ann);
    answerBy((method) =>
      method === 'PUT'
        ? [403, { message: 'Your current password is not correct', code: 'CURRENT_PASSWORD_WRONG' }]
        : [200, userOf(ann)],
    );
    renderInApp(<EditProfilePanel />);
    await fill('New password', 'a new horse');
    await fill('Confirm new password', 'a new horse');
    await fill('Current password', 'not my password');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Your current password is not correct')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Current password'));
    expect(useSession.getState().userInfo).toEqual(ann);
  });
});
