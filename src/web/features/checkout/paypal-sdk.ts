/**
 * The small part of PayPal's JS SDK the checkout uses, typed here (PayPal publishes no types with
 * the script), and the loader that adds its <script> to the page once.
 */

export interface PayPalApproveData {
  /** The provider's payment id, the one `createOrder` returned. */
  orderID: string;
}

export interface PayPalApproveActions {
  /** Reopens PayPal's window so the buyer can choose another way to pay the same order. */
  restart: () => Promise<void>;
}

export interface PayPalButtonsOptions {
  style?: { layout?: 'vertical' | 'horizontal'; label?: 'paypal' | 'checkout' | 'pay' };
  createOrder: () => Promise<string>;
  onApprove: (data: PayPalApproveData, actions: PayPalApproveActions) => Promise<void>;
  onCancel?: () => void;
  onError?: (error: unknown) => void;
}

export interface PayPalButtons {
  render: (container: HTMLElement) => Promise<void>;
  close: () => Promise<void>;
}

export interface PayPalNamespace {
  Buttons: (options: PayPalButtonsOptions) => PayPalButtons;
}

const SDK_URL = 'https://www.paypal.com/sdk/js';

/** The script's address; the currency is always GBP (PayPal's default would be USD). */
export function paypalSdkUrl(clientId: string): string {
  const params = new URLSearchParams({ 'client-id': clientId, currency: 'GBP', intent: 'capture' });
  return `${SDK_URL}?${params.toString()}`;
}

function isPayPal(value: unknown): value is PayPalNamespace {
  return (
    typeof value === 'object' &&
    value !== null &&
    'Buttons' in value &&
    typeof value.Buttons === 'function'
  );
}

const loadedPayPal = (): unknown => Reflect.get(window, 'paypal');

let loading: { src: string; promise: Promise<PayPalNamespace> } | null = null;

/**
 * Adds PayPal's script to the page once, and answers its `paypal` object when it has run. A
 * failed load removes the script, so that trying again adds a fresh one.
 */
export function loadPayPalSdk(clientId: string): Promise<PayPalNamespace> {
  const src = paypalSdkUrl(clientId);
  if (loading?.src === src) return loading.promise;
  const promise = new Promise<PayPalNamespace>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    const fail = () => {
      script.remove();
      loading = null;
      reject(new Error('PayPal could not be loaded'));
    };
    script.addEventListener('load', () => {
      const paypal = loadedPayPal();
      if (isPayPal(paypal)) resolve(paypal);
      else fail();
    });
    script.addEventListener('error', fail);
    document.head.append(script);
  });
  loading = { src, promise };
  return promise;
}
