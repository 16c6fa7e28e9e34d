import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import { formatPounds, penceToPounds } from '../../../shared/money';
import { refundBodySchema, type Order } from '../../../shared/orders';
import { useRefundOrder } from '../../api/orders';
import { showToast } from '../../state/toast-store';
import { Button } from '../../ui/Button';
import { FormStatus, SelectField, TextArea, TextField } from '../../ui/FormField';
import { leftToRefund } from './left-to-refund';

const refundFormSchema = z.object({
  amount: refundBodySchema.shape.amount,
  reason: refundBodySchema.shape.reason,
  /** How many of each line go back into stock, in the order's line order. */
  restock: z.array(z.string()),
});
type RefundForm = z.infer<typeof refundFormSchema>;

/** The amount the form starts at: all that is left to give back, in pounds as the field holds it. */
const left = (order: Order) => penceToPounds(leftToRefund(order));

/**
 * An admin gives back part or all of what an order was paid, and says which items come back into
 * stock. The amount starts at what is left to refund.
 */
export function RefundForm({ order }: { order: Order }) {
  const refund = useRefundOrder(order._id);
  const form = useForm<RefundForm>({
    resolver: zodResolver(refundFormSchema),
    defaultValues: {
      amount: left(order),
      reason: '',
      restock: order.orderItems.map(() => '0'),
    },
  });
  const { errors } = form.formState;
  const send = (values: RefundForm) => {
    const restock = order.orderItems.flatMap((item, index) => {
      const qty = Number(values.restock[index] ?? 0);
      return item.product === null || qty === 0
        ? []
        : [{ product: item.product, ...(item.variant ? { variant: item.variant } : {}), qty }];
    });
    return refund.mutateAsync({ amount: values.amount, reason: values.reason, restock }).then(
      (answer) => {
        form.reset({
          amount: left(answer),
          reason: '',
          restock: answer.orderItems.map(() => '0'),
        });
        showToast(`Refunded ${formatPounds(values.amount)}`);
      },
      () => undefined,
    );
  };
  return (
    <section aria-labelledby="order-refund-heading" className="flex flex-col gap-3">
      <h2 id="order-refund-heading" className="text-xl">
        Refund
      </h2>
      <p className="text-muted">{formatPounds(left(order))} is left to refund on this order.</p>
      <form
        noValidate
        aria-label="Refund"
        className="flex flex-col gap-3"
        onSubmit={(event) => void form.handleSubmit(send)(event)}
      >
        <TextField
          label="Amount to refund (£)"
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0.01"
          error={errors.amount?.message}
          {...form.register('amount', { valueAsNumber: true })}
        />
        <TextArea label="Reason" error={errors.reason?.message} {...form.register('reason')} />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Put back in stock</legend>
          {order.orderItems.map((item, index) => (
            <SelectField
              key={`${item.product ?? item.name}-${String(index)}`}
              label={`${item.name}${item.variantLabel ? ` (${item.variantLabel})` : ''}`}
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
        </fieldset>
        <Button type="submit" variant="secondary" disabled={refund.isPending}>
          Refund
        </Button>
        <FormStatus error={refund.error} />
      </form>
    </section>
  );
}
