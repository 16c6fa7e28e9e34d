import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../../../shared/audit/audit';
import { answerBy, callsOf, renderRoutes, resetStores, signInAs } from '../../support/testing';
import { owner } from '../../back-office/admin-fixtures';
import { AuditLogPage } from './AuditLogPage';

const sam = { _id: 'staff000000000000000000', name: 'Sam Staff', email: 'sam@example.com' };
const shopOwner = { _id: owner._id, name: 'Shop Owner', email: 'owner@example.com' };

const stockChanged: AuditEntry = {
  _id: 'audit-3',
  at: '2026-03-03T10:00:00.000Z',
  actor: sam,
  action: 'product.updated',
  target: { type: 'product', id: 'tee', label: 'Breton Stripe Tee' },
  before: {
    price: 32,
    variants: [
      { sku: 'BRT-M', options: { Size: 'M' }, price: 34, countInStock: 2 },
      { sku: 'BRT-S', options: { Size: 'S' }, price: 32, countInStock: 0 },
    ],
  },
  after: {
    price: 30,
    variants: [
      { sku: 'BRT-M', options: { Size: 'M' }, price: 34, countInStock: 2 },
      { sku: 'BRT-S', options: { Size: 'S' }, price: 30, countInStock: 5 },
    ],
  },
};

const madeStaff: AuditEntry = {
  _id: 'audit-2',
  at: '2026-03-02T12:00:00.000Z',
  actor: shopOwner,
  action: 'user.updated',
  target: { type: 'user', id: 'ann', label: 'ann@example.com' },
  before: { role: 'customer' },
  after: { role: 'staff' },
};

const lockerDeleted: AuditEntry = {
  _id: 'audit-1',
  at: '2026-03-02T11:00:00.000Z',
  actor: { _id: null, name: 'Gone Person', email: 'gone@example.com' },
  action: 'product.deleted',
  target: { type: 'product', id: 'locket', label: 'Moonstone Locket' },
  before: { name: 'Moonstone Locket', status: 'live' },
  after: null,
};

const lockerRenamed: AuditEntry = {
  ...lockerDeleted,
  _id: 'audit-0',
  at: '2026-03-01T11:00:00.000Z',
  actor: shopOwner,
  action: 'product.updated',
  before: { name: 'Locket' },
  after: { name: 'Moonstone Locket' },
};

/** The owner saved the tee's sizes without their ids: the same SKUs, made anew. */
const sizesRemade: AuditEntry = {
  ...stockChanged,
  _id: 'audit-4',
  at: '2026-03-04T10:00:00.000Z',
  actor: shopOwner,
  before: {
    variants: [
      { _id: 'v-s', sku: 'BRT-S', label: 'Size: S', price: 32, countInStock: 5 },
      { _id: 'v-m', sku: 'BRT-M', label: 'Size: M', price: 34, countInStock: 2 },
    ],
  },
  after: {
    variants: [
      { _id: 'v-s', sku: 'BRT-S', label: 'Size: S', price: 32, countInStock: 4 },
      { _id: 'v-m2', sku: 'BRT-M', label: 'Size: M', price: 34, countInStock: 2 },
    ],
  },
};

const entries = [stockChanged, madeStaff, lockerDeleted, lockerRenamed];

const rowOf = async (action: string, nth = 0) => {
  const row = (await screen.findAllByRole('cell', { name: action }))[nth]?.closest('tr');
  if (!row) throw new Error(`no row for ${action}`);
  return row;
};

