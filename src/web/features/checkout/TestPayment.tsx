import { useMutation } from '@tanstack/react-query';
import type { PaymentMethod, PaymentMethodsOn } from '../../../shared/payments/payment-methods';
import { approveTestPayment } from '../../api/checkout';
import { Button, type ButtonVariant } from '../../ui/Button';
import { FormStatus } from '../../ui/FormField';
import { applePaySession } from './apple-pay-session';
import { TestCardForm } from './TestCardForm';
import { isToldElsewhere, type Checkout } from './useCheckout';

export const TEST_PAY_LABEL = 'Pay (test mode, no money taken)';

/** A test payment's button: pays as `pay` says, and says why it could not. */
function TestPayButton({
  label,
  variant = 'primary',
  pay,
}: {
  label: string;
  variant?: ButtonVariant;
  pay: () => Promise<void>;
}) {
  const paying = useMutation({ mutationFn: pay });
  return (
    <div className="flex flex-col gap-3">
      <Button
        variant={variant}
        className="w-full"
        disabled={paying.isPending}
        onClick={() => {
          if (!paying.isPending) paying.mutate();
        }}
      >
        {label}
      </Button>
      <p role="status" className="sr-only">
        {paying.isPending ? 'Paying…' : ''}
      </p>
      <FormStatus error={isToldElsewhere(paying.error) ? null : paying.error} />
    </div>
  );
}

/** A test wallet's sheet approves at once, and no money is taken. */
const payByTestWallet =
  (checkout: Checkout, method: Extract<PaymentMethod, 'apple-pay' | 'google-pay'>) => async () => {
    const paymentId = await checkout.startPayment(method);
    await approveTestPayment(paymentId, {});
    await checkout.completeOrder(paymentId);
  };

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
  const applePay = methods.applePay && applePaySession() !== undefined;
  return (
    <div className="flex flex-col gap-5">
      <p className="rounded-shop bg-accent-soft px-4 py-3 text-sm">
        This shop is in test mode: test payments take no money.
      </p>
      {applePay && (
        <TestPayButton
          label="Apple Pay (test)"
          variant="secondary"
          pay={payByTestWallet(checkout, 'apple-pay')}
        />
      )}
      {methods.googlePay && (
        <TestPayButton
          label="Google Pay (test)"
          variant="secondary"
          pay={payByTestWallet(checkout, 'google-pay')}
        />
      )}
      <TestPayButton
        label={TEST_PAY_LABEL}
        pay={async () => checkout.completeOrder(await checkout.startPayment())}
      />
      {methods.card && <TestCardForm checkout={checkout} />}
    </div>
  );
}
