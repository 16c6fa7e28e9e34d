import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { OrderStatus } from '../../../shared/orders/order-status';
import type { Order } from '../../../shared/orders/orders';
import {
  CARRIERS,
  trackingBodySchema,
  type Carrier,
  type TrackingBody,
} from '../../../shared/orders/parcels';
import { useCorrectTracking } from '../../api/order-desk';
import { showToast } from '../../state/toast-store';
import { Button } from '../../ui/Button';
import { FormStatus } from '../../ui/FormField';
import { ParcelFields } from './ParcelFields';

/** The states of an order on its way or arrived, whose tracking the server lets staff correct. */
const SENT: readonly OrderStatus[] = ['dispatched', 'delivered', 'return_requested'];

export const canCorrectTracking = (order: Pick<Order, 'status'>) => SENT.includes(order.status);

const isCarrier = (name: string | undefined): name is Carrier =>
  (CARRIERS as readonly (string | undefined)[]).includes(name);

type TrackingForm = { carrier: Carrier; trackingNumber: string };

/** The order's carrier and tracking number as they stand: what a correction starts from. */
const trackingOf = ({ tracking }: Pick<Order, 'tracking'>): TrackingForm => ({
  carrier: isCarrier(tracking?.carrier) ? tracking.carrier : CARRIERS[0],
  trackingNumber: tracking?.number ?? '',
});

/**
 * Puts right (or adds) the carrier and tracking number of an order already sent, starting from
 * those it has. The number is checked against the carrier's format here, as the server does,
 * before the customer is mailed it.
 */
export function CorrectTracking({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  const correct = useCorrectTracking(order._id);
  const form = useForm<TrackingForm, unknown, TrackingBody>({
    resolver: zodResolver(trackingBodySchema),
    defaultValues: trackingOf(order),
  });
  const { errors } = form.formState;
  const what = order.tracking ? 'Correct tracking' : 'Add tracking';
  return (
    <div className="flex flex-col gap-3">
      <Button
        variant="secondary"
        aria-expanded={open}
        onClick={() => {
          // Opened, it starts from the tracking as it stands now, whatever was typed before.
          if (!open) form.reset(trackingOf(order));
          setOpen(!open);
          correct.reset();
        }}
      >
        {what}
      </Button>
      {open && (
        <form
          noValidate
          aria-label={what}
          className="flex flex-col gap-3"
          onSubmit={(event) =>
            void form.handleSubmit((body) =>
              correct.mutateAsync(body).then(
                () => {
                  setOpen(false);
                  showToast('Tracking saved; the customer has been mailed it');
                },
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
          />
          <Button type="submit" disabled={correct.isPending}>
            Save tracking
          </Button>
          <FormStatus error={correct.error} />
        </form>
      )}
    </div>
  );
}
