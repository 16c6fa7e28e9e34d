import { useMutation } from '@tanstack/react-query';
import { Button } from '../../ui/Button';
import { FormStatus } from '../../ui/FormField';
import { isToldElsewhere, type Checkout } from './useCheckout';

export const TEST_PAY_LABEL = 'Pay (test mode, no money taken)';

/**
 * The server's test provider: the same two calls as PayPal, with no window in between and no
 * money taken. Shown only when the server says it runs in test mode.
 */
export function TestPayment({ checkout }: { checkout: Checkout }) {
  const pay = useMutation({
    mutationFn: async () => checkout.completeOrder(await checkout.startPayment()),
  });
  return (
    <div className="flex flex-col gap-3">
      <p className="rounded-shop bg-accent-soft px-4 py-3 text-sm">
        This shop is in test mode: test payments take no money.
      </p>
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
  );
}
