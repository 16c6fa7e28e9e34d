import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import * as z from 'zod';
import { formatPence, formatPounds, poundsToPence } from '../../../shared/money';
import type { Order } from '../../../shared/orders/orders';
import { personalisedLineName } from '../../../shared/catalog/personalisation';
import {
  paidForReturned,
  refundBodySchema,
  type RefundBodyInput,
} from '../../../shared/orders/after-sale';
import { useRefundOrder } from '../../api/orders';
import { showToast } from '../../state/toast-store';
import { Button } from '../../ui/Button';
import { FormStatus, SelectField, TextArea, TextField } from '../../ui/FormField';
import { ConfirmDialog } from './ConfirmDialog';
import { leftToRefund } from './left-to-refund';

const refundFormSchema = z.object({
  /** As typed: nothing until the admin writes an amount, so no sum is refunded by default. */
  amount: z
    .string()
    .trim()
    .min(1, 'Please give the amount to refund')
    .transform(Number)
    .pipe(refundBodySchema.shape.amount),
  reason: refundBodySchema.shape.reason,
  /** How many of each line go back into stock, in the order's line order. */
  restock: z.array(z.string()),
});
type RefundFormInput = z.input<typeof refundFormSchema>;
type RefundFormOutput = z.output<typeof refundFormSchema>;

const emptyForm = (order: Order): RefundFormInput => ({
  amount: '',
  reason: '',
  restock: order.orderItems.map(() => '0'),
});

/** The refund as the server takes it: the lines put back named by product and variant. */
function bodyOf(order: Order, values: RefundFormOutput): RefundBodyInput {
  const restock = order.orderItems.flatMap((item, index) => {
    const qty = Number(values.restock[index] ?? 0);
    return item.product === null || qty === 0
      ? []
      : [
          {
            product: item.product,
            ...(item.variant ? { variant: item.variant } : {}),
            ...(item.personalisation ? { personalisation: item.personalisation } : {}),
            qty,
          },
        ];
  });
  return { amount: values.amount, reason: values.reason, restock };
}

function ConfirmRefund(props: {
  order: Order;
  body: RefundBodyInput;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { order, body, busy, onConfirm, onCancel } = props;
  const amount = formatPounds(body.amount);
  const back = (body.restock ?? []).map((line) => {
    const item = order.orderItems.find(
      (candidate) =>
        candidate.product === line.product &&
        (candidate.variant ?? undefined) === line.variant &&
        candidate.personalisation === line.personalisation,
    );
    const label = item ? personalisedLineName(item) : '';
    return `${line.qty} × ${label}`;
  });
  return (
    <ConfirmDialog
      title={`Refund ${amount} on order ${order.orderNumber}?`}
      confirm={`Yes, refund ${amount}`}
      cancel="Do not refund"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>
        The money goes back to the customer’s payment, and they are mailed. It cannot be undone.
      </p>
      <p>
        {back.length > 0 ? `Back into stock: ${back.join(', ')}.` : 'Nothing goes back into stock.'}
      </p>
    </ConfirmDialog>
  );
}

/**
 * An admin gives back part or all of what an order was paid, and says which items come back into
 * stock. The amount starts empty, with the most that can be given back beside it, and nothing
 * goes until the admin has confirmed the amount and the order.
 */
export function RefundForm({ order }: { order: Order }) {
  const refund = useRefundOrder(order._id);
  const [asking, setAsking] = useState<RefundBodyInput | null>(null);
  const form = useForm<RefundFormInput, unknown, RefundFormOutput>({
    resolver: zodResolver(refundFormSchema),
    defaultValues: emptyForm(order),
  });
  const { errors } = form.formState;
  const left = leftToRefund(order);
  const returned = useWatch({ control: form.control, name: 'restock' }).map(Number);
  const paidForBack = Math.min(paidForReturned(order.orderItems, returned), left);
  const check = (values: RefundFormOutput) => {
    if (poundsToPence(values.amount) > left) {
      form.setError('amount', { message: `At most ${formatPence(left)} can be refunded` });
      return;
    }
    setAsking(bodyOf(order, values));
  };
  const send = (body: RefundBodyInput) =>
    refund.mutate(body, {
      onSettled: () => setAsking(null),
      onSuccess: (answer) => {
        form.reset(emptyForm(answer));
        showToast(`Refunded ${formatPounds(body.amount)}`);
      },
    });
  return (
    <section aria-labelledby="order-refund-heading" className="flex flex-col gap-3">
      <h2 id="order-refund-heading" className="text-xl">
        Refund
      </h2>
      <form
        noValidate
        aria-label="Refund"
        className="flex flex-col gap-3"
        onSubmit={(event) => void form.handleSubmit(check)(event)}
      >
        <TextField
          label="Amount to refund (£)"
          inputMode="decimal"
          autoComplete="off"
          hint={`At most ${formatPence(left)}: what is left of the order’s total.`}
          error={errors.amount?.message}
          {...form.register('amount')}
        />
        <TextArea label="Reason" error={errors.reason?.message} {...form.register('reason')} />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Put back in stock</legend>
          {order.orderItems.map((item, index) => (
            <SelectField
              key={`${item.product ?? item.name}-${String(index)}`}
              label={personalisedLineName(item)}
              disabled={item.product === null}
              {...form.register(`restock.${index}`)}
            >
              {Array.from({ length: item.qty + 1 }, (_, qty) => (
                <option key={qty} value={String(qty)}>
                  {qty}
                </option>
              ))}
            </SelectField>
          ))}
          {paidForBack > 0 && (
            <p className="flex flex-wrap items-center gap-3 text-sm">
              <span>Paid for these, after discounts: {formatPence(paidForBack)}</span>
              <Button
                type="button"
                variant="secondary"
                onClick={() =>
                  form.setValue('amount', (paidForBack / 100).toFixed(2), { shouldDirty: true })
                }
              >
                Use {formatPence(paidForBack)}
              </Button>
            </p>
          )}
        </fieldset>
        <Button type="submit" variant="secondary" disabled={refund.isPending}>
          Refund
        </Button>
        <FormStatus error={refund.error} />
      </form>
      {asking && (
        <ConfirmRefund
          order={order}
          body={asking}
          busy={refund.isPending}
          onConfirm={() => send(asking)}
          onCancel={() => setAsking(null)}
        />
      )}
    </section>
  );
}
