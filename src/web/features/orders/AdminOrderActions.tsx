import type { Order } from '../../../shared/orders';
import { useMarkOrder } from '../../api/orders';
import { Button } from '../../ui/Button';
import { ErrorBox } from '../../ui/ErrorBox';

/**
 * An admin moves a paid order on: dispatched, then delivered. The buttons show only when that move
 * is allowed; the server checks again (409 in the wrong state).
 */
export function AdminOrderActions({ order }: { order: Order }) {
  const dispatch = useMarkOrder('dispatched');
  const deliver = useMarkOrder('delivered');
  if (!order.isPaid) return null;
  const busy = dispatch.isPending || deliver.isPending;
  const error = dispatch.error ?? deliver.error;
  const next = !order.isDispatched
    ? { label: 'Mark as dispatched', run: dispatch }
    : !order.isDelivered
      ? { label: 'Mark as delivered', run: deliver }
      : null;

  return (
    <section aria-labelledby="order-admin-heading" className="flex flex-col gap-3">
      <h2 id="order-admin-heading" className="text-xl">
        Fulfilment
      </h2>
      {next ? (
        <Button
          className="w-full"
          disabled={busy}
          onClick={() => {
            dispatch.reset();
            deliver.reset();
            next.run.mutate(order._id);
          }}
        >
          {next.label}
        </Button>
      ) : (
        <p className="text-muted">This order has been delivered.</p>
      )}
      {error && <ErrorBox error={error} />}
    </section>
  );
}
