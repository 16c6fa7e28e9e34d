import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { messageOf } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { loadPayPalSdk, type PayPalApproveActions, type PayPalNamespace } from './paypal-sdk';
import { isToldElsewhere, mayPayAnotherWay, type Checkout } from './useCheckout';

export const PAYPAL_FAILED = 'PayPal could not take the payment. Please try again.';
export const PAYPAL_NOT_LOADED =
  'PayPal could not be loaded. Please check your connection and try again.';
export const PAYPAL_CANCELLED =
  'Payment cancelled. Nothing was taken and your basket is unchanged.';

type Outcome = { kind: 'error'; message: string } | { kind: 'cancelled' } | null;
type StartFailure = { kind: 'words'; message: string } | { kind: 'toldElsewhere' } | null;

function PayPalButtonsHost({ paypal, checkout }: { paypal: PayPalNamespace; checkout: Checkout }) {
  const container = useRef<HTMLDivElement>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // Why createOrder failed, told instead of PayPal's generic error after it. A price change is
  // told beside the new figures and a voucher refusal beside the voucher field, so nothing more
  // is said here.
  const startFailure = useRef<StartFailure>(null);

  const createOrder = useEffectEvent(async () => {
    setOutcome(null);
    startFailure.current = null;
    try {
      return await checkout.startPayment();
    } catch (error) {
      // Throwing closes PayPal's window: the shopper looks at the new figures and pays again.
      startFailure.current = isToldElsewhere(error)
        ? { kind: 'toldElsewhere' }
        : { kind: 'words', message: messageOf(error) };
      throw error;
    }
  });

  const onApprove = useEffectEvent(async (paymentId: string, actions: PayPalApproveActions) => {
    try {
      await checkout.completeOrder(paymentId);
    } catch (error) {
      if (!isToldElsewhere(error)) setOutcome({ kind: 'error', message: messageOf(error) });
      // Declined or not completed: nothing was taken, so the buyer may choose another way to pay.
      if (mayPayAnotherWay(error)) await actions.restart();
    }
  });

  const onError = useEffectEvent(() => {
    const failure = startFailure.current;
    if (failure?.kind === 'toldElsewhere') setOutcome(null);
    else setOutcome({ kind: 'error', message: failure?.message ?? PAYPAL_FAILED });
  });
  const onCancel = useEffectEvent(() => setOutcome({ kind: 'cancelled' }));

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const buttons = paypal.Buttons({
      style: { layout: 'vertical', label: 'pay' },
      createOrder: () => createOrder(),
      onApprove: (data, actions) => onApprove(data.orderID, actions),
      onCancel: () => onCancel(),
      onError: () => onError(),
    });
    buttons.render(element).catch(() => onError());
    return () => {
      buttons.close().catch(() => undefined);
    };
  }, [paypal]);

  return (
    <div className="flex flex-col gap-3">
      <div ref={container} className="min-h-11" />
      <div aria-live="polite">
        {outcome?.kind === 'error' && (
          <p role="alert" className="text-error">
            {outcome.message}
          </p>
        )}
        {outcome?.kind === 'cancelled' && <p className="text-muted">{PAYPAL_CANCELLED}</p>}
      </div>
    </div>
  );
}

/** PayPal's own buttons, once its script has loaded (it is added to the page only here). */
export function PayPalPayment({ clientId, checkout }: { clientId: string; checkout: Checkout }) {
  const sdk = useQuery({
    queryKey: queryKeys.paypalSdk(clientId),
    queryFn: () => loadPayPalSdk(clientId),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    structuralSharing: false,
  });
  if (sdk.isPending) return <Spinner label="Loading PayPal…" />;
  if (sdk.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p className="text-error">{PAYPAL_NOT_LOADED}</p>
        <Button variant="secondary" onClick={() => void sdk.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <PayPalButtonsHost paypal={sdk.data} checkout={checkout} />;
}
