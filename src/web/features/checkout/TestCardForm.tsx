import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { TEST_CARDS } from '../../../shared/payments/test-cards';
import { approveTestPayment } from '../../api/checkout';
import { Button } from '../../ui/Button';
import { FormStatus, TextField } from '../../ui/FormField';
import { isToldElsewhere, type Checkout } from './useCheckout';

export const TEST_CARD_PAY_LABEL = 'Pay by card (test, no money taken)';

interface TestCardFields {
  number: string;
  expiry: string;
  securityCode: string;
}

const spaced = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * A card form for trying the shop: it takes only the test cards listed, each showing one outcome
 * (3-D Secure passed or failed, a decline), and moves no money. A real shop takes cards in
 * PayPal's own fields instead.
 */
export function TestCardForm({ checkout }: { checkout: Checkout }) {
  const form = useForm<TestCardFields>({
    defaultValues: { number: '', expiry: '', securityCode: '' },
  });
  const pay = useMutation({
    mutationFn: async ({ number }: TestCardFields) => {
      const paymentId = await checkout.startPayment('card');
      await approveTestPayment(paymentId, { card: number });
      await checkout.completeOrder(paymentId);
    },
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      aria-labelledby="test-card"
      className="flex flex-col gap-3"
      onSubmit={(event) =>
        void form
          .handleSubmit((fields) => pay.mutateAsync(fields))(event)
          .catch(() => undefined)
      }
    >
      <h3 id="test-card" className="text-sm font-medium">
        Or pay by card (test mode: no money moves)
      </h3>
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="off"
        error={errors.number?.message}
        {...form.register('number', { required: 'Please enter one of the test card numbers' })}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Expiry (MM/YY)"
          inputMode="numeric"
          autoComplete="off"
          placeholder="12/30"
          error={errors.expiry?.message}
          {...form.register('expiry', {
            pattern: { value: /^(0[1-9]|1[0-2])\/\d{2}$/, message: 'Please enter a date as MM/YY' },
          })}
        />
        <TextField
          label="Security code"
          inputMode="numeric"
          autoComplete="off"
          error={errors.securityCode?.message}
          {...form.register('securityCode', {
            pattern: { value: /^\d{3,4}$/, message: 'Please enter 3 or 4 digits' },
          })}
        />
      </div>
      <details className="text-sm text-muted">
        <summary className="min-h-11 cursor-pointer py-2">Test cards</summary>
        <ul className="flex flex-col gap-1">
          {TEST_CARDS.map((card) => (
            <li key={card.number}>
              <span className="font-mono">{spaced(card.number)}</span>: {card.brand}, {card.outcome}
            </li>
          ))}
        </ul>
      </details>
      <Button type="submit" className="w-full" disabled={pay.isPending}>
        {TEST_CARD_PAY_LABEL}
      </Button>
      <FormStatus error={isToldElsewhere(pay.error) ? null : pay.error} />
    </form>
  );
}
