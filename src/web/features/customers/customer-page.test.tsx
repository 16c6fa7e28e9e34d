import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerDetail } from '../../../shared/customers/customers';
import { answerBy, callsOf, renderRoutes, resetStores, signInAs } from '../../support/testing';
import { owner, staff } from '../../back-office/admin-fixtures';
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

  it('shows a guest’s phones, addresses and notes, and takes a new note', async () => {
    signInAs(staff);
    const gwen: CustomerDetail = {
      ...cara,
      _id: 'gwen00000000000000000000',
      kind: 'guest',
      name: 'Gwen Guest',
      email: 'gwen@example.com',
      role: null,
      phones: ['07700 900111'],
      addresses: [
        {
          name: 'Gwen Guest',
          address: '12 Mill Lane',
          line2: '',
          city: 'Hebden Bridge',
          county: '',
          postalCode: 'HX7 8AB',
          country: 'United Kingdom',
          phone: '07700 900111',
        },
      ],
      notes: [
        { _id: 'n1', at: '2026-03-03T10:00:00.000Z', by: 'Sam Staff', text: 'Rang about sizes' },
      ],
    };
    const noted = {
      ...gwen,
      notes: [
        ...gwen.notes,
        { _id: 'n2', at: '2026-03-04T10:00:00.000Z', by: 'Sam Staff', text: 'Prefers calls' },
      ],
    };
    const send = answerBy((method) => (method === 'POST' ? [201, noted] : [200, gwen]));
    renderRoutes(routes, `/admin/customers/${gwen._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Gwen Guest' })).toBeTruthy();
    const facts = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(facts('Role')).toBe('Guest, known by their email');
    expect(facts('Phone')).toBe('07700 900111');
    expect(facts('First order')).toBe('20 November 2025');
    const addresses = screen.getByRole('region', { name: 'Addresses' });
    expect(within(addresses).getByText('12 Mill Lane')).toBeTruthy();
    const notes = screen.getByRole('region', { name: 'Notes' });
    expect(within(notes).getByText('Rang about sizes')).toBeTruthy();
    await userEvent.type(
      within(notes).getByRole('textbox', { name: 'Add a note' }),
      'Prefers calls',
    );
    await userEvent.click(within(notes).getByRole('button', { name: 'Add note' }));
    expect(await within(notes).findByText('Prefers calls')).toBeTruthy();
    expect(callsOf(send).at(-1)).toMatchObject({
      method: 'POST',
      path: `/api/customers/${gwen._id}/notes`,
      body: { text: 'Prefers calls' },
    });
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
