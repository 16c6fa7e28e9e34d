import { formatPence } from '../../../../shared/money';
import { FREE_SHIPPING_ABOVE } from '../../../../shared/pricing';
import { DELIVERY_PROMISE } from '../../../../shared/shop';

export function DeliveryNote() {
  return (
    <div className="rounded-shop bg-sand px-4 py-3 text-sm">
      <p>{DELIVERY_PROMISE}</p>
      <p className="text-muted">
        Free UK delivery on orders over {formatPence(FREE_SHIPPING_ABOVE)}.
      </p>
    </div>
  );
}
