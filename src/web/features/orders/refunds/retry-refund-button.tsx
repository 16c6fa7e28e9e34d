import { formatPounds } from '../../../../shared/money';
import { messageOf } from '../../../api/client';
import { useRetryRefund } from '../../../api/orders';
import { showToast } from '../../../state/toast-store';
import { rowButton } from '../../../back-office/admin-table';

/** A table row's Retry: asks the provider again for a refund it refused, and says how it went. */
export function RetryRefundButton({ refundId, amount }: { refundId: string; amount: number }) {
  const retry = useRetryRefund();
  return (
    <button
      type="button"
      className={rowButton}
      disabled={retry.isPending}
      aria-label={`Retry the refund of ${formatPounds(amount)}`}
      onClick={() =>
        retry.mutate(refundId, {
          onSuccess: ({ message }) => showToast(message),
          onError: (error) => showToast(messageOf(error)),
        })
      }
    >
      Retry
    </button>
  );
}
