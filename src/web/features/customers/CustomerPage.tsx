import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { CustomerDetail } from '../../../shared/customers/customers';
import { formatLongDate } from '../../../shared/dates';
import { ORDER_STATUS_WORDS } from '../../../shared/orders/order-status';
import { SHOP_NAME } from '../../../shared/settings/shop';
import { useAddCustomerNote, useCustomer } from '../../api/customer-detail';
import { textLinkClass } from '../../ui/Button';
import { DeliveryAddress } from '../../ui/DeliveryAddress';
import { ErrorBox } from '../../ui/ErrorBox';
import { NoteForm } from '../../ui/NoteForm';
import { PageHeading } from '../../ui/PageHeading';
import { Price } from '../../ui/Price';
import { Skeleton } from '../../ui/Skeleton';
import { cell, headCell } from '../../back-office/admin-table';
import { ROLE_WORDS } from '../../back-office/role-words';

const ORDER_HEADINGS = ['Order', 'Date', 'Status', 'Total'] as const;

/** A dated moment as the back office writes it: `2 March 2026`. */
function Day({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatLongDate(iso)}</time>;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col sm:contents">
      <dt className="text-sm text-muted sm:py-1 sm:text-base">{label}</dt>
      <dd className="wrap-anywhere sm:py-1">{children}</dd>
    </div>
  );
}

/**
 * Who they are (an account, or a guest known by their email), how to reach them, since when, and
 * what they have spent: the money after refunds, and the refunds.
 */
function CustomerFacts({ customer }: { customer: CustomerDetail }) {
  return (
    <dl className="mb-10 grid max-w-xl gap-3 sm:grid-cols-[auto_1fr] sm:gap-x-8 sm:gap-y-0">
      <Fact label="Email">
        <a href={`mailto:${customer.email}`} className={textLinkClass}>
          {customer.email}
        </a>
      </Fact>
      <Fact label={customer.phones.length > 1 ? 'Phones' : 'Phone'}>
        {customer.phones.length === 0
          ? 'None given'
          : customer.phones.map((phone) => (
              <a
                key={phone}
                href={`tel:${phone.replace(/\s+/g, '')}`}
                className={`${textLinkClass} block`}
              >
                {phone}
              </a>
            ))}
      </Fact>
      <Fact label="Role">
        {customer.role === null ? 'Guest, known by their email' : ROLE_WORDS[customer.role]}
      </Fact>
      <Fact label={customer.kind === 'guest' ? 'First order' : 'Customer since'}>
        <Day iso={customer.createdAt} />
      </Fact>
      <Fact label="Orders">
        <span className="tabular-nums">{customer.orders.length}</span>
      </Fact>
      <Fact label="Spent, after refunds">
        <Price pounds={customer.spent} />
      </Fact>
      <Fact label="Refunded">
        <Price pounds={customer.refunded} />
      </Fact>
    </dl>
  );
}

/** On a phone each order stacks: its number and total, then its date and state. */
const stacked = {
  table: 'w-full border-collapse max-sm:block',
  head: 'border-b border-line max-sm:sr-only',
  body: 'divide-y divide-line max-sm:block max-sm:border-t max-sm:border-line',
  row: 'max-sm:grid max-sm:grid-cols-[1fr_auto] max-sm:gap-x-4 max-sm:py-2',
  cell: `${cell} max-sm:block max-sm:px-0 max-sm:py-0.5`,
};

