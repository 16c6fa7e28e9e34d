/** Money travels as integer pence inside the shop and as pounds (2 decimals) only at the edges. */
export type Pence = number;

export function poundsToPence(pounds: number): Pence {
  return Math.round(pounds * 100);
}

export function penceToPounds(pence: Pence): number {
  return pence / 100;
}

const poundFormat = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** `1234` → `£12.34` */
export function formatPence(pence: Pence): string {
  return poundFormat.format(pence / 100);
}

/** `12.3` → `£12.30` */
export function formatPounds(pounds: number): string {
  return formatPence(poundsToPence(pounds));
}
