import type { Product } from '../../../../shared/catalog';
import { formatPence } from '../../../../shared/money';
import { FREE_SHIPPING_ABOVE } from '../../../../shared/pricing';
import { DELIVERY_PROMISE } from '../../../../shared/shop';

interface DeliveryNoteProps {
  product: Pick<Product, 'countInStock' | 'variants'>;
  /** The variant the address names (`?variant=`), if any. */
  variantId?: string | undefined;
}

/**
 * When an order is sent and what delivery costs. Nothing is promised about dispatch for
 * something sold out: the product, or the variant chosen.
 */
export function DeliveryNote({ product, variantId }: DeliveryNoteProps) {
  const chosen = product.variants.find((variant) => variant._id === variantId);
  const soldOut = (chosen ?? product).countInStock < 1;
  return (
    <div className="rounded-shop bg-sand px-4 py-3 text-sm">
      {!soldOut && <p>{DELIVERY_PROMISE}</p>}
      <p className="text-muted">
        Free UK delivery on orders over {formatPence(FREE_SHIPPING_ABOVE)}.
      </p>
    </div>
  );
}
