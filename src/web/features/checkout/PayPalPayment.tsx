import { useEffect, useEffectEvent, useRef } from 'react';
import type { PaymentConfig } from '../../../shared/payments/payments';
import { messageOf } from '../../api/client';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { PayPalCardForm } from './PayPalCardForm';
import { PayPalWallets } from './PayPalWallets';
import {
  usePayPalSdk,
  type PayPalApproveActions,
  type PayPalNamespace,
} from '../../api/paypal-sdk';
import { PaymentOutcomeNote, usePaymentOutcome } from './payment-outcome';
import { isToldElsewhere, mayPayAnotherWay, type Checkout } from './useCheckout';

export const PAYPAL_FAILED = 'PayPal could not take the payment. Please try again.';
export const PAYPAL_NOT_LOADED =
  'PayPal could not be loaded. Please check your connection and try again.';

type StartFailure = { kind: 'words'; message: string } | { kind: 'toldElsewhere' } | null;

/** PayPal's buttons: PayPal, and Pay Later where PayPal offers it to this shopper. */
function PayPalButtonsHost({ paypal, checkout }: { paypal: PayPalNamespace; checkout: Checkout }) {
  const container = useRef<HTMLDivElement>(null);
  const { outcome, clear, cancelled, failed, said } = usePaymentOutcome();
  // Why createOrder failed, told instead of PayPal's generic error after it. A price change is
  // told beside the new figures and a voucher refusal beside the voucher field, so nothing more
  // is said here.
  const startFailure = useRef<StartFailure>(null);

  const createOrder = useEffectEvent(async () => {
    clear();
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
      failed(error);
      // Declined or not completed: nothing was taken, so the buyer may choose another way to pay.
      if (mayPayAnotherWay(error)) await actions.restart();
    }
  });

  const onError = useEffectEvent(() => {
    const failure = startFailure.current;
    if (failure?.kind === 'toldElsewhere') clear();
    else said(failure?.message ?? PAYPAL_FAILED);
  });
  const onCancel = useEffectEvent(() => cancelled());

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
      <PaymentOutcomeNote outcome={outcome} />
    </div>
  );
}

/**
 * Every way to pay through PayPal that is on and that PayPal and this browser offer: Apple Pay and
 * Google Pay first, then PayPal's buttons (Pay Later among them), then a card.
 */
export function PayPalPayment({ config, checkout }: { config: PaymentConfig; checkout: Checkout }) {
  const sdk = usePayPalSdk(config);
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
  return (
    <div className="flex flex-col gap-5">
      <PayPalWallets paypal={sdk.data} config={config} checkout={checkout} />
      <PayPalButtonsHost paypal={sdk.data} checkout={checkout} />
      {config.methods.card && <PayPalCardForm paypal={sdk.data} checkout={checkout} />}
    </div>
  );
}
