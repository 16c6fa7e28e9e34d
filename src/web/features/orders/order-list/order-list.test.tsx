import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_PAGE_SIZE } from '../../../../shared/api';
import { answerBy, callsOf, orderOf, resetStores, sam, signInAs } from '../../../support/testing';
import {
  ordersPage,
  listAt,
  searchOf,
  gets,
  first,
  second,
  third,
  itemSaying,
  cellsOf,
  rowOf,
} from './order-list-kit';

describe('the order list', () => {
  beforeEach(() => {
    resetStores();
    signInAs(sam);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows each order’s number, customer, date, total and status, and how many were found', async () => {
    const send = answerBy(() => [200, ordersPage([first, second], 1, 1, 2)]);
    listAt();
    expect(await screen.findByText('2 orders found')).toBeTruthy();
    const headings = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headings).toEqual(['Ticked', 'Order', 'Customer', 'Date', 'Total', 'Status']);
    const row = rowOf('K7QF-3MXA');
    expect(
      within(row).getByRole('link', { name: 'Details of order K7QF-3MXA' }).getAttribute('href'),
    ).toBe('/admin/order/order0000000000000000001');
    // A phone shows the status under the number and the date under the customer instead of
    // their own columns.
    expect(cellsOf(row)).toEqual([
      'Tick order K7QF-3MXA',
      'K7QF-3MXAPaid, not dispatched yet',
      'Ann Shopperann@example.com2 March 2026',
      '2 March 2026',
      '£44.99',
      'Paid, not dispatched yet',
    ]);
    expect(cellsOf(rowOf('B2CD-4EFG')).slice(4)).toEqual(['£64.50', 'Delivered']);
    expect(screen.queryByRole('navigation', { name: 'Order pages' })).toBeNull();
    expect(gets(send)).toEqual(['/api/orders?pageNumber=1']);
  });

  it('names the buyer of each order, and a gift’s recipient as “to”', async () => {
    const gift = orderOf({
      _id: 'order0000000000000000004',
      orderNumber: 'G1FT-2345',
      user: null,
      buyer: { name: 'George Lamb', email: 'george@example.com' },
      gift: { message: '', wrap: false },
      shippingAddress: { ...first.shippingAddress, name: 'Helen Lamb' },
    });
    const own = orderOf({
      gift: { message: 'For me', wrap: false },
      shippingAddress: { ...first.shippingAddress, name: 'Ann Shopper' },
    });
    answerBy(() => [200, ordersPage([gift, own])]);
    listAt();
    expect(await screen.findByText('2 orders found')).toBeTruthy();
    expect(cellsOf(rowOf('G1FT-2345'))[2]).toBe('George Lamb, to Helen Lamb (guest)2 March 2026');
    expect(cellsOf(rowOf('K7QF-3MXA'))[2]).toBe('Ann Shopper2 March 2026');
  });

  it('says when there are no orders, and when none matches a search', async () => {
    answerBy(() => [200, ordersPage([])]);
    listAt();
    expect(await screen.findByText('There are no orders yet.')).toBeTruthy();
    expect(screen.getByText('0 orders found')).toBeTruthy();
  });

  it('pages through the orders in the address, keeping the last page on screen meanwhile', async () => {
    let answerSecondPage = () => {};
    const secondPageAsked = new Promise<void>((resolve) => {
      answerSecondPage = resolve;
    });
    const send = answerBy((_method, path) => {
      const page = searchOf(path).get('pageNumber') === '2' ? 2 : 1;
      const count = page === 1 ? ADMIN_PAGE_SIZE : 1;
      const orders = Array.from({ length: count }, (_, index) =>
        orderOf({ _id: `id-${page}-${index}`, orderNumber: `P${page}AA-${String(index)}` }),
      );
      return [200, ordersPage(orders, page, 2, ADMIN_PAGE_SIZE + 1)];
    });
    const answer = send.getMockImplementation();
    send.mockImplementation(async (input, init) => {
      if (typeof input === 'string' && input.endsWith('pageNumber=2')) await secondPageAsked;
      if (!answer) throw new Error('no answer');
      return answer(input, init);
    });
    const address = listAt();
    expect(await screen.findByText('P1AA-0')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Order pages' });
    await userEvent.click(within(pages).getByRole('link', { name: 'Page 2' }));
    expect(address()).toBe('/admin/orderlist?page=2');
    await waitFor(() => expect(gets(send)).toContain('/api/orders?pageNumber=2'));
    expect(screen.getByText('P1AA-0')).toBeTruthy();
    answerSecondPage();
    expect(await screen.findByText('P2AA-0')).toBeTruthy();
    expect(screen.queryByText('P1AA-0')).toBeNull();
  });

  it('still opens a page from an older link', async () => {
    const send = answerBy(() => [200, ordersPage([third], 2, 2, 21)]);
    listAt('/admin/orderlist/2');
    expect(await screen.findByText('H3JK-5LMN')).toBeTruthy();
    expect(gets(send)).toEqual(['/api/orders?pageNumber=2']);
  });

  it('writes the search and its filters into the address and asks the API for them', async () => {
    const send = answerBy((_method, path) =>
      searchOf(path).has('q') ? [200, ordersPage([])] : [200, ordersPage([first])],
    );
    const address = listAt();
    const search = await screen.findByRole('search', { name: 'Find orders' });
    await userEvent.type(within(search).getByLabelText('Find orders'), 'bs1 4dj');
    await userEvent.selectOptions(within(search).getByLabelText('Status'), 'Dispatched');
    fireEvent.change(within(search).getByLabelText('Paid from'), {
      target: { value: '2026-03-09' },
    });
    fireEvent.change(within(search).getByLabelText('Paid to'), {
      target: { value: '2026-03-01' },
    });
    await userEvent.click(within(search).getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('The first date must not be after the last')).toBeTruthy();
    expect(address()).toBe('/admin/orderlist');

    fireEvent.change(within(search).getByLabelText('Paid to'), {
      target: { value: '2026-03-31' },
    });
    await userEvent.click(within(search).getByRole('button', { name: 'Search' }));
    expect(address()).toBe(
      '/admin/orderlist?q=bs1+4dj&status=dispatched&from=2026-03-09&to=2026-03-31',
    );
    expect(await screen.findByText('No order matches this search.')).toBeTruthy();
    expect(gets(send).at(-1)).toBe(
      '/api/orders?q=bs1+4dj&status=dispatched&from=2026-03-09&to=2026-03-31&pageNumber=1',
    );
    // The fields show the search the address holds, and one link clears it.
    const again = screen.getByRole('search', { name: 'Find orders' });
    expect(within(again).getByLabelText<HTMLInputElement>('Find orders').value).toBe('bs1 4dj');
    expect(within(again).getByLabelText<HTMLSelectElement>('Status').value).toBe('dispatched');
    await userEvent.click(screen.getByRole('link', { name: 'Show all orders' }));
    expect(address()).toBe('/admin/orderlist');
  });

  it('reads a search from the address it is opened at', async () => {
    const send = answerBy(() => [200, ordersPage([first])]);
    listAt('/admin/orderlist?status=paid&from=2026-03-02&page=3&status=nonsense');
    expect(await screen.findByText('1 order found')).toBeTruthy();
    expect(gets(send)).toEqual(['/api/orders?status=paid&from=2026-03-02&pageNumber=3']);
  });
});

