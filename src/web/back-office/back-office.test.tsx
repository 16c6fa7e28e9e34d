import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../tests/support/render';
import { Header } from '../layout/Header';
import { shopRoutes } from '../routes';
import { restoreStored } from '../state/restore-stored';
import { useSession } from '../state/session-store';
import {
  answerBy,
  ann,
  callsOf,
  orderOf,
  renderRoutes,
  resetStores,
  signInAs,
} from '../support/testing';
import { MONDAY_MORNING } from '../support/storefront-delivery-fixtures';

const owner = { ...ann, _id: 'owner000000000000000000', isAdmin: true, role: 'admin' as const };
const staff = { ...ann, _id: 'staff000000000000000000', isAdmin: false, role: 'staff' as const };

const emptyDesk = {
  toDispatch: [],
  returnsRequested: [],
  failedRefunds: [],
  lowStock: [],
  reportedReviews: 0,
  sales: null,
  daily: null,
};

/** Answers the desk, one order, delivery (for the shop's banner), and an empty page of any list. */
const answerTheBackOffice = () =>
  answerBy((_method, path) => {
    if (path === '/api/admin/desk') return [200, emptyDesk];
    if (path.startsWith('/api/delivery')) return [200, MONDAY_MORNING];
    if (path.startsWith('/api/orders/')) return [200, orderOf()];
    return [200, { orders: [], products: [], vouchers: [], page: 1, pages: 1, total: 0 }];
  });

/** The back office's code loads on its first visit, which takes a while on a busy machine. */
const loaded = { timeout: 5000 };

const backOfficeLinks = () =>
  within(screen.getByRole('navigation', { name: 'Back office' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the back office', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('opens on the desk, with its own navigation and a way back to the shop', async () => {
    signInAs(owner);
    answerTheBackOffice();
    renderRoutes(shopRoutes, '/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Desk' }, loaded)).toBeTruthy();
    expect(backOfficeLinks()).toEqual([
      'Desk',
      'Orders',
      'Products',
      'Customers',
      'Vouchers',
      'Promotions',
      'Gift cards',
      'VAT',
      'Exports',
      'Users',
      'Failed refunds',
      'Reviews',
      'Subscribers',
      'Newsletters',
      'Audit log',
      'Settings',
    ]);
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Desk' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(
      within(nav).getByRole('link', { name: 'Orders' }).getAttribute('aria-current'),
    ).toBeNull();
    expect(screen.getByRole('link', { name: 'View the shop' }).getAttribute('href')).toBe('/');
    // Not the storefront's search, shelves and footer.
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('marks the section of a page inside it', async () => {
    signInAs(owner);
    answerTheBackOffice();
    renderRoutes(shopRoutes, '/admin/order/order0000000000000000001');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order K7QF-3MXA' }, loaded),
    ).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBe(
      'true',
    );
    expect(within(nav).getByRole('link', { name: 'Desk' }).getAttribute('aria-current')).toBeNull();
  });

  it('shows staff only the desk, orders, products and customers', async () => {
    signInAs(staff);
    answerTheBackOffice();
    renderRoutes(shopRoutes, '/admin/orderlist');
    expect(await screen.findByText('There are no orders yet.', {}, loaded)).toBeTruthy();
    expect(backOfficeLinks()).toEqual(['Desk', 'Orders', 'Products', 'Customers']);
    expect(
      within(screen.getByRole('navigation', { name: 'Back office' }))
        .getByRole('link', { name: 'Orders' })
        .getAttribute('aria-current'),
    ).toBe('page');
  });

  it('keeps staff out of the owner’s pages, saying why', async () => {
    signInAs(staff);
    const send = answerTheBackOffice();
    const address = renderRoutes(shopRoutes, '/admin/voucherlist');
    expect(
      await screen.findByText('Only the shop’s owner can manage vouchers.', {}, loaded),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the desk' }).getAttribute('href')).toBe(
      '/admin',
    );
    expect(address()).toBe('/admin/voucherlist');
    expect(callsOf(send)).toEqual([]);
  });

  it('opens the gift cards for the owner alone', async () => {
    signInAs(owner);
    answerBy(() => [200, { giftCards: [], page: 1, pages: 1 }]);
    renderRoutes(shopRoutes, '/admin/gift-cards');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Gift cards' }, loaded),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: 'Back office' }))
        .getByRole('link', { name: 'Gift cards' })
        .getAttribute('aria-current'),
    ).toBe('page');
    cleanup();

    signInAs(staff);
    const send = answerTheBackOffice();
    renderRoutes(shopRoutes, '/admin/gift-cards');
    expect(
      await screen.findByText('Only the shop’s owner can manage gift cards.', {}, loaded),
    ).toBeTruthy();
    expect(callsOf(send)).toEqual([]);
  });

  it('lets staff dispatch an order but leaves refunds to the owner', async () => {
    signInAs(staff);
    answerTheBackOffice();
    renderRoutes(shopRoutes, '/admin/order/order0000000000000000001');
    expect(await screen.findByRole('button', { name: 'Mark as dispatched' }, loaded)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Refund' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Cancel this order' })).toBeNull();
  });

  it('sends a customer home and a visitor to sign in', async () => {
    answerTheBackOffice();
    const visitorAt = renderRoutes(shopRoutes, '/admin/orderlist');
    await waitFor(() => expect(visitorAt()).toBe('/account/login?redirect=/admin/orderlist'));
    cleanup();

    signInAs(ann);
    const customerAt = renderRoutes(shopRoutes, '/admin/orderlist');
    await waitFor(() => expect(customerAt()).toBe('/'));
    expect(screen.queryByRole('navigation', { name: 'Back office' })).toBeNull();
  });

  it('says when a back office address is not there', async () => {
    signInAs(staff);
    answerTheBackOffice();
    renderRoutes(shopRoutes, '/admin/nowhere');
    expect(
      await screen.findByRole('heading', { name: 'We couldn’t find that page' }, loaded),
    ).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Back office' })).toBeTruthy();
  });
});

describe('the storefront’s Manage button', () => {
  beforeEach(resetStores);

  it('shows for staff and the owner, not for customers', () => {
    signInAs(ann);
    const { unmount } = renderInApp(<Header />);
    expect(screen.queryByRole('button', { name: 'Manage' })).toBeNull();
    unmount();

    signInAs(staff);
    renderInApp(<Header />);
    expect(screen.getByRole('button', { name: 'Manage' })).toBeTruthy();
  });
});

describe('a session kept before accounts had roles', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('is restored, the owner still the owner, rather than signed out', async () => {
    // JSON leaves out a field that is undefined.
    localStorage.setItem('userInfo', JSON.stringify({ ...owner, role: undefined }));
    act(() => restoreStored());
    expect(useSession.getState().userInfo).toEqual(owner);

    answerTheBackOffice();
    renderRoutes(shopRoutes, '/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Desk' }, loaded)).toBeTruthy();
  });

  it('restores a customer as a customer', () => {
    localStorage.setItem('userInfo', JSON.stringify({ ...ann, role: undefined }));
    act(() => restoreStored());
    expect(useSession.getState().userInfo).toEqual(ann);
  });
});
