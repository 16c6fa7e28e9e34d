import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Button } from '../../ui/Button';
import type { PayPalCardFields, PayPalNamespace } from '../../api/paypal-sdk';
import { PaymentOutcomeNote, usePaymentOutcome } from './payment-outcome';
import type { Checkout } from './useCheckout';

export const PAY_BY_CARD = 'Pay by card';

const FIELDS = [
  ['NameField', 'Name on card'],
  ['NumberField', 'Card number'],
  ['ExpiryField', 'Expiry date'],
  ['CVVField', 'Security code'],
] as const;

/**
 * A card, typed into PayPal's card fields: PayPal draws each field in its own frame, so the number
 * never reaches the shop. Paying opens the order, confirms the card for it with 3-D Secure (PayPal
 * shows the bank's check when it asks for one), then the shop reads the result and captures. A
 * declined card, or one the bank would not confirm, may be changed and paid again.
 */
export function PayPalCardForm({
  paypal,
  checkout,
}: {
  paypal: PayPalNamespace;
  checkout: Checkout;
}) {
  const holders = useRef<(HTMLDivElement | null)[]>([]);
  // Null until PayPal has drawn the fields; 'ineligible' when PayPal offers this shopper no card.
  const [fields, setFields] = useState<PayPalCardFields | 'ineligible' | null>(null);
  const [paying, setPaying] = useState(false);
  const { outcome, clear, failed } = usePaymentOutcome();

  const createOrder = useEffectEvent(() => checkout.startPayment('card'));
  const onApprove = useEffectEvent(async (paymentId: string) => {
    try {
      await checkout.completeOrder(paymentId);
    } catch (error) {
      failed(error);
    }
  });
  const onError = useEffectEvent((error: unknown) => failed(error));

  useEffect(() => {
    const make = paypal.CardFields;
    if (!make) return;
    const cardFields = make({
      createOrder: () => createOrder(),
      onApprove: (data) => onApprove(data.orderID),
      onError: (error) => onError(error),
    });
    if (!cardFields.isEligible()) {
      void Promise.resolve().then(() => setFields('ineligible'));
      return;
    }
    const drawnInto = [...holders.current];
    const drawn = FIELDS.map(([field], index) => {
      const holder = drawnInto[index];
      return holder ? cardFields[field]().render(holder) : Promise.resolve();
    });
    void Promise.all(drawn).then(() => setFields(cardFields));
    return () => {
      for (const holder of drawnInto) holder?.replaceChildren();
      setFields(null);
    };
  }, [paypal]);

  const pay = async () => {
    if (!fields || fields === 'ineligible' || paying) return;
    clear();
    setPaying(true);
    try {
      await fields.submit();
    } catch (error) {
      failed(error, 'The card could not be used. Please check its details, or use another.');
    } finally {
      setPaying(false);
    }
  };

  if (!paypal.CardFields || fields === 'ineligible') return null;
  return (
    <section aria-labelledby="pay-by-card" className="flex flex-col gap-3">
      <h3 id="pay-by-card" className="text-sm font-medium">
        Or pay by debit or credit card
      </h3>
      {FIELDS.map(([field, label], index) => (
        <div key={field}>
          <p className="text-sm text-muted">{label}</p>
          <div
            ref={(holder) => {
              holders.current[index] = holder;
            }}
            className="mt-1 min-h-11 [&_input]:min-h-11 [&_input]:w-full [&_input]:rounded-shop [&_input]:border [&_input]:border-line [&_input]:bg-surface [&_input]:px-3"
          />
        </div>
      ))}
      <Button className="w-full" disabled={!fields || paying} onClick={() => void pay()}>
        {paying ? 'Paying…' : PAY_BY_CARD}
      </Button>
      <PaymentOutcomeNote outcome={outcome} />
    </section>
  );
}
