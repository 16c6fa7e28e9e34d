import type { ShopIdentity } from '../../../shared/api';
import { useShopIdentity } from '../../api/shop';

/** Who sells: legal name, address and numbers, as the law asks a distance seller to say. */
export function TraderDetails() {
  const trader = useShopIdentity();
  if (!trader.data) {
    return trader.isError ? null : <p className="text-muted">Loading our details…</p>;
  }
  const { legalName, name, address, email, phone, vatNumber, companyNumber } = trader.data;
  return (
    <address className="not-italic">
      <span className="block font-medium">{legalName}</span>
      <span className="block">trading as {name}</span>
      <span className="block">{address}</span>
      <span className="block">
        Email:{' '}
        <a href={`mailto:${email}`} className="text-accent underline underline-offset-4">
          {email}
        </a>
      </span>
      <span className="block">Telephone: {phone}</span>
      <span className="block">VAT number: {vatNumber}</span>
      <span className="block">Registered in England and Wales, company number {companyNumber}</span>
    </address>
  );
}

/** The trader's name and postal address on one line, for forms and letters. */
export const traderLine = (trader: ShopIdentity) => `${trader.legalName}, ${trader.address}`;
