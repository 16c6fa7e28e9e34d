import { useState } from 'react';
import { messageOf } from '../../api/client';
import { isToldElsewhere } from './useCheckout';

export const PAYMENT_CANCELLED =
  'Payment cancelled. Nothing was taken and your basket is unchanged.';

export type Outcome = { kind: 'error'; message: string } | { kind: 'cancelled' } | null;

/**
 * What became of the last try to pay one way: said once, where the shopper paid. A price change,
 * a voucher refused or a delivery refused are told beside what changed, so nothing here.
 */
export function usePaymentOutcome() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  return {
    outcome,
    clear: () => setOutcome(null),
    cancelled: () => setOutcome({ kind: 'cancelled' }),
    failed: (error: unknown, fallback?: string) => {
      if (isToldElsewhere(error)) setOutcome(null);
      else setOutcome({ kind: 'error', message: fallback ?? messageOf(error) });
    },
    said: (message: string) => setOutcome({ kind: 'error', message }),
  };
}

export function PaymentOutcomeNote({ outcome }: { outcome: Outcome }) {
  return (
    <div aria-live="polite">
      {outcome?.kind === 'error' && (
        <p role="alert" className="text-error">
          {outcome.message}
        </p>
      )}
      {outcome?.kind === 'cancelled' && <p className="text-muted">{PAYMENT_CANCELLED}</p>}
    </div>
  );
}
