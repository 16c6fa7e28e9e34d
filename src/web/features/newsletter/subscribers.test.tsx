import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerBy, ann, callsOf, renderRoutes, resetStores, signInAs } from '../../support/testing';
import { renderInApp } from '../../../../tests/support/render';
import { AdminMenuPanel } from '../../back-office/AdminMenuPanel';
import { SubscriberListPage } from './SubscriberListPage';

const admin = {
  ...ann,
  _id: 'admin0000000000000000000',
  name: 'Shop Admin',
  isAdmin: true,
  role: 'admin' as const,
};

const subscriber = (index: number) => ({
  _id: `s${index}`,
  email: `reader${index}@example.com`,
  createdAt: '2026-03-02T10:00:00.000Z',
  confirmedAt: index === 1 ? '2026-03-03T09:00:00.000Z' : null,
  source: index === 1 ? ('account' as const) : ('footer' as const),
});

const renderList = (at: string) =>
  renderRoutes(
    [{ path: '/admin/subscriberlist/:pageNumber?', element: <SubscriberListPage /> }],
    at,
  );

describe('the subscriber list', () => {
  beforeEach(resetStores);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists emails and dates, with how many there are in all', async () => {
    signInAs(admin);
    const send = answerBy((_method, path) =>
      path.endsWith('pageNumber=3')
        ? [200, { subscribers: [subscriber(41), subscriber(42)], page: 3, pages: 3 }]
        : [200, { subscribers: [subscriber(1)], page: 1, pages: 3 }],
    );
    renderList('/admin/subscriberlist');
    const rows = await screen.findAllByRole('row');
    expect(within(rows[1] ?? document.body).getByText('reader1@example.com')).toBeTruthy();
    expect(within(rows[1] ?? document.body).getByText('2 March 2026')).toBeTruthy();
    expect(within(rows[1] ?? document.body).getByText('3 March 2026')).toBeTruthy();
    // Two full pages of 20 and two on the last.
    expect(await screen.findByText('42 subscribers in all.')).toBeTruthy();
    expect(callsOf(send).map(({ path }) => path)).toEqual([
      '/api/subscribers?pageNumber=1',
      '/api/subscribers?pageNumber=3',
    ]);
    expect(
      screen
        .getByRole('navigation', { name: 'Subscriber pages' })
        .querySelectorAll('a')[1]
        ?.getAttribute('href'),
    ).toBe('/admin/subscriberlist/2');
  });

  it('says where each signed up, and when each gave consent or that they have not', async () => {
    signInAs(admin);
    answerBy(() => [200, { subscribers: [subscriber(1), subscriber(2)], page: 1, pages: 1 }]);
    renderList('/admin/subscriberlist');
    const rows = await screen.findAllByRole('row');
    expect(rows[0]?.textContent).toBe('EmailWhereSubscribedConsent given');
    expect(rows[1]?.textContent).toBe('reader1@example.comAccount page2 March 20263 March 2026');
    expect(rows[2]?.textContent).toBe('reader2@example.comFooter form2 March 2026Not confirmed');
  });

  it('downloads the confirmed subscribers as a CSV file with the admin token', async () => {
    signInAs(admin);
    const send = answerBy((_method, path) =>
      path.endsWith('.csv')
        ? [200, 'email,subscribed']
        : [200, { subscribers: [subscriber(1)], page: 1, pages: 1 }],
    );
    const createUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:subscribers');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    let saved: { href: string; download: string } | undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved = { href: this.href, download: this.download };
    });
    renderList('/admin/subscriberlist');
    expect(await screen.findByText('1 subscriber in all.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() =>
      expect(saved).toEqual({ href: 'blob:subscribers', download: 'subscribers.csv' }),
    );
    const file = createUrl.mock.calls[0]?.[0];
    expect(file && 'text' in file ? await file.text() : null).toContain('email,subscribed');
    const download = send.mock.calls.find(
      ([input]) => typeof input === 'string' && input.endsWith('.csv'),
    );
    expect(download?.[0]).toBe('/api/subscribers/export.csv');
    expect(new Headers(download?.[1]?.headers).get('Authorization')).toBe(`Bearer ${admin.token}`);
  });
});

describe('the Manage menu', () => {
  beforeEach(resetStores);

  it('leads to every back office page, the subscribers among them', () => {
    signInAs(admin);
    renderInApp(<AdminMenuPanel onClose={() => undefined} />);
    const links = within(screen.getByRole('navigation', { name: 'Manage the shop' })).getAllByRole(
      'link',
    );
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Desk', '/admin'],
      ['Orders', '/admin/orderlist'],
      ['Products', '/admin/productlist'],
      ['Customers', '/admin/customers'],
      ['Vouchers', '/admin/voucherlist'],
      ['Promotions', '/admin/promotions'],
      ['Gift cards', '/admin/gift-cards'],
      ['VAT', '/admin/vat'],
      ['Exports', '/admin/exports'],
      ['Users', '/admin/userlist'],
      ['Failed refunds', '/admin/refunds'],
      ['Reviews', '/admin/reviews'],
      ['Subscribers', '/admin/subscriberlist'],
      ['Newsletters', '/admin/newsletters'],
      ['Audit log', '/admin/audit'],
      ['Settings', '/admin/settings'],
    ]);
  });
});
