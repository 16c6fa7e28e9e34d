import { useMutation } from '@tanstack/react-query';
import { Button } from '../../ui/Button';
import { FormStatus } from '../../ui/FormField';
import { isToldElsewhere, type Checkout } from './useCheckout';

/**
 * An order the gift cards pay in full: no PayPal, card or wallet to choose, only the order to
 * place. A refusal of a card is told beside the gift card field; anything else here.
 */
export function GiftCardsPay({ checkout }: { checkout: Checkout }) {
  const placing = useMutation({ mutationFn: checkout.placePaidByGiftCards });
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm">Your gift cards pay for the whole order: nothing more to pay.</p>
      <Button
        className="w-full"
        disabled={placing.isPending}
        onClick={() => {
          if (!placing.isPending) placing.mutate();
        }}
      >
        Place order
      </Button>
      <p role="status" className="sr-only">
        {placing.isPending ? 'Placing your order…' : ''}
      </p>
      <FormStatus error={isToldElsewhere(placing.error) ? null : placing.error} />
    </div>
  );
}
