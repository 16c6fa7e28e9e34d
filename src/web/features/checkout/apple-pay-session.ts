/** The small part of Safari's ApplePaySession the checkout uses, typed here. */
export interface ApplePaySessionLike {
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null;
  onpaymentauthorized:
    ((event: { payment: { token: unknown; billingContact?: unknown } }) => void) | null;
  oncancel: (() => void) | null;
  begin: () => void;
  abort: () => void;
  completeMerchantValidation: (session: unknown) => void;
  completePayment: (status: number) => void;
}

export interface ApplePaySessionClass {
  new (version: number, request: object): ApplePaySessionLike;
  canMakePayments: () => boolean;
  STATUS_SUCCESS: number;
  STATUS_FAILURE: number;
}

/** Safari's ApplePaySession when this browser says it can pay with Apple Pay; else undefined. */
export function applePaySession(): ApplePaySessionClass | undefined {
  const session: unknown = Reflect.get(window, 'ApplePaySession');
  if (typeof session !== 'function') return undefined;
  const candidate = session as ApplePaySessionClass;
  try {
    return candidate.canMakePayments() ? candidate : undefined;
  } catch {
    return undefined;
  }
}
