import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { canMove, RETURN_WINDOW_DAYS } from '../../../shared/order-status';
import {
  parcelFormSchema,
  type DispatchBody,
  type Order,
  type ParcelForm,
} from '../../../shared/orders';
import { useDeliverOrder, useDispatchOrder } from '../../api/orders';
import { showToast } from '../../state/toast-store';
import { Button } from '../../ui/Button';
import { FormStatus } from '../../ui/FormField';
import { ConfirmDialog } from './ConfirmDialog';
import { ParcelFields } from './ParcelFields';
import { canCorrectTracking, CorrectTracking } from './CorrectTracking';
import { CloseReturnForm } from './CloseReturnForm';
import { RefundForm } from './RefundForm';
import { SendReplacement } from './ReplacementForm';
import { isReturnOpen } from './return-words';

function DispatchOrder({ order }: { order: Order }) {
  const dispatch = useDispatchOrder(order._id);
  const form = useForm<ParcelForm, unknown, DispatchBody>({
    resolver: zodResolver(parcelFormSchema),
    defaultValues: { carrier: '', trackingNumber: '' },
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      aria-label="Dispatch"
      className="flex flex-col gap-3"
      onSubmit={(event) =>
        void form.handleSubmit((body) =>
          dispatch.mutateAsync(body).then(
            () => showToast('Marked as dispatched; the customer has been mailed'),
            () => undefined,
          ),
        )(event)
      }
    >
      <ParcelFields
        carrier={form.register('carrier')}
        trackingNumber={form.register('trackingNumber')}
        errors={{
          carrier: errors.carrier?.message,
          trackingNumber: errors.trackingNumber?.message,
        }}
        none="No tracking"
      />
      <Button type="submit" className="w-full" disabled={dispatch.isPending}>
        Mark as dispatched
      </Button>
      <FormStatus error={dispatch.error} />
    </form>
  );
}

function DeliverOrder({ order }: { order: Order }) {
  const deliver = useDeliverOrder(order._id);
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button className="w-full" disabled={deliver.isPending} onClick={() => setAsking(true)}>
        Mark as delivered
      </Button>
      {asking && (
        <ConfirmDialog
          title={`Mark order ${order.orderNumber} as delivered?`}
          confirm="Yes, it was delivered"
          cancel="Not yet"
          busy={deliver.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() =>
            deliver.mutate(undefined, {
              onSettled: () => setAsking(false),
              onSuccess: () => showToast('Marked as delivered; the customer has been mailed'),
            })
          }
        >
          <p>
            The customer is mailed that it has arrived, and may ask to return it in the next{' '}
            {RETURN_WINDOW_DAYS} days.
          </p>
        </ConfirmDialog>
      )}
      <FormStatus error={deliver.error} />
    </>
  );
}

/**
 * What the back office may do with an order now, as the shared table of moves allows: dispatch it
 * (with tracking), mark it delivered (once asked), correct its tracking once sent, for the
 * owner refund it, and while a return is open close it or send a replacement. The server checks
 * every move again.
 */
export function AdminOrderActions({ order, canRefund }: { order: Order; canRefund: boolean }) {
  return (
    <>
      <section aria-labelledby="order-admin-heading" className="flex flex-col gap-3">
        <h2 id="order-admin-heading" className="text-xl">
          Fulfilment
        </h2>
        {canMove(order.status, 'dispatch') && <DispatchOrder order={order} />}
        {canMove(order.status, 'deliver') && <DeliverOrder order={order} />}
        {!canMove(order.status, 'dispatch') && !canMove(order.status, 'deliver') && (
          <p className="text-muted">Nothing more to send for this order.</p>
        )}
        {canCorrectTracking(order) && <CorrectTracking order={order} />}
      </section>
      {canRefund && canMove(order.status, 'refundInFull') && <RefundForm order={order} />}
      {isReturnOpen(order) && <CloseReturnForm order={order} />}
      <SendReplacement order={order} />
    </>
  );
}
