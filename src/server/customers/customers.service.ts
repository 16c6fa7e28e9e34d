import { ADMIN_PAGE_SIZE } from '../../shared/api';
import type {
  Customer,
  CustomerDetail,
  CustomerPage,
  CustomerQuery,
} from '../../shared/customers/customers';
import { penceToPounds, type Pence } from '../../shared/money';
import type { NoteBody } from '../../shared/orders/order-desk';
import type { UserAccount } from '../accounts/user-account';
import { findUserById } from '../accounts/user-directory';
import { recordChange } from '../audit/audit-log';
import type { ShopDatabase } from '../db/database';
import type { Db } from '../db/schema';
import { nowIso } from '../sql/timestamps';
import { ShopError } from '../http/errors';
import { pageCount, pageOffset } from '../http/paging';
import {
  addressesOfOrders,
  guestOrderTotals,
  orderSummariesOf,
  orderTotalsOfCustomers,
  type OrdersOwner,
} from '../orders/order-figures';
import { refundedToGuests, refundedToPayers } from '../payments/ledger.service';
import { searchCustomerSlice } from './customer-directory.repository';
import { insertCustomerNote, notesOn } from './customer-notes.repository';
import { findGuestCustomer } from './guest-customers.repository';

const customerNotFound = () => new ShopError('USER_NOT_FOUND', 'There is no customer with that id');

/** Their orders' sums as a row of the list shows them: spent is paid less what went back. */
const inSum = (
  totals: { orders: number; paidPence: Pence; lastOrderAt: string | null } | undefined,
  refundedPence: Pence,
) => ({
  orders: totals?.orders ?? 0,
  spent: penceToPounds((totals?.paidPence ?? 0) - refundedPence),
  lastOrderAt: totals?.lastOrderAt ?? null,
});

/**
 * A page of the customers, accounts and guests together, whose name or email holds the words,
 * newest first, each with their orders in sum: the database counts and adds them for the page's
 * customers alone.
 */
export async function customerPage(
  { db }: ShopDatabase,
  { q, pageNumber }: CustomerQuery,
): Promise<CustomerPage> {
  const { customers, total } = await searchCustomerSlice(db, {
    words: q,
    offset: pageOffset(pageNumber, ADMIN_PAGE_SIZE),
    limit: ADMIN_PAGE_SIZE,
  });
  const accounts = customers.filter((each) => each.kind === 'account').map((each) => each.id);
  const guests = customers.filter((each) => each.kind === 'guest').map((each) => each.email);
  const [totals, refunds, guestTotals, guestRefunds] = await Promise.all([
    orderTotalsOfCustomers(db, accounts),
    refundedToPayers(db, accounts),
    guestOrderTotals(db, guests),
    refundedToGuests(db, guests),
  ]);
  const totalsOf = new Map(totals.map((row) => [row.userId, row]));
  const refundedTo = new Map(refunds.map((row) => [row.userId, row.amountPence]));
  const guestTotalsOf = new Map(guestTotals.map((row) => [row.email, row]));
  const refundedToGuest = new Map(guestRefunds.map((row) => [row.email, row.amountPence]));
  return {
    customers: customers.map((each): Customer => ({
      _id: each.id,
      kind: each.kind,
      name: each.name,
      email: each.email,
      ...(each.kind === 'account'
        ? inSum(totalsOf.get(each.id), refundedTo.get(each.id) ?? 0)
        : inSum(guestTotalsOf.get(each.email), refundedToGuest.get(each.email) ?? 0)),
    })),
    page: pageNumber,
    pages: pageCount(total, ADMIN_PAGE_SIZE),
  };
}

/** What a customer's page shows beside who they are: their orders, money, addresses and notes. */
async function historyOf(
  db: Db,
  id: string,
  owner: OrdersOwner,
  figures: { paidPence: Promise<Pence>; refundedPence: Promise<Pence> },
) {
  const [orders, paidPence, refundedPence, addresses, notes] = await Promise.all([
    orderSummariesOf(db, owner),
    figures.paidPence,
    figures.refundedPence,
    addressesOfOrders(db, owner),
    notesOn(db, id),
  ]);
  return {
    orders: orders.map((order) => ({
      _id: order.id,
      orderNumber: order.orderNumber,
      createdAt: order.createdAt,
      status: order.status,
      totalPrice: penceToPounds(order.totalPence),
    })),
    spent: penceToPounds(paidPence - refundedPence),
    refunded: penceToPounds(refundedPence),
    phones: [...new Set(addresses.map((address) => address.phone).filter((phone) => phone !== ''))],
    addresses,
    notes: notes.map((note) => ({ _id: note.id, at: note.at, by: note.by, text: note.text })),
  };
}

/**
 * One customer, an account or a guest, with every order of theirs, newest first, what they paid
 * and got back, the addresses and phones their orders went to, and staff's notes on them.
 */
export async function customerDetail({ db }: ShopDatabase, id: string): Promise<CustomerDetail> {
  const user = await findUserById(db, id);
  if (user) {
    return {
      _id: user.id,
      kind: 'account',
      name: user.name,
      email: user.email,
      role: user.role,
      createdAt: user.createdAt,
      ...(await historyOf(
        db,
        id,
        { userId: id },
        {
          paidPence: orderTotalsOfCustomers(db, [id]).then(([totals]) => totals?.paidPence ?? 0),
          refundedPence: refundedToPayers(db, [id]).then(([refunds]) => refunds?.amountPence ?? 0),
        },
      )),
    };
  }
  const guest = await findGuestCustomer(db, id);
  if (!guest) throw customerNotFound();
  return {
    _id: guest.id,
    kind: 'guest',
    name: guest.name,
    email: guest.email,
    role: null,
    createdAt: guest.createdAt,
    ...(await historyOf(
      db,
      id,
      { guestEmail: guest.email },
      {
        paidPence: guestOrderTotals(db, [guest.email]).then(([totals]) => totals?.paidPence ?? 0),
        refundedPence: refundedToGuests(db, [guest.email]).then(
          ([refunds]) => refunds?.amountPence ?? 0,
        ),
      },
    )),
  };
}

/**
 * Staff write a note on a customer ("prefers a call to an email"): it shows on their page, which
 * only staff and the owner see, and the audit log keeps it.
 */
export async function addCustomerNote(
  database: ShopDatabase,
  staff: UserAccount,
  id: string,
  { text }: NoteBody,
): Promise<CustomerDetail> {
  const customer = await customerDetail(database, id);
  await database.db.transaction().execute(async (trx) => {
    await insertCustomerNote(trx, id, { at: nowIso(), by: staff.name || staff.email, text });
    await recordChange(trx, staff, {
      action: 'customer.note_added',
      target: { type: 'customer', id, label: customer.email },
      after: { text },
    });
  });
  return customerDetail(database, id);
}
