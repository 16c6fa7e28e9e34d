import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../../shared/audit/audit';
import { answerBy, ann, callsOf, renderRoutes, resetStores, signInAs } from '../support/testing';
import { AuditLogPage } from '../features/audit/AuditLogPage';
import { CustomerListPage } from '../features/customers/CustomerListPage';

const owner = { ...ann, _id: 'owner000000000000000000', isAdmin: true, role: 'admin' as const };

const cara = {
  _id: 'cara00000000000000000000',
  name: 'Cara Cole',
  email: 'cara@example.com',
  orders: 3,
  spent: 120.5,
  lastOrderAt: '2026-03-02T10:00:00.000Z',
};

const entry: AuditEntry = {
  _id: 'audit-1',
  at: '2026-03-02T10:00:00.000Z',
  actor: { _id: owner._id, name: 'Shop Owner', email: 'owner@example.com' },
  action: 'product.updated',
  target: { type: 'product', id: 'tee', label: 'Breton Stripe Tee' },
  before: { countInStock: 0 },
  after: { countInStock: 5 },
};

describe('the customer list', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('lists customers with their orders and spend, and finds them by name or email', async () => {
    signInAs(owner);
    const send = answerBy(() => [200, { customers: [cara], page: 1, pages: 1 }]);
    const address = renderRoutes(
      [{ path: '/admin/customers', element: <CustomerListPage /> }],
      '/admin/customers',
    );
    const row = (await screen.findByText('Cara Cole')).closest('tr');
    if (!row) throw new Error('no row for Cara');
    expect(within(row).getByRole('link', { name: 'cara@example.com' })).toBeTruthy();
    expect(within(row).getByText('£120.50')).toBeTruthy();
    expect(within(row).getByText('2 March 2026')).toBeTruthy();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Find a customer' }), 'cara{Enter}');
    expect(address()).toBe('/admin/customers?q=cara');
    await waitFor(() =>
      expect(callsOf(send).map(({ path }) => path)).toEqual([
        '/api/customers?pageNumber=1',
        '/api/customers?q=cara&pageNumber=1',
      ]),
    );
  });

  it('says when nobody matches', async () => {
    signInAs(owner);
    answerBy(() => [200, { customers: [], page: 1, pages: 1 }]);
    renderRoutes(
      [{ path: '/admin/customers', element: <CustomerListPage /> }],
      '/admin/customers?q=zed',
    );
    expect(await screen.findByText('No customer matches “zed”.')).toBeTruthy();
  });
});

describe('the audit log', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('shows who changed what, and how', async () => {
    signInAs(owner);
    const send = answerBy(() => [200, { entries: [entry], page: 1, pages: 1 }]);
    renderRoutes([{ path: '/admin/audit', element: <AuditLogPage /> }], '/admin/audit');
    const row = (await screen.findByRole('cell', { name: 'Product updated' })).closest('tr');
    if (!row) throw new Error('no row for the entry');
    expect(within(row).getByText('Shop Owner')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Breton Stripe Tee' }).getAttribute('href')).toBe(
      '/admin/product/tee/edit',
    );
    expect(within(row).getByText('0 → 5')).toBeTruthy();
    expect(callsOf(send).map(({ path }) => path)).toEqual(['/api/audit?pageNumber=1']);
  });
});
