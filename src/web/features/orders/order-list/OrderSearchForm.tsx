import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ORDER_STATUSES, ORDER_STATUS_WORDS } from '../../../../shared/orders/order-status';
import { orderSearchQuerySchema } from '../../../../shared/orders/orders';
import type { OrderSearch } from '../../../api/order-search';
import { Button, textLinkClass } from '../../../ui/Button';
import { SelectField, TextField } from '../../../ui/FormField';
import {
  isNarrowed,
  ORDER_LIST_PATH,
  orderListAddress,
  statusOrBlank,
} from '../../../back-office/order-list-address';

const valueOf = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

type FieldErrors = Partial<Record<'q' | 'status' | 'from' | 'to', string>>;

/** Each field's first refusal, by the field it names. */
function fieldErrorsOf(issues: readonly { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const { path, message } of issues) {
    const [field] = path;
    if (
      (field === 'q' || field === 'status' || field === 'from' || field === 'to') &&
      !errors[field]
    ) {
      errors[field] = message;
    }
  }
  return errors;
}

/**
 * The order list's search: words, one status and the days paid, written into the address from
 * the first page, so that a search can be bookmarked, shared and gone back to.
 */
export function OrderSearchForm({ search }: { search: OrderSearch }) {
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FieldErrors>({});
  return (
    <form
      role="search"
      aria-label="Find orders"
      noValidate
      // A new address shows its own search in fresh fields.
      key={orderListAddress(search)}
      className="mb-6 grid grid-cols-2 items-start gap-3 lg:grid-cols-[minmax(0,2fr)_minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,1fr)_auto]"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const next = {
          q: valueOf(form, 'q'),
          status: statusOrBlank(valueOf(form, 'status')),
          from: valueOf(form, 'from'),
          to: valueOf(form, 'to'),
        };
        // The API's own rules for a search, so that the browser refuses what the server would.
        const checked = orderSearchQuerySchema.safeParse(next);
        setErrors(checked.success ? {} : fieldErrorsOf(checked.error.issues));
        if (checked.success) void navigate(orderListAddress(next));
      }}
    >
      <div className="col-span-2 lg:col-span-1">
        <TextField
          label="Find orders"
          name="q"
          type="search"
          maxLength={100}
          defaultValue={search.q}
          error={errors.q}
          hint="An order number, a name, an email, a postcode, a tracking number or a product."
        />
      </div>
      <div className="col-span-2 sm:col-span-1">
        <SelectField
          label="Status"
          name="status"
          defaultValue={search.status}
          error={errors.status}
        >
          <option value="">Any status</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {ORDER_STATUS_WORDS[status]}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        label="Paid from"
        name="from"
        type="date"
        defaultValue={search.from}
        error={errors.from}
      />
      <TextField label="Paid to" name="to" type="date" defaultValue={search.to} error={errors.to} />
      <div className="col-span-2 flex flex-wrap items-center gap-3 lg:col-span-1 lg:mt-7">
        <Button type="submit" variant="secondary">
          Search
        </Button>
        {isNarrowed(search) && (
          <Link
            to={ORDER_LIST_PATH}
            className={`${textLinkClass} inline-flex min-h-11 items-center`}
          >
            Show all orders
          </Link>
        )}
      </div>
    </form>
  );
}
