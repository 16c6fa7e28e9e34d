import { addressLines, type ShippingAddress } from '../../shared/addresses';

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
