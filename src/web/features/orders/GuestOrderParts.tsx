import { useNavigate } from 'react-router';
import type { Order } from '../../../shared/orders/orders';
import { useClaimOrder } from '../../api/orders';
import { showToast } from '../../state/toast-store';
import { Button } from '../../ui/Button';
import { FormStatus } from '../../ui/FormField';

/** Said once a guest has paid: where the confirmation went, and what this page's link does. */
export function GuestThanks() {
  return (
    <div role="status" className="mb-8 rounded-shop bg-success/10 px-5 py-4 text-success">
      <p className="text-lg font-medium">Thank you: your order is placed and paid.</p>
      <p className="mt-1 text-ink">
        We have emailed you a confirmation with the link to this page. Keep it: it shows how your
        order is getting on, opens your VAT receipt, and cancels the order until it is sent.
      </p>
    </div>
  );
}

/**
 * A customer signed in with the email the guest order was placed with adds it to their account,
 * and goes to it there; anyone else is told the order was placed with another email.
 */
export function ClaimOrder({ order, orderKey }: { order: Order; orderKey: string }) {
  const claim = useClaimOrder(order._id, orderKey);
  const navigate = useNavigate();
  return (
    <section aria-labelledby="order-claim-heading" className="flex flex-col gap-3">
      <h2 id="order-claim-heading" className="text-xl">
        Keep it with your account
      </h2>
      <p className="text-muted">
        If you placed this order with the email you are signed in with, add it to your account to
        find it with your other orders.
      </p>
      <Button
        variant="secondary"
        disabled={claim.isPending}
        onClick={() =>
          claim.mutate(undefined, {
            onSuccess: (claimed) => {
              showToast('The order is now in your account');
              void navigate(`/account/order/${claimed._id}`, { replace: true });
            },
          })
        }
      >
        Add to my account
      </Button>
      <FormStatus error={claim.error} />
    </section>
  );
}