function CustomerOrders({ orders }: { orders: CustomerDetail['orders'] }) {
  return (
    <section aria-labelledby="customer-orders">
      <h2 id="customer-orders" className="mb-4 text-xl">
        Orders
      </h2>
      {orders.length === 0 ? (
        <p className="text-muted">No orders yet.</p>
      ) : (
        <table aria-labelledby="customer-orders" className={stacked.table}>
          <thead className={stacked.head}>
            <tr>
              {ORDER_HEADINGS.map((heading) => (
                <th
                  key={heading}
                  scope="col"
                  className={`${headCell} ${heading === 'Total' ? 'text-right' : ''}`}
                >
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={stacked.body}>
            {orders.map((order) => (
              <tr key={order._id} className={stacked.row}>
                <td className={`${stacked.cell} whitespace-nowrap`}>
                  <Link
                    to={`/admin/order/${encodeURIComponent(order._id)}`}
                    className={`${textLinkClass} font-mono`}
                  >
                    {order.orderNumber}
                  </Link>
                </td>
                <td
                  className={`${stacked.cell} whitespace-nowrap max-sm:row-start-2 max-sm:text-sm max-sm:text-muted`}
                >
                  <Day iso={order.createdAt} />
                </td>
                <td
                  className={`${stacked.cell} max-sm:row-start-2 max-sm:text-right max-sm:text-sm`}
                >
                  {ORDER_STATUS_WORDS[order.status]}
                </td>
                <td className={`${stacked.cell} text-right max-sm:col-start-2 max-sm:row-start-1`}>
                  <Price pounds={order.totalPrice} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Where their latest orders went, each address once. */
function CustomerAddresses({ addresses }: { addresses: CustomerDetail['addresses'] }) {
  return (
    <section aria-labelledby="customer-addresses" className="mb-10">
      <h2 id="customer-addresses" className="mb-4 text-xl">
        Addresses
      </h2>
      {addresses.length === 0 ? (
        <p className="text-muted">No address on their orders.</p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2">
          {addresses.map((address) => (
            <li key={JSON.stringify(address)}>
              <DeliveryAddress address={address} />
              {address.phone && <p className="text-sm text-muted">{address.phone}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Staff's notes on the customer, oldest first, and a form to write another. */
function CustomerNotes({ customer }: { customer: CustomerDetail }) {
  const add = useAddCustomerNote(customer._id);
  return (
    <section aria-labelledby="customer-notes" className="mt-10 flex max-w-xl flex-col gap-4">
      <h2 id="customer-notes" className="text-xl">
        Notes
      </h2>
      {customer.notes.length === 0 ? (
        <p className="text-muted">No notes yet.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {customer.notes.map((note) => (
            <li
              key={note._id}
              className="rounded-shop border-l-4 border-accent bg-accent-soft/60 px-4 py-2"
            >
              <p className="whitespace-pre-line wrap-anywhere">{note.text}</p>
              <p className="text-sm text-muted">
                <Day iso={note.at} /> by {note.by}
              </p>
            </li>
          ))}
        </ul>
      )}
      <NoteForm
        add={(body) => add.mutateAsync(body)}
        pending={add.isPending}
        error={add.error}
        added="Note added to the customer"
      />
    </section>
  );
}

function Loading() {
  return (
    <div aria-busy="true" className="flex max-w-xl flex-col gap-3">
      <span className="sr-only">Loading the customer…</span>
      <Skeleton className="h-10 w-2/3" />
      <Skeleton className="h-32 w-full" />
      <Skeleton className="h-11 w-full" />
    </div>
  );
}

/**
 * One customer for staff and the owner, an account or a guest: who they are and how to reach them,
 * where their orders went, every order of theirs, their money, and staff's notes on them.
 */
export function CustomerPage() {
  const { id = '' } = useParams();
  const query = useCustomer(id);
  const customer = query.data;
  const name = customer ? customer.name || customer.email : 'Customer';
  return (
    <>
      <title>{`${name} | ${SHOP_NAME}`}</title>
      <p className="mb-6">
        <Link to="/admin/customers" className={textLinkClass}>
          <span aria-hidden="true">← </span>
          Back to customers
        </Link>
      </p>
      {query.isPending ? (
        <Loading />
      ) : query.error ? (
        <ErrorBox error={query.error} />
      ) : (
        <>
          <PageHeading>{name}</PageHeading>
          <CustomerFacts customer={query.data} />
          <CustomerAddresses addresses={query.data.addresses} />
          <CustomerOrders orders={query.data.orders} />
          <CustomerNotes customer={query.data} />
        </>
      )}
    </>
  );
}
