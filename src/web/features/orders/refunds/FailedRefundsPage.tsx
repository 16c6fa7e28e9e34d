import { Link } from 'react-router';
import { formatLongDate } from '../../../../shared/dates';
import type { FailedRefund } from '../../../../shared/payments/payments';
import { useFailedRefunds } from '../../../api/orders';
import { textLinkClass } from '../../../ui/Button';
import { Price } from '../../../ui/Price';
import { AdminListPage } from '../../../back-office/admin-list-page';
import { AdminTable, cell } from '../../../back-office/admin-table';
import { PaymentsWithoutOrder } from './PaymentsWithoutOrder';
import { RetryRefundButton } from './retry-refund-button';

const HEADINGS = ['Amount', 'Order', 'Reason', 'What the provider said', 'Last tried'] as const;

function RefundRow({ refund }: { refund: FailedRefund }) {
  return (
    <tr>
      <td className={cell}>
        <Price pounds={refund.amount} />
      </td>
      <td className={`${cell} font-mono text-xs break-all`}>
        {refund.orderId ? (
          <Link to={`/admin/order/${refund.orderId}`} className={textLinkClass}>
            {refund.orderId}
          </Link>
        ) : (
          <>No order (payment {refund.paymentId})</>
        )}
      </td>
      <td className={`${cell} wrap-anywhere`}>{refund.reason}</td>
      <td className={`${cell} wrap-anywhere`}>{refund.error}</td>
      <td className={`${cell} whitespace-nowrap`}>
        <time dateTime={refund.lastTriedAt}>{formatLongDate(refund.lastTriedAt)}</time>
      </td>
      <td className={cell}>
        <RetryRefundButton refundId={refund._id} amount={refund.amount} />
      </td>
    </tr>
  );
}

/**
 * Refunds the payment provider refused: money the shop still owes, to be tried again. Under them,
 * the payments taken that made no order, whatever became of their refunds.
 */
export function FailedRefundsPage() {
  return (
    <>
      <AdminListPage
        heading="Failed refunds"
        lead="Money owed to customers that the payment provider did not send back. Try again, or refund it in the provider's dashboard."
        query={useFailedRefunds()}
        itemsOf={(refunds) => refunds}
        loading="Loading failed refunds…"
        empty="Every refund has gone through."
      >
        {(refunds) => (
          <AdminTable
            label="Failed refunds"
            minWidth="min-w-[48rem]"
            headings={HEADINGS}
            actions="Retry"
          >
            {refunds.map((refund) => (
              <RefundRow key={refund._id} refund={refund} />
            ))}
          </AdminTable>
        )}
      </AdminListPage>
      <PaymentsWithoutOrder />
    </>
  );
}
