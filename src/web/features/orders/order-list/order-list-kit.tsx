import { screen, within } from '@testing-library/react';
import type { Order } from '../../../../shared/orders/orders';
import { answerBy, callsOf, orderOf, renderRoutes } from '../../../support/testing';
import { OrderListPage } from './OrderListPage';

// The orders, the list's address and the ways of reading its rows that its tests share.
export const ordersPage = (orders: Order[], page = 1, pages = 1, total = orders.length) => ({
  orders,
  page,
  pages,
  total,
});

export const listAt = (at = '/admin/orderlist') =>
  renderRoutes([{ path: '/admin/orderlist/:pageNumber?', element: <OrderListPage /> }], at);

export const searchOf = (path: string) => new URL(path, 'http://shop.test').searchParams;
export const gets = (send: ReturnType<typeof answerBy>) =>
  callsOf(send)
    .filter(({ method }) => method === 'GET')
    .map(({ path }) => path);

export const first = orderOf({
  _id: 'order0000000000000000001',
  orderNumber: 'K7QF-3MXA',
  email: 'ann@example.com',
});
export const second = orderOf({
  _id: 'order0000000000000000002',
  orderNumber: 'B2CD-4EFG',
  totalPrice: 64.5,
  status: 'delivered',
});
export const third = orderOf({ _id: 'order0000000000000000003', orderNumber: 'H3JK-5LMN' });

/** Finds the list item whose words, across its parts, are these. */
export const itemSaying = (words: string) => (_text: string, element: Element | null) =>
  element?.tagName === 'LI' && element.textContent === words;

export const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

export function rowOf(orderNumber: string): HTMLElement {
  const link = screen.getByRole('link', { name: `Details of order ${orderNumber}` });
  const row = link.closest('tr');
  if (!row) throw new Error(`no row for ${orderNumber}`);
  return row;
}
