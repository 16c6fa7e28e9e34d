import type { ShopIdentity } from '../../shared/api';
import { escapeHtml } from './html';

function traderLines(trader: ShopIdentity): string[] {
  return [
    `${trader.legalName}, trading as ${trader.name}`,
    trader.address,
    `${trader.email} · ${trader.phone}`,
    `VAT number ${trader.vatNumber}`,
    `Registered in England and Wales, company number ${trader.companyNumber}`,
  ];
}

/** Who sells, at the foot of a plain-text mail. */
export function traderText(trader: ShopIdentity): string {
  return traderLines(trader).join('\n');
}

/** Who sells, at the foot of an HTML mail, in small grey text. */
export function traderHtml(trader: ShopIdentity): string {
  return `<p style="margin-top:24px;font-size:12px;line-height:1.5;color:#6b6259">${traderLines(
    trader,
  )
    .map(escapeHtml)
    .join('<br>')}</p>`;
}