describe('the audit log’s filters and entries', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('narrows by kind of change, person, days and words, in the address and the call', async () => {
    signInAs(owner);
    const send = answerBy(() => [200, { entries, page: 1, pages: 1 }]);
    const address = renderRoutes(
      [{ path: '/admin/audit', element: <AuditLogPage /> }],
      '/admin/audit',
    );
    const filters = await screen.findByRole('search', { name: 'Find changes' });
    await rowOf('User updated');

    const kinds = within(filters).getByRole('combobox', { name: 'Kind of change' });
    expect(within(kinds).getByRole('option', { name: 'Refund tried again' })).toBeTruthy();
    await userEvent.selectOptions(kinds, 'Product updated');
    expect(address()).toBe('/admin/audit?action=product.updated');

    // The people are those who made the changes shown, by name and email; one since deleted is not offered.
    const people = within(filters).getByRole('combobox', { name: 'Person' });
    expect(
      within(people)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Anyone', 'Sam Staff (sam@example.com)', 'Shop Owner (owner@example.com)']);
    await userEvent.selectOptions(people, 'Sam Staff (sam@example.com)');
    expect(address()).toBe(`/admin/audit?action=product.updated&actor=${sam._id}`);

    await userEvent.type(within(filters).getByLabelText('From'), '2026-03-01');
    await userEvent.type(within(filters).getByLabelText('To'), '2026-03-03');
    await userEvent.type(within(filters).getByRole('searchbox', { name: 'Words' }), 'tee');
    await userEvent.click(within(filters).getByRole('button', { name: 'Search' }));
    const narrowed = `action=product.updated&actor=${sam._id}&from=2026-03-01&to=2026-03-03`;
    expect(address()).toBe(`/admin/audit?q=tee&${narrowed}`);
    await waitFor(() =>
      expect(callsOf(send).at(-1)?.path).toBe(`/api/audit?q=tee&${narrowed}&pageNumber=1`),
    );

    await userEvent.click(screen.getByRole('link', { name: 'Show every change' }));
    expect(address()).toBe('/admin/audit');
  });

  it('tells a variant made anew under its SKU from one whose stock changed', async () => {
    signInAs(owner);
    answerBy(() => [200, { entries: [sizesRemade], page: 1, pages: 1 }]);
    renderRoutes([{ path: '/admin/audit', element: <AuditLogPage /> }], '/admin/audit');
    const product = await rowOf('Product updated');
    expect(
      within(product)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'BRT-S: £32.00, stock 5 → £32.00, stock 4',
      'BRT-M: £34.00, stock 2 → —',
      'BRT-M: — → £34.00, stock 2',
    ]);
  });

  it('says each change in words: prices in pounds, roles by name, variants by SKU', async () => {
    signInAs(owner);
    answerBy(() => [200, { entries, page: 1, pages: 1 }]);
    renderRoutes([{ path: '/admin/audit', element: <AuditLogPage /> }], '/admin/audit');

    const product = await rowOf('Product updated');
    expect(within(product).getByText('Sam Staff')).toBeTruthy();
    expect(within(product).getByText('3 March 2026, 10:00')).toBeTruthy();
    const changed = (row: HTMLElement, field: string) =>
      within(row).getByText(`${field}:`, { selector: 'dt', exact: false }).nextElementSibling
        ?.textContent;
    expect(changed(product, 'Price')).toBe('£32.00 → £30.00');
    // Only the variant that changed, as it was and became.
    expect(
      within(product)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['BRT-S: £32.00, stock 0 → £30.00, stock 5']);

    const user = await rowOf('User updated');
    expect(changed(user, 'Role')).toBe('Customer → Staff');
    expect(within(user).getByRole('link', { name: 'ann@example.com' }).getAttribute('href')).toBe(
      '/admin/user/ann/edit',
    );
  });

  it('links what was changed only while it is still there', async () => {
    signInAs(owner);
    answerBy(() => [200, { entries, page: 1, pages: 1 }]);
    renderRoutes([{ path: '/admin/audit', element: <AuditLogPage /> }], '/admin/audit');
    expect(
      within(await rowOf('Product updated')).getByRole('link', { name: 'Breton Stripe Tee' }),
    ).toBeTruthy();
    const deleted = await rowOf('Product deleted');
    expect(within(deleted).queryByRole('link')).toBeNull();
    expect(within(deleted).getByText('Gone Person')).toBeTruthy();
    // An earlier change to the product deleted since names it without a link.
    const renamed = await rowOf('Product updated', 1);
    expect(within(renamed).getByText('Moonstone Locket', { selector: 'td' })).toBeTruthy();
    expect(within(renamed).queryByRole('link')).toBeNull();
  });

  it('takes its filters from the address, and says when nothing matches', async () => {
    signInAs(owner);
    const send = answerBy(() => [200, { entries: [], page: 1, pages: 1 }]);
    renderRoutes(
      [{ path: '/admin/audit', element: <AuditLogPage /> }],
      '/admin/audit?action=order.refunded&from=2026-03-01&page=2',
    );
    expect(await screen.findByText('No change matches these filters.')).toBeTruthy();
    expect(callsOf(send).map(({ path }) => path)).toEqual([
      '/api/audit?action=order.refunded&from=2026-03-01&pageNumber=2',
    ]);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Kind of change' }).value).toBe(
      'order.refunded',
    );
    expect(screen.getByLabelText<HTMLInputElement>('From').value).toBe('2026-03-01');
  });

  it('says of a settings save only the fields that changed, each within its section', async () => {
    signInAs(owner);
    const sections = {
      shop: { name: 'Larkspur', phone: '0117 496 0000', email: 'hello@larkspur.example' },
      giftWrap: { price: 3.5 },
      lowStock: 3,
      reviews: { holdNew: false },
    };
    const saved: AuditEntry = {
      _id: 'audit-9',
      at: '2026-03-04T10:00:00.000Z',
      actor: shopOwner,
      action: 'settings.updated',
      target: { type: 'settings', id: 'settings', label: 'Settings' },
      before: { version: 3, ...sections },
      after: {
        version: 4,
        ...sections,
        shop: { ...sections.shop, phone: '0117 496 0999' },
        giftWrap: { price: 4 },
        reviews: { holdNew: true },
      },
    };
    answerBy(() => [200, { entries: [saved], page: 1, pages: 1 }]);
    renderRoutes([{ path: '/admin/audit', element: <AuditLogPage /> }], '/admin/audit');

    const row = await rowOf('Settings changed');
    expect(
      within(row)
        .getAllByRole('term')
        .map((term) => `${term.textContent}${term.nextElementSibling?.textContent ?? ''}`),
    ).toEqual([
      'Version: 3 → 4',
      'Who sells, Phone: 0117 496 0000 → 0117 496 0999',
      'Gift wrap, Price: £3.50 → £4.00',
      'Reviews, Hold new reviews: No → Yes',
    ]);
  });
});
