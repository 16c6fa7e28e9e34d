import { usePaymentConfig } from '../../api/payments';
import { ErrorBox } from '../../ui/ErrorBox';
import { Spinner } from '../../ui/Spinner';
import { PayPalPayment } from './PayPalPayment';
import { TestPayment } from './TestPayment';
import type { Checkout } from './useCheckout';

/** The payment button of whichever provider the server uses. */
export function PaymentArea({ checkout }: { checkout: Checkout }) {
  const config = usePaymentConfig();
  if (config.isPending) return <Spinner label="Loading payment options…" />;
  if (config.isError) {
    return <ErrorBox error={config.error} title="Payment options could not be loaded" />;
  }
  if (config.data.provider === 'test') {
    return <TestPayment methods={config.data.methods} checkout={checkout} />;
  }
  return <PayPalPayment config={config.data} checkout={checkout} />;
}
