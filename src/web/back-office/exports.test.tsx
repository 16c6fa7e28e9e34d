import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../../shared/audit/audit';
import type { ImportAnswer } from '../../shared/exports/exports';
import { ann, answerBy, renderRoutes, resetStores, signInAs } from '../support/testing';
import { AuditLogPage } from '../features/audit/AuditLogPage';
import { ExportsPage } from '../features/exports/ExportsPage';

const owner = { ...ann, _id: 'owner000000000000000000', isAdmin: true, role: 'admin' as const };

const renderPage = () =>
  renderRoutes([{ path: '/admin/exports', element: <ExportsPage /> }], '/admin/exports');

/** What the page saved, caught where it would click its hidden download link. */
function catchSaves() {
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:file');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
  return saved;
}

const checked: ImportAnswer = {
  applied: false,
  changes: [
    {
      row: 3,
      sku: 'BRT-M',
      product: 'tee',
      name: 'Breton Stripe Tee (Size: M)',
      field: 'price',
      from: 34,
      to: 36.5,
    },
    { row: 5, sku: null, product: 'scarf', name: 'Moss Scarf', field: 'stock', from: 0, to: 4 },
  ],
  refusals: [],
};

const priceList = () =>
  new File(
    ['product,name,brand,category,sku,options,price,stock,exported_stock\r\n'],
    'products.csv',
    {
      type: 'application/vnd.ms-excel',
    },
  );

