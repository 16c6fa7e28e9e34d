import type { Pence } from '../../shared/money';

const PAYPAL_VALUE = /^(\d+)(?:\.(\d{1,2}))?$/;

/** `2998` → `'29.98'`, exactly: no floating point on the way. */
export function penceToPayPalValue(pence: Pence): string {
  if (!Number.isSafeInteger(pence) || pence < 0)
    throw new Error(`not an amount in pence: ${pence}`);
  return `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
}

/** `'29.98'` → `2998`, read as text; undefined for anything else, such as three decimals. */
export function payPalValueToPence(value: string): Pence | undefined {
  const match = PAYPAL_VALUE.exec(value);
  if (!match) return undefined;
  const [, pounds = '0', fraction = ''] = match;
  return Number(pounds) * 100 + Number(fraction.padEnd(2, '0'));
}