describe('ticking orders', () => {
  beforeEach(() => {
    resetStores();
    signInAs(sam);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('prints the slips of the orders ticked', async () => {
    answerBy(() => [200, ordersPage([first, second, third])]);
    listAt();
    await screen.findByText('3 orders found');
    expect(screen.getByRole('button', { name: 'Print slips' })).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Tick order K7QF-3MXA' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Tick order H3JK-5LMN' }));
    expect(screen.getByText('2 orders ticked.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Print slips' }).getAttribute('href')).toBe(
      '/admin/slips?orders=order0000000000000000001,order0000000000000000003',
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Tick order K7QF-3MXA' }));
    expect(screen.getByText('1 order ticked.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Untick all' }));
    expect(screen.getByText('No orders ticked.')).toBeTruthy();
  });

  it('ticks every order waiting to be dispatched, those on other pages too', async () => {
    const waiting = Array.from({ length: 21 }, (_, index) =>
      orderOf({ _id: `paid${String(index).padStart(20, '0')}`, orderNumber: `W${index}` }),
    );
    const send = answerBy((_method, path) => {
      const params = searchOf(path);
      if (params.get('status') !== 'paid') return [200, ordersPage([first, second])];
      const page = Number(params.get('pageNumber'));
      const orders = page === 1 ? waiting.slice(0, 20) : waiting.slice(20);
      return [200, ordersPage(orders, page, 2, 21)];
    });
    listAt();
    await screen.findByText('2 orders found');
    await userEvent.click(
      screen.getByRole('button', { name: 'Tick all waiting to be dispatched' }),
    );
    expect(
      await screen.findByText('Ticked 21 orders waiting to be dispatched. 21 orders ticked.'),
    ).toBeTruthy();
    expect(gets(send).slice(1)).toEqual([
      '/api/orders?status=paid&pageNumber=1',
      '/api/orders?status=paid&pageNumber=2',
    ]);
    const slips = screen.getByRole('link', { name: 'Print slips' }).getAttribute('href') ?? '';
    expect(searchOf(slips).get('orders')?.split(',')).toHaveLength(21);
  });

  it('dispatches the ticked orders with their tracking, and says which were refused and why', async () => {
    let dispatched = false;
    const send = answerBy((method, path) => {
      if (method === 'POST') {
        dispatched = true;
        return [
          200,
          {
            dispatched: [first._id],
            refused: [
              {
                id: third._id,
                code: 'ORDER_NOT_DISPATCHABLE',
                message: 'Only a paid order that has not been dispatched can be dispatched',
              },
            ],
          },
        ];
      }
      expect(path.startsWith('/api/orders?')).toBe(true);
      const shown = dispatched
        ? [{ ...first, status: 'dispatched' as const }, third]
        : [first, third];
      return [200, ordersPage(shown)];
    });
    listAt();
    await screen.findByText('2 orders found');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Tick order K7QF-3MXA' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Tick order H3JK-5LMN' }));
    await userEvent.click(screen.getByRole('button', { name: 'Dispatch ticked' }));
    const form = screen.getByRole('form', { name: 'Dispatch ticked orders' });
    const firstParcel = within(form).getByRole('group', { name: 'Order K7QF-3MXA' });
    await userEvent.selectOptions(within(firstParcel).getByLabelText('Carrier'), 'Royal Mail');
    await userEvent.type(within(firstParcel).getByLabelText('Tracking number'), 'AB12345GB');
    await userEvent.click(within(form).getByRole('button', { name: 'Dispatch 2 orders' }));
    expect(
      await within(firstParcel).findByText(
        'That is not a Royal Mail tracking number: they look like AB123456789GB',
      ),
    ).toBeTruthy();
    expect(callsOf(send).some(({ method }) => method === 'POST')).toBe(false);

    const number = within(firstParcel).getByLabelText('Tracking number');
    await userEvent.clear(number);
    await userEvent.type(number, 'ab 1234 5678 9gb');
    await userEvent.click(within(form).getByRole('button', { name: 'Dispatch 2 orders' }));
    const result = await screen.findByText(/^Dispatched 1 order:/);
    expect(result.textContent).toContain('K7QF-3MXA');
    expect(
      screen.getByText(
        itemSaying('H3JK-5LMN: Only a paid order that has not been dispatched can be dispatched'),
      ),
    ).toBeTruthy();
    const post = callsOf(send).find(({ method }) => method === 'POST');
    expect(post?.path).toBe('/api/orders/dispatch');
    expect(post?.body).toEqual({
      orders: [
        { id: first._id, carrier: 'Royal Mail', trackingNumber: 'AB123456789GB' },
        { id: third._id },
      ],
    });
    // The one sent is unticked; the one refused stays ticked, and the list is asked for again.
    expect(screen.getByText('1 order ticked.')).toBeTruthy();
    await waitFor(() => expect(gets(send)).toHaveLength(2));
    await waitFor(() => expect(cellsOf(rowOf('K7QF-3MXA')).at(-1)).toBe('Dispatched'));
  });
});
