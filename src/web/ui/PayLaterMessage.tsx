import { useEffect, useRef } from 'react';
import type { PaymentConfig } from '../../shared/payments/payments';
import { usePaymentConfig } from '../api/payments';
import { usePayPalSdk } from '../api/paypal-sdk';

function PayPalMessage({
  config,
  amount,
  placement,
}: {
  config: PaymentConfig;
  amount: number;
  placement: 'product' | 'cart';
}) {
  const holder = useRef<HTMLDivElement>(null);
  const sdk = usePayPalSdk(config).data;
  useEffect(() => {
    const element = holder.current;
    const messages = sdk?.Messages;
    if (!element || !messages) return;
    messages({ amount, currency: 'GBP', placement })
      .render(element)
      .catch(() => element.replaceChildren());
    return () => element.replaceChildren();
  }, [sdk, amount, placement]);
  return <div ref={holder} className="min-h-6 text-sm" />;
}

/**
 * PayPal's Pay Later message for a price or a basket ("Pay in 3 interest-free payments of…"), as
 * PayPal words and shows it, when the owner has the messages on and the shop takes PayPal. Drawn
 * once the page is in the browser: it never holds up the page.
 */
export function PayLaterMessage({
  amount,
  placement,
}: {
  amount: number;
  placement: 'product' | 'cart';
}) {
  const config = usePaymentConfig().data;
  if (config?.provider !== 'paypal' || !config.methods.payLaterMessages) return null;
  return <PayPalMessage config={config} amount={amount} placement={placement} />;
}