describe('the exports page', () => {
  beforeEach(resetStores);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('downloads the orders paid on the days chosen, and says when the days are the wrong way round', async () => {
    signInAs(owner);
    const send = answerBy(() => [200, 'order,paid_date']);
    const saved = catchSaves();
    renderPage();
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await userEvent.type(from, '2026-04-03');
    await userEvent.type(to, '2026-04-01');
    await userEvent.click(screen.getByRole('button', { name: 'Download orders' }));
    expect(await screen.findByText('The first date must not be after the last')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();

    await userEvent.clear(from);
    await userEvent.type(from, '2026-03-01');
    await userEvent.click(screen.getByRole('button', { name: 'Download orders' }));
    await waitFor(() => expect(saved).toEqual(['orders-2026-03-01-to-2026-04-01.csv']));
    const [path, init] = send.mock.calls[0] ?? [];
    expect(path).toBe('/api/exports/orders.csv?from=2026-03-01&to=2026-04-01');
    expect(new Headers(init?.headers).get('Authorization')).toBe(`Bearer ${owner.token}`);
  });

  it('downloads every product with its stock', async () => {
    signInAs(owner);
    const send = answerBy(() => [200, 'product,name']);
    const saved = catchSaves();
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Download products' }));
    await waitFor(() => expect(saved).toEqual(['products.csv']));
    expect(send.mock.calls[0]?.[0]).toBe('/api/exports/products.csv');
  });

  it('checks a price list, shows each change, then applies them', async () => {
    signInAs(owner);
    const send = answerBy((_method, path) => [
      200,
      path.endsWith('dryRun=true') ? checked : { ...checked, applied: true },
    ]);
    renderPage();
    const check = screen.getByRole('button', { name: 'Check the file' });
    expect(check.hasAttribute('disabled')).toBe(true);
    await userEvent.upload(screen.getByLabelText('Price list (CSV)'), priceList());
    await userEvent.click(check);

    expect(await screen.findByText('The file makes 2 changes.')).toBeTruthy();
    const rows = within(screen.getByRole('region', { name: 'Changes' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'RowSKUProductChangeFrom → to',
      '3BRT-MBreton Stripe Tee (Size: M)Price£34.00 → £36.50',
      '5—Moss ScarfStock0 → 4',
    ]);
    const [path, init] = send.mock.calls[0] ?? [];
    expect(path).toBe('/api/imports/products?dryRun=true');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('text/csv');
    expect(init?.body).toBeInstanceOf(File);

    await userEvent.click(screen.getByRole('button', { name: 'Apply 2 changes' }));
    expect(
      await screen.findByText('Applied 2 changes: the shop shows the new prices and stock now.'),
    ).toBeTruthy();
    expect(send.mock.calls[1]?.[0]).toBe('/api/imports/products?dryRun=false');
    expect(screen.getByRole('button', { name: 'Apply 2 changes' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('shows every row refused, and will not apply the file', async () => {
    signInAs(owner);
    answerBy(() => [
      200,
      {
        ...checked,
        refusals: [
          { row: 4, message: 'No product has the SKU BRT-XL' },
          { row: 6, message: 'The stock of BRT-S cannot be negative' },
        ],
      },
    ]);
    renderPage();
    await userEvent.upload(screen.getByLabelText('Price list (CSV)'), priceList());
    await userEvent.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(
      await screen.findByText(
        '2 rows of the file cannot be applied, so nothing will change until they are put right.',
      ),
    ).toBeTruthy();
    const refused = within(screen.getByRole('region', { name: 'Rows refused' })).getAllByRole(
      'row',
    );
    expect(refused.map((row) => row.textContent)).toEqual([
      'RowWhy it cannot be applied',
      '4No product has the SKU BRT-XL',
      '6The stock of BRT-S cannot be negative',
    ]);
    expect(screen.getByRole('button', { name: 'Apply 2 changes' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('says which rows set a stock that sold since the download, and how to put them right', async () => {
    signInAs(owner);
    const moved =
      'Fair Isle Jumper (Size: M) has 7 in stock now, not the 10 this file was exported with: some sold or the stock was changed since, so the stock of 12 cannot be set. Download the products file again and change the stock there, or empty this stock cell to keep 7';
    answerBy(() => [
      200,
      { ...checked, refusals: [{ row: 4, message: moved, code: 'STOCK_MOVED' }] },
    ]);
    renderPage();
    await userEvent.upload(screen.getByLabelText('Price list (CSV)'), priceList());
    await userEvent.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(
      await screen.findByText(
        '1 row of the file cannot be applied, so nothing will change until they are put right.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'One row sets a stock that has sold or changed since the file was downloaded. Download the products file again and make the change there, or empty the stock cell to keep the stock the shop has now.',
      ),
    ).toBeTruthy();
    const refused = within(screen.getByRole('region', { name: 'Rows refused' })).getAllByRole(
      'row',
    );
    expect(refused.map((row) => row.textContent)).toEqual([
      'RowWhy it cannot be applied',
      `4${moved}`,
    ]);
    expect(screen.getByRole('button', { name: 'Apply 2 changes' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('has nothing to apply when the file changes nothing', async () => {
    signInAs(owner);
    answerBy(() => [200, { applied: false, changes: [], refusals: [] }]);
    renderPage();
    await userEvent.upload(screen.getByLabelText('Price list (CSV)'), priceList());
    await userEvent.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(
      await screen.findByText(
        'The file changes nothing: its prices are the shop’s now, and it sets no new stock.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Apply 0 changes' }).hasAttribute('disabled')).toBe(
      true,
    );
  });
});

describe('an import in the audit log', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('says what it changed, row by row, in words', async () => {
    signInAs(owner);
    const entry: AuditEntry = {
      _id: 'audit-import',
      at: '2026-03-02T10:00:00.000Z',
      actor: { _id: owner._id, name: 'Shop Owner', email: 'owner@example.com' },
      action: 'import.applied',
      target: { type: 'import', id: 'import-1', label: 'products.csv: 3 changes' },
      before: {
        items: [
          { sku: 'BRT-M', name: 'Breton Stripe Tee (Size: M)', price: 34, countInStock: 2 },
          { sku: null, name: 'Moss Scarf', price: 25, countInStock: 0 },
        ],
      },
      after: {
        items: [
          { sku: 'BRT-M', name: 'Breton Stripe Tee (Size: M)', price: 36.5, countInStock: 9 },
          { sku: null, name: 'Moss Scarf', price: 25, countInStock: 4 },
        ],
      },
    };
    answerBy(() => [200, { entries: [entry], page: 1, pages: 1 }]);
    renderRoutes([{ path: '/admin/audit', element: <AuditLogPage /> }], '/admin/audit');
    const row = (await screen.findByRole('cell', { name: 'Prices and stock imported' })).closest(
      'tr',
    );
    if (!row) throw new Error('no row for the import');
    expect(within(row).getByText('products.csv: 3 changes')).toBeTruthy();
    expect(within(row).getByText('Prices and stock:')).toBeTruthy();
    expect(
      within(row)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'BRT-M: £34.00, stock 2 → £36.50, stock 9',
      'Moss Scarf: £25.00, stock 0 → £25.00, stock 4',
    ]);
  });
});
