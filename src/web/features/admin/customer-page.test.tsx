import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerDetail } from '../../../shared/customers';
import { answerBy, callsOf, renderRoutes, resetStores, signInAs } from '../../support/testing';
import { owner, staff } from './admin-fixtures';
import { CustomerListPage } from './CustomerListPage';
import { CustomerPage } from './CustomerPage';

const cara: CustomerDetail = {
  _id: 'cara00000000000000000000',
  kind: 'account',
  name: 'Cara Cole',
  email: 'cara@example.com',
  role: 'customer',
  createdAt: '2025-11-20T10:00:00.000Z',
  orders: [
    {
      _id: 'order0000000000000000002',
      orderNumber: 'K7QF-3MXA',
      createdAt: '2026-03-02T10:00:00.000Z',
      status: 'refunded',
      totalPrice: 40.5,
    },
    {
      _id: 'order0000000000000000001',
      orderNumber: 'H2PD-9WXE',
      createdAt: '2026-01-15T10:00:00.000Z',
      status: 'delivered',
      totalPrice: 80,
    },
  ],
  spent: 80,
  refunded: 40.5,
  phones: [],
  addresses: [],
  notes: [],
};

const routes = [
  { path: '/admin/customers', element: <CustomerListPage /> },
  { path: '/admin/customers/:id', element: <CustomerPage /> },
];

describe('a customer’s page', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('says who they are, since when, what they spent and got back, and lists their orders', async () => {
    signInAs(staff);
    const send = answerBy(() => [200, cara]);
    renderRoutes(routes, `/admin/customers/${cara._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cara Cole' })).toBeTruthy();
    expect(callsOf(send).map(({ path }) => path)).toEqual([`/api/customers/${cara._id}`]);
    const facts = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(facts('Email')).toBe('cara@example.com');
    expect(facts('Role')).toBe('Customer');
    expect(facts('Customer since')).toBe('20 November 2025');
    expect(facts('Orders')).toBe('2');
    expect(facts('Spent, after refunds')).toBe('£80.00');
    expect(facts('Refunded')).toBe('£40.50');

    const orders = screen.getByRole('table', { name: 'Orders' });
    const [, first] = within(orders).getAllByRole('row');
    if (!first) throw new Error('no order rows');
    expect(within(first).getByRole('link', { name: 'K7QF-3MXA' }).getAttribute('href')).toBe(
      '/admin/order/order0000000000000000002',
    );
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['K7QF-3MXA', '2 March 2026', 'Refunded', '£40.50']);
  });

  it('says so when the customer is not there', async () => {
    signInAs(owner);
    answerBy(() => [404, { message: 'Customer not found', code: 'NOT_FOUND' }]);
    renderRoutes(routes, '/admin/customers/nobody');
    expect(await screen.findByText('Customer not found')).toBeTruthy();
  });

  it('is opened from the customer list', async () => {
    signInAs(owner);
    answerBy(() => [
      200,
      {
        customers: [{ ...cara, orders: 2, lastOrderAt: '2026-03-02T10:00:00.000Z', spent: 80 }],
        page: 1,
        pages: 1,
      },
    ]);
    renderRoutes(routes, '/admin/customers');
    const link = await screen.findByRole('link', { name: 'Cara Cole' });
    expect(link.getAttribute('href')).toBe(`/admin/customers/${cara._id}`);
  });
});
