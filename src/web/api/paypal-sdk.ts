import { useQuery } from '@tanstack/react-query';
import type { PaymentConfig } from '../../shared/payments/payments';
import { queryKeys } from './query-keys';

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

/** A field of PayPal's card fields: drawn by PayPal in its own frame, so the number never reaches the shop. */
interface PayPalCardField {
  render: (container: HTMLElement) => Promise<void>;
}

export interface PayPalCardFieldsOptions {
  createOrder: () => Promise<string>;
  /** After the card was given and 3-D Secure run; the server reads the result before capturing. */
  onApprove: (data: PayPalApproveData) => Promise<void>;
  onError?: (error: unknown) => void;
}

export interface PayPalCardFields {
  isEligible: () => boolean;
  NumberField: () => PayPalCardField;
  ExpiryField: () => PayPalCardField;
  CVVField: () => PayPalCardField;
  NameField: () => PayPalCardField;
  /** Opens the order, confirms the card for it (with 3-D Secure), then calls onApprove. */
  submit: () => Promise<void>;
}

/** What PayPal says of a wallet for this shop: whether it may be offered, and how to ask for it. */
export interface PayPalWalletConfig {
  isEligible: boolean;
  countryCode?: string;
  merchantCapabilities?: string[];
  supportedNetworks?: string[];
  apiVersion?: number;
  apiVersionMinor?: number;
  allowedPaymentMethods?: unknown[];
  merchantInfo?: unknown;
}

export interface PayPalApplePay {
  config: () => Promise<PayPalWalletConfig>;
  validateMerchant: (request: { validationUrl: string }) => Promise<{ merchantSession: unknown }>;
  confirmOrder: (request: {
    orderId: string;
    token: unknown;
    billingContact?: unknown;
  }) => Promise<unknown>;
}

export interface PayPalGooglePay {
  config: () => Promise<PayPalWalletConfig>;
  confirmOrder: (request: {
    orderId: string;
    paymentMethodData: unknown;
  }) => Promise<{ status: string }>;
  /** Runs the 3-D Secure step PayPal asked for (`PAYER_ACTION_REQUIRED`). */
  initiatePayerAction: (request: { orderId: string }) => Promise<unknown>;
}

export interface PayPalMessages {
  render: (container: HTMLElement) => Promise<void>;
}

export interface PayPalNamespace {
  Buttons: (options: PayPalButtonsOptions) => PayPalButtons;
  CardFields?: (options: PayPalCardFieldsOptions) => PayPalCardFields;
  Applepay?: () => PayPalApplePay;
  Googlepay?: () => PayPalGooglePay;
  Messages?: (options: {
    amount: number;
    currency: 'GBP';
    placement: 'product' | 'cart';
  }) => PayPalMessages;
}

/** What the SDK is loaded with: the components the ways to pay that are on need. */
export interface PayPalSdkOptions {
  sdkUrl: string;
  clientId: string;
  components?: readonly ('card-fields' | 'applepay' | 'googlepay' | 'messages')[];
}

/**
 * The script's address; the currency is always GBP (PayPal's default would be USD). The buttons
 * come without asking; other components only when asked for, and Pay Later with them.
 */
export function paypalSdkUrl({ sdkUrl, clientId, components = [] }: PayPalSdkOptions): string {
  const params = new URLSearchParams({ 'client-id': clientId, currency: 'GBP', intent: 'capture' });
  if (components.length > 0) {
    params.set('components', ['buttons', ...components].join(','));
    params.set('enable-funding', 'paylater');
  }
  return `${sdkUrl}?${params.toString()}`;
}

function isPayPal(value: unknown): value is PayPalNamespace {
  return (
    typeof value === 'object' &&
    value !== null &&
    'Buttons' in value &&
    typeof value.Buttons === 'function'
  );
}

const loaded = new Map<string, Promise<unknown>>();

/**
 * Adds a script to the page once, and answers what it set on `window` under `name` when it has
 * run. A failed load removes the script, so that trying again adds a fresh one.
 */
export function loadScript(src: string, name: string): Promise<unknown> {
  const earlier = loaded.get(src);
  if (earlier) return earlier;
  const promise = new Promise<unknown>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    const fail = () => {
      script.remove();
      loaded.delete(src);
      reject(new Error(`${src} could not be loaded`));
    };
    script.addEventListener('load', () => {
      const global: unknown = Reflect.get(window, name);
      if (global === undefined) fail();
      else resolve(global);
    });
    script.addEventListener('error', fail);
    document.head.append(script);
  });
  loaded.set(src, promise);
  return promise;
}

/** Adds PayPal's script to the page once, and answers its `paypal` object when it has run. */
export async function loadPayPalSdk(options: PayPalSdkOptions): Promise<PayPalNamespace> {
  const src = paypalSdkUrl(options);
  const paypal = await loadScript(src, 'paypal').catch(() => undefined);
  if (isPayPal(paypal)) return paypal;
  loaded.delete(src);
  throw new Error('PayPal could not be loaded');
}

/** The SDK's address and parts for the ways to pay that are on. */
function sdkOptionsFor(config: PaymentConfig): PayPalSdkOptions {
  const { methods } = config;
  return {
    sdkUrl: config.sdkUrl,
    clientId: config.clientId,
    components: [
      ...(methods.card ? (['card-fields'] as const) : []),
      ...(methods.applePay ? (['applepay'] as const) : []),
      ...(methods.googlePay ? (['googlepay'] as const) : []),
      ...(methods.payLaterMessages ? (['messages'] as const) : []),
    ],
  };
}

/** PayPal's script, loaded once for the ways to pay that are on (it is added to the page only here). */
export function usePayPalSdk(config: PaymentConfig) {
  const options = sdkOptionsFor(config);
  return useQuery({
    queryKey: queryKeys.paypalSdk(JSON.stringify(options)),
    queryFn: () => loadPayPalSdk(options),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    structuralSharing: false,
  });
}
