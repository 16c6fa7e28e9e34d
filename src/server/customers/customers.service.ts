import { ADMIN_PAGE_SIZE } from '../../shared/api';
import type { CustomerDetail, CustomerPage, CustomerQuery } from '../../shared/customers';
import { penceToPounds } from '../../shared/money';
import { findUserById, searchUserSlice } from '../accounts/user-directory';
import type { ShopDatabase } from '../db/database';
import { ShopError } from '../http/errors';
import { pageCount, pageOffset } from '../http/paging';
import { orderSummariesOf, orderTotalsOfCustomers } from '../orders/order-figures';
import { refundedToPayers } from '../payments/ledger.service';

/**
 * A page of the accounts whose name or email holds the words, newest first, each with their
 * orders in sum: the database counts and adds them for the page's accounts alone.
 */
export async function customerPage(
  { db }: ShopDatabase,
  { q, pageNumber }: CustomerQuery,
): Promise<CustomerPage> {
  const { users, total } = await searchUserSlice(db, {
    words: q,
    offset: pageOffset(pageNumber, ADMIN_PAGE_SIZE),
    limit: ADMIN_PAGE_SIZE,
  });
  const ids = users.map((user) => user.id);
  const [totals, refunds] = await Promise.all([
    orderTotalsOfCustomers(db, ids),
    refundedToPayers(db, ids),
  ]);
  const totalsOf = new Map(totals.map((row) => [row.userId, row]));
  const refundedTo = new Map(refunds.map((row) => [row.userId, row.amountPence]));
  return {
    customers: users.map((user) => {
      const theirs = totalsOf.get(user.id);
      return {
        _id: user.id,
        name: user.name,
        email: user.email,
        orders: theirs?.orders ?? 0,
        spent: penceToPounds((theirs?.paidPence ?? 0) - (refundedTo.get(user.id) ?? 0)),
        lastOrderAt: theirs?.lastOrderAt ?? null,
      };
    }),
    page: pageNumber,
    pages: pageCount(total, ADMIN_PAGE_SIZE),
  };
}

/** One account with every order of theirs, newest first, and what they paid and got back. */
export async function customerDetail({ db }: ShopDatabase, id: string): Promise<CustomerDetail> {
  const user = await findUserById(db, id);
  if (!user) throw new ShopError('USER_NOT_FOUND', 'There is no customer with that id');
  const [orders, [totals], [refunds]] = await Promise.all([
    orderSummariesOf(db, id),
    orderTotalsOfCustomers(db, [id]),
    refundedToPayers(db, [id]),
  ]);
  const refundedPence = refunds?.amountPence ?? 0;
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    createdAt: user.createdAt,
    orders: orders.map((order) => ({
      _id: order.id,
      orderNumber: order.orderNumber,
      createdAt: order.createdAt,
      status: order.status,
      totalPrice: penceToPounds(order.totalPence),
    })),
    spent: penceToPounds((totals?.paidPence ?? 0) - refundedPence),
    refunded: penceToPounds(refundedPence),
  };
}
