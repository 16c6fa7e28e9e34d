import { Link } from 'react-router';
import { formatLongDate } from '../../../shared/dates';
import type { Customer } from '../../../shared/customers/customers';
import { useCustomers } from '../../api/back-office-lists';
import { textLinkClass } from '../../ui/Button';
import { Price } from '../../ui/Price';
import { AdminListPage } from '../../back-office/admin-list-page';
import { AdminTable, cell } from '../../back-office/admin-table';
import { ListPages, ListSearch, useListSearch } from '../../back-office/list-search';

const PATH = '/admin/customers';
const HEADINGS = ['Name', 'Email', 'Orders', 'Spent', 'Last order'] as const;

function CustomerRow({ customer }: { customer: Customer }) {
  return (
    <tr>
      <td className={`${cell} wrap-anywhere`}>
        <Link to={`${PATH}/${encodeURIComponent(customer._id)}`} className={textLinkClass}>
          {customer.name || 'Name not given'}
        </Link>
        {customer.kind === 'guest' && <span className="block text-sm text-muted">Guest</span>}
      </td>
      <td className={`${cell} wrap-anywhere`}>
        <a href={`mailto:${customer.email}`} className={textLinkClass}>
          {customer.email}
        </a>
      </td>
      <td className={`${cell} tabular-nums`}>{customer.orders}</td>
      <td className={cell}>
        <Price pounds={customer.spent} />
      </td>
      <td className={`${cell} whitespace-nowrap`}>
        {customer.lastOrderAt ? (
          <time dateTime={customer.lastOrderAt}>{formatLongDate(customer.lastOrderAt)}</time>
        ) : (
          <span className="text-muted">None yet</span>
        )}
      </td>
    </tr>
  );
}

/** The shop's customers with what they ordered and spent, found by name or email; each opens on its own page. */
export function CustomerListPage() {
  const { q, page } = useListSearch();
  const query = useCustomers(q, page);
  return (
    <AdminListPage
      heading="Customers"
      page={page}
      query={query}
      itemsOf={(data) => data.customers}
      loading="Loading customers…"
      empty={q === '' ? 'There are no customers yet.' : `No customer matches “${q}”.`}
      footer={<ListPages of={query.data} path={PATH} q={q} label="Customer pages" />}
      search={
        <ListSearch
          path={PATH}
          q={q}
          label="Find a customer"
          hint="A name or an email address, or part of one."
        />
      }
    >
      {(customers) => (
        <AdminTable label="Customers" minWidth="min-w-[44rem]" headings={HEADINGS}>
          {customers.map((customer) => (
            <CustomerRow key={customer._id} customer={customer} />
          ))}
        </AdminTable>
      )}
    </AdminListPage>
  );
}
