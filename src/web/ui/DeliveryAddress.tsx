import { addressLines, type ShippingAddress } from '../../shared/accounts/addresses';

/** A delivery address as a label shows it: one line each, blanks left out. */
export function DeliveryAddress({
  address,
  className = '',
}: {
  address: ShippingAddress;
  className?: string;
}) {
  return (
    <address className={`not-italic ${className}`}>
      {addressLines(address).map((line, index) => (
        <span key={`${line}-${String(index)}`} className="block wrap-anywhere">
          {line}
        </span>
      ))}
    </address>
  );
}

/** Who collects an order from the collection point: their name and the number to call. */
export function Collector({
  address,
  className = '',
}: {
  address: Pick<ShippingAddress, 'name' | 'phone'>;
  className?: string;
}) {
  return (
    <p className={`flex flex-col ${className}`}>
      <span className="wrap-anywhere">{address.name}</span>
      {address.phone && <span>Phone: {address.phone}</span>}
    </p>
  );
}
