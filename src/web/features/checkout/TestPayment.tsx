import { useMutation } from '@tanstack/react-query';
import type { PaymentMethod, PaymentMethodsOn } from '../../../shared/payments/payment-methods';
import { approveTestPayment } from '../../api/checkout';
import { Button } from '../../ui/Button';
import { FormStatus } from '../../ui/FormField';
import { applePaySession } from './apple-pay-session';
import { TestCardForm } from './TestCardForm';
import { isToldElsewhere, type Checkout } from './useCheckout';

export const TEST_PAY_LABEL = 'Pay (test mode, no money taken)';

/** A test wallet's button: the wallet's sheet approves at once, and no money is taken. */
function TestWalletButton({
  method,
  label,
  checkout,
}: {
  method: Extract<PaymentMethod, 'apple-pay' | 'google-pay'>;
  label: string;
  checkout: Checkout;
}) {
  const pay = useMutation({
    mutationFn: async () => {
      const paymentId = await checkout.startPayment(method);
      await approveTestPayment(paymentId, {});
      await checkout.completeOrder(paymentId);
    },
  });
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="secondary"
        className="w-full"
        disabled={pay.isPending}
        onClick={() => {
          if (!pay.isPending) pay.mutate();
        }}
      >
        {label}
      </Button>
      <FormStatus error={isToldElsewhere(pay.error) ? null : pay.error} />
    </div>
  );
}

/**
 * The server's test provider: the same calls as PayPal, with no window in between and no money
 * taken, and the same ways to pay as the owner has on: a test card form, and Apple Pay (where the
 * browser can) and Google Pay as test buttons. Shown only when the server runs in test mode.
 */
export function TestPayment({
  methods,
  checkout,
}: {
  methods: PaymentMethodsOn;
  checkout: Checkout;
}) {
  const pay = useMutation({
    mutationFn: async () => checkout.completeOrder(await checkout.startPayment()),
  });
  const applePay = methods.applePay && applePaySession() !== undefined;
  return (
    <div className="flex flex-col gap-5">
      <p className="rounded-shop bg-accent-soft px-4 py-3 text-sm">
        This shop is in test mode: test payments take no money.
      </p>
      {applePay && (
        <TestWalletButton method="apple-pay" label="Apple Pay (test)" checkout={checkout} />
      )}
      {methods.googlePay && (
        <TestWalletButton method="google-pay" label="Google Pay (test)" checkout={checkout} />
      )}
      <div className="flex flex-col gap-3">
        <Button
          className="w-full"
          disabled={pay.isPending}
          onClick={() => {
            if (!pay.isPending) pay.mutate();
          }}
        >
          {TEST_PAY_LABEL}
        </Button>
        <p role="status" className="sr-only">
          {pay.isPending ? 'Paying…' : ''}
        </p>
        <FormStatus error={isToldElsewhere(pay.error) ? null : pay.error} />
      </div>
      {methods.card && <TestCardForm checkout={checkout} />}
    </div>
  );
}
