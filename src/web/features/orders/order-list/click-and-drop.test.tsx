import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackingImportAnswer } from '../../../../shared/orders/click-and-drop';
import { ukDay } from '../../../../shared/uk-time';
import {
  answerBy,
  callsOf,
  orderOf,
  renderRoutes,
  resetStores,
  sam,
  signInAs,
} from '../../../support/testing';
import { OrderListPage } from './OrderListPage';

const first = orderOf({ _id: 'order0000000000000000001', orderNumber: 'K7QF-3MXA' });
const second = orderOf({ _id: 'order0000000000000000002', orderNumber: 'B2CD-4EFG' });
const ordersPage = { orders: [first, second], page: 1, pages: 1, total: 2 };

const listAt = () =>
  renderRoutes(
    [{ path: '/admin/orderlist/:pageNumber?', element: <OrderListPage /> }],
    '/admin/orderlist',
  );

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

const checked: TrackingImportAnswer = {
  dispatched: ['K7QF-3MXA', 'B2CD-4EFG'],
  unchanged: ['H3JK-5LMN'],
  refused: [
    { row: 5, reference: 'ZZZZ-ZZZZ', message: 'No order has the number ZZZZ-ZZZZ' },
    {
      row: 6,
      reference: 'M9MA-2QRT',
      message: 'That is not a Royal Mail tracking number: they look like AB123456789GB',
    },
  ],
};

const despatched = () =>
  new File(['Order reference,Tracking number\r\nK7QF-3MXA,AB123456785GB\r\n'], 'despatched.csv', {
    type: 'application/vnd.ms-excel',
  });

const imports = (send: ReturnType<typeof answerBy>) =>
  callsOf(send)
    .filter(({ method }) => method === 'POST')
    .map(({ path }) => path);

describe('Click & Drop on the order list', () => {
  beforeEach(() => {
    resetStores();
    signInAs(sam);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('exports every paid order with none ticked, and the ticked ones in the order ticked', async () => {
    const send = answerBy((_method, path) =>
      path.startsWith('/api/exports/') ? [200, 'Order reference,Date'] : [200, ordersPage],
    );
    const saved = catchSaves();
    listAt();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Export paid orders for Click & Drop' }),
    );
    const file = `click-and-drop-${ukDay(new Date())}.csv`;
    await waitFor(() => expect(saved).toEqual([file]));

    await userEvent.click(screen.getByRole('checkbox', { name: 'Tick order B2CD-4EFG' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Tick order K7QF-3MXA' }));
    await userEvent.click(screen.getByRole('button', { name: 'Export ticked for Click & Drop' }));
    await waitFor(() => expect(saved).toEqual([file, file]));
    expect(
      callsOf(send)
        .map(({ path }) => path)
        .filter((path) => path.startsWith('/api/exports/')),
    ).toEqual([
      '/api/exports/click-and-drop.csv?status=paid',
      `/api/exports/click-and-drop.csv?orders=${second._id},${first._id}`,
    ]);
  });

  it('checks the despatched orders file, shows what it would do, and dispatches only when told', async () => {
    const send = answerBy((method, path) => {
      if (method === 'GET') return [200, ordersPage];
      return [200, path.endsWith('dryRun=true') ? checked : { ...checked, unchanged: [] }];
    });
    listAt();
    const open = await screen.findByRole('button', { name: 'Import tracking from Click & Drop' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    const section = screen.getByRole('region', { name: 'Import tracking from Click & Drop' });
    const check = within(section).getByRole('button', { name: 'Check the file' });
    expect(check.hasAttribute('disabled')).toBe(true);
    await userEvent.upload(within(section).getByLabelText('Despatched orders (CSV)'), despatched());
    await userEvent.click(check);

    expect(
      await within(section).findByText(
        'It will dispatch 2 orders with Royal Mail and their tracking numbers, and mail each customer:',
      ),
    ).toBeTruthy();
    const listed = (label: string) =>
      within(within(section).getByRole('list', { name: label }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(listed('Orders to dispatch')).toEqual(['K7QF-3MXA', 'B2CD-4EFG']);
    expect(
      within(section).getByText('1 order has that tracking number already: nothing to do.'),
    ).toBeTruthy();
    expect(listed('Orders with that number already')).toEqual(['H3JK-5LMN']);
    expect(within(section).getByText('2 rows dispatch nothing:')).toBeTruthy();
    const rows = within(within(section).getByRole('region', { name: 'Rows refused' })).getAllByRole(
      'row',
    );
    expect(rows.map((row) => row.textContent)).toEqual([
      'RowOrder referenceWhy not',
      '5ZZZZ-ZZZZNo order has the number ZZZZ-ZZZZ',
      '6M9MA-2QRTThat is not a Royal Mail tracking number: they look like AB123456789GB',
    ]);
    expect(imports(send)).toEqual(['/api/imports/tracking?dryRun=true']);
    const [, init] = send.mock.calls.find(([, sent]) => sent?.method === 'POST') ?? [];
    expect(new Headers(init?.headers).get('Content-Type')).toBe('text/csv');
    expect(init?.body).toBeInstanceOf(File);

    await userEvent.click(within(section).getByRole('button', { name: 'Dispatch 2 orders' }));
    expect(
      await within(section).findByText(
        'Dispatched 2 orders with Royal Mail and their tracking numbers; each customer has been mailed:',
      ),
    ).toBeTruthy();
    expect(listed('Orders dispatched')).toEqual(['K7QF-3MXA', 'B2CD-4EFG']);
    expect(within(section).queryByRole('button', { name: 'Dispatch 2 orders' })).toBeNull();
    expect(imports(send)).toEqual([
      '/api/imports/tracking?dryRun=true',
      '/api/imports/tracking?dryRun=false',
    ]);
  });

  it('offers nothing to dispatch when the file dispatches no order', async () => {
    answerBy((method) =>
      method === 'GET'
        ? [200, ordersPage]
        : [200, { dispatched: [], unchanged: ['K7QF-3MXA'], refused: [] }],
    );
    listAt();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Import tracking from Click & Drop' }),
    );
    await userEvent.upload(screen.getByLabelText('Despatched orders (CSV)'), despatched());
    await userEvent.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(await screen.findByText('The file dispatches no order.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Dispatch 0 orders' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it("says in the server's words why a file cannot be read, and offers no dispatch", async () => {
    const message =
      'Nothing was dispatched: the file has no Tracking number column. Send the despatched orders file as Click & Drop exports it, with its Order reference and Tracking number columns.';
    answerBy((method) =>
      method === 'GET' ? [200, ordersPage] : [400, { code: 'IMPORT_REFUSED', message }],
    );
    listAt();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Import tracking from Click & Drop' }),
    );
    await userEvent.upload(screen.getByLabelText('Despatched orders (CSV)'), despatched());
    await userEvent.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Dispatch \d/ })).toBeNull();
  });
});
