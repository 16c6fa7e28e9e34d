import { formatLongDate } from '../../../../shared/dates';
import type { PaymentWithoutOrder } from '../../../../shared/payments/payments';
import { usePaymentsWithoutOrder } from '../../../api/payments';
import { ErrorBox } from '../../../ui/ErrorBox';
import { Price } from '../../../ui/Price';
import { AdminTable, cell, TableLoading } from '../../../back-office/admin-table';
import { RetryRefundButton } from './retry-refund-button';

const HEADING = 'Payments taken without an order';
const HEADINGS = ['Date', 'Amount', 'Reason', 'PayPal capture', 'Refund'] as const;

/** The server's reason as a sentence: some start in lower case ('the payment did not match…'). */
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Where the money of a payment that made no order is: back with the customer, on its way, or owed. */
function RefundState({ payment }: { payment: PaymentWithoutOrder }) {
  const { refund, settledAt } = payment;
  if (refund.status === 'succeeded') {
    const on = settledAt ?? payment.createdAt;
    return (
      <span className="text-success">
        Given back on <time dateTime={on}>{formatLongDate(on)}</time>
      </span>
    );
  }
  if (refund.status === 'pending') return <span className="text-warning">Waiting for PayPal</span>;
  return <span className="text-error">Refund failed{refund.error ? `: ${refund.error}` : ''}</span>;
}

function PaymentRow({ payment }: { payment: PaymentWithoutOrder }) {
  return (
    <tr>
      <td className={`${cell} whitespace-nowrap`}>
        <time dateTime={payment.createdAt}>{formatLongDate(payment.createdAt)}</time>
      </td>
      <td className={cell}>
        <Price pounds={payment.amount} />
      </td>
      <td className={`${cell} wrap-anywhere`}>{sentence(payment.reason)}</td>
      <td className={`${cell} font-mono text-xs whitespace-nowrap`}>{payment.captureId}</td>
      <td className={`${cell} wrap-anywhere`}>
        <RefundState payment={payment} />
      </td>
      <td className={cell}>
        {payment.refund.status === 'failed' && (
          <RetryRefundButton refundId={payment.refund._id} amount={payment.amount} />
        )}
      </td>
    </tr>
  );
}

function PaymentList() {
  const query = usePaymentsWithoutOrder();
  if (query.isPending) return <TableLoading label="Loading payments taken without an order…" />;
  if (query.error) return <ErrorBox error={query.error} />;
  if (query.data.length === 0) {
    return <p className="text-muted">No payment has been taken without an order.</p>;
  }
  return (
    <AdminTable label={HEADING} minWidth="min-w-[52rem]" headings={HEADINGS} actions="Retry">
      {query.data.map((payment) => (
        <PaymentRow key={payment.refund._id} payment={payment} />
      ))}
    </AdminTable>
  );
}

/**
 * Money PayPal took for a checkout that made no order (its total did not match, the last one sold
 * out while paying, or the shop could not record it), the latest 100, each with its refund.
 */
export function PaymentsWithoutOrder() {
  return (
    <section className="mt-12">
      <header className="mb-6">
        <h2 className="text-xl">{HEADING}</h2>
        <p className="mt-2 max-w-prose text-muted">
          Payments PayPal took that made no order: the total did not match, the last one sold out
          while paying, or the shop could not record it. Each is given back by itself; the latest
          100 are shown, newest first.
        </p>
      </header>
      <PaymentList />
    </section>
  );
}
