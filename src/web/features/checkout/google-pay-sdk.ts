import { loadScript } from '../../api/paypal-sdk';

/** The small part of Google's Pay API the checkout uses, typed here. */
export interface GooglePaymentsClient {
  isReadyToPay: (request: object) => Promise<{ result: boolean }>;
  createButton: (options: {
    onClick: () => void;
    buttonColor?: 'black' | 'white';
    buttonType?: 'pay' | 'buy' | 'plain';
    buttonSizeMode?: 'fill' | 'static';
  }) => HTMLElement;
  loadPaymentData: (request: object) => Promise<{ paymentMethodData: unknown }>;
}

type PaymentsClientClass = new (options: {
  environment: 'TEST' | 'PRODUCTION';
}) => GooglePaymentsClient;

/** `value.name`, when value is an object. */
const memberOf = (value: unknown, name: string): unknown =>
  typeof value === 'object' && value !== null ? Reflect.get(value, name) : undefined;

function paymentsClientOf(google: unknown): PaymentsClientClass | undefined {
  const client = memberOf(memberOf(memberOf(google, 'payments'), 'api'), 'PaymentsClient');
  return typeof client === 'function' ? (client as PaymentsClientClass) : undefined;
}

/** Loads Google's script once; answers a client for real payments when `live`, else Google's test one. */
export async function loadGooglePay(src: string, live: boolean): Promise<GooglePaymentsClient> {
  const PaymentsClient = paymentsClientOf(await loadScript(src, 'google'));
  if (!PaymentsClient) throw new Error('Google Pay could not be loaded');
  return new PaymentsClient({ environment: live ? 'PRODUCTION' : 'TEST' });
}

/** A shopper closing Google Pay's sheet: not an error to tell. */
export const isGooglePayClosed = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  'statusCode' in error &&
  error.statusCode === 'CANCELED';
