import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { shortDay } from '../../../shared/delivery/delivery';
import { canMove, RETURN_WINDOW_DAYS } from '../../../shared/orders/order-status';
import type { Order } from '../../../shared/orders/orders';
import {
  parcelFormSchema,
  type DispatchBody,
  type ParcelForm,
} from '../../../shared/orders/parcels';
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

/** A collect order is made ready, not posted: no carrier, and the buyer is told where to come. */
function ReadyToCollect({ order }: { order: Order }) {
  const dispatch = useDispatchOrder(order._id);
  return (
    <div className="flex flex-col gap-3">
      <Button
        className="w-full"
        disabled={dispatch.isPending}
        onClick={() =>
          dispatch.mutate(
            {},
            {
              onSuccess: () =>
                showToast('Marked as ready to collect; the customer has been mailed where to come'),
            },
          )
        }
      >
        Mark as ready to collect
      </Button>
      <FormStatus error={dispatch.error} />
    </div>
  );
}

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
  // Delivered, for a collect order, means collected.
  const done = order.delivery?.collect ? 'collected' : 'delivered';
  return (
    <>
      <Button className="w-full" disabled={deliver.isPending} onClick={() => setAsking(true)}>
        Mark as {done}
      </Button>
      {asking && (
        <ConfirmDialog
          title={`Mark order ${order.orderNumber} as ${done}?`}
          confirm={`Yes, it was ${done}`}
          cancel="Not yet"
          busy={deliver.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() =>
            deliver.mutate(undefined, {
              onSettled: () => setAsking(false),
              onSuccess: () => showToast(`Marked as ${done}; the customer has been mailed`),
            })
          }
        >
          <p>
            The customer is mailed that{' '}
            {order.delivery?.collect ? 'they have it' : 'it has arrived'}, and may ask to return it
            in the next {RETURN_WINDOW_DAYS} days.
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
        {order.delivery && (
          <p>
            {order.delivery.name}
            {order.status === 'paid' && (
              <span className="block text-sm text-muted">
                {order.delivery.collect ? 'Ready' : 'Out'} by{' '}
                {shortDay(order.delivery.estimate.dispatch)}, as the buyer was told
              </span>
            )}
          </p>
        )}
        {canMove(order.status, 'dispatch') &&
          (order.delivery?.collect ? (
            <ReadyToCollect order={order} />
          ) : (
            <DispatchOrder order={order} />
          ))}
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
