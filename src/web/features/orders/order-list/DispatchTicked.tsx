import { useState, type SubmitEvent } from 'react';
import { MAX_DISPATCH_LINES } from '../../../../shared/orders/order-desk';
import { CARRIERS, parcelFormSchema, type DispatchBody } from '../../../../shared/orders/parcels';
import { Button } from '../../../ui/Button';
import { SelectField, TextField } from '../../../ui/FormField';
import type { DispatchRun, NamedLine } from './dispatch-run';
import type { TickedOrder, TickedOrders } from './ticked-orders';

interface Parcel {
  carrier: string;
  trackingNumber: string;
}
const NO_PARCEL: Parcel = { carrier: '', trackingNumber: '' };

type Checked = { line: NamedLine } | { error: string };

function check(order: TickedOrder, parcel: Parcel): Checked {
  const read = parcelFormSchema.safeParse(parcel);
  if (!read.success) return { error: read.error.issues[0]?.message ?? 'Please check this' };
  const body: DispatchBody = read.data;
  return { line: { order: { id: order.id, ...body }, name: order.orderNumber } };
}

/** The row's columns: on a wide screen one heading names each, and the rows' labels are not shown. */
const COLUMNS =
  'grid gap-x-4 gap-y-2 sm:grid-cols-[7rem_minmax(0,12rem)_minmax(0,1fr)] sm:items-start';
const rowLabel = (words: string) => <span className="sm:sr-only">{words}</span>;

function ParcelRow(props: {
  order: TickedOrder;
  parcel: Parcel;
  error: string | undefined;
  onChange: (parcel: Parcel) => void;
}) {
  const { order, parcel, error, onChange } = props;
  return (
    <fieldset className="py-3">
      <legend className="sr-only">Order {order.orderNumber}</legend>
      <div className={COLUMNS}>
        <p aria-hidden="true" className="font-mono text-sm sm:mt-4">
          {order.orderNumber}
        </p>
        <SelectField
          label={rowLabel('Carrier')}
          value={parcel.carrier}
          onChange={(event) => onChange({ ...parcel, carrier: event.target.value })}
        >
          <option value="">No tracking</option>
          {CARRIERS.map((carrier) => (
            <option key={carrier} value={carrier}>
              {carrier}
            </option>
          ))}
        </SelectField>
        <TextField
          label={rowLabel('Tracking number')}
          autoComplete="off"
          value={parcel.trackingNumber}
          error={error}
          onChange={(event) => onChange({ ...parcel, trackingNumber: event.target.value })}
        />
      </div>
    </fieldset>
  );
}

/**
 * The ticked orders, each with its carrier and tracking number (both optional), checked here as
 * the server checks them and then sent at once. Those dispatched are unticked; those refused stay.
 */
export function DispatchTicked({ ticked, run }: { ticked: TickedOrders; run: DispatchRun }) {
  const [parcels, setParcels] = useState<Readonly<Record<string, Parcel>>>({});
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  const tooMany = ticked.list.length > MAX_DISPATCH_LINES;
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = ticked.list.map((order) => ({
      order,
      result: check(order, parcels[order.id] ?? NO_PARCEL),
    }));
    const found: Record<string, string> = {};
    const lines: NamedLine[] = [];
    for (const { order, result } of checked) {
      if ('error' in result) found[order.id] = result.error;
      else lines.push(result.line);
    }
    setErrors(found);
    if (Object.keys(found).length > 0) {
      event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    void run.send(lines).then((outcome) => {
      if (outcome) ticked.untick(outcome.dispatched.map((line) => line.order.id));
    });
  };
  return (
    <section aria-labelledby="dispatch-ticked-heading" className="flex flex-col gap-2">
      <h2 id="dispatch-ticked-heading" className="text-xl">
        Dispatch ticked orders
      </h2>
      <p className="text-muted">
        Give each parcel’s carrier and tracking number, or leave both blank for a parcel without
        tracking. Each customer is mailed once.
      </p>
      {ticked.list.length === 0 ? (
        <p>Tick the orders to dispatch in the list below.</p>
      ) : (
        <form noValidate aria-label="Dispatch ticked orders" onSubmit={submit}>
          <div aria-hidden="true" className={`${COLUMNS} hidden text-sm font-medium sm:grid`}>
            <span>Order</span>
            <span>Carrier</span>
            <span>Tracking number</span>
          </div>
          <div className="divide-y divide-line">
            {ticked.list.map((order) => (
              <ParcelRow
                key={order.id}
                order={order}
                parcel={parcels[order.id] ?? NO_PARCEL}
                error={errors[order.id]}
                onChange={(parcel) => setParcels((all) => ({ ...all, [order.id]: parcel }))}
              />
            ))}
          </div>
          {tooMany && (
            <p className="mt-2 text-error">
              At most {MAX_DISPATCH_LINES} orders can be dispatched at once: untick some.
            </p>
          )}
          <Button type="submit" className="mt-3" disabled={run.isPending || tooMany}>
            Dispatch {ticked.list.length} order{ticked.list.length === 1 ? '' : 's'}
          </Button>
        </form>
      )}
    </section>
  );
}
