import { useNavigate } from 'react-router';
import { summariseBasket } from '../../../shared/basket';
import type { BasketItem } from '../../../shared/basket-item';
import { formatPence } from '../../../shared/money';
import { useBasket } from '../../state/basket-store';
import { useSession } from '../../state/session-store';
import { Button } from '../../ui/Button';
import { OrderTotals } from '../../ui/OrderTotals';

const CHECKOUT_START = '/account/login?redirect=/checkout/shipping';
const SHIPPING_STEP = '/checkout/shipping';

/**
 * Item count, items, delivery and total (before any voucher, which the checkout takes off), how
 * far free delivery is, and the way to checkout. The figures come from the shop's one pricing rule,
 * so the checkout shows the same.
 */
export function BasketSummary({
  items,
  onCheckout,
}: {
  items: readonly BasketItem[];
  onCheckout?: () => void;
}) {
  const navigate = useNavigate();
  // A signed-in shopper, or a guest who gave their email, skips the sign-in step.
  const signedIn = useSession((state) => state.userInfo !== null);
  const guest = useBasket((state) => state.guestEmail !== null);
  const summary = summariseBasket(items);
  const { itemCount, freeDeliveryShortfallPence } = summary;
  return (
    <div className="flex flex-col gap-3">
      <OrderTotals
        itemsTerm={`Subtotal (${itemCount} ${itemCount === 1 ? 'item' : 'items'})`}
        itemsPence={summary.itemsPence}
        shippingPence={summary.shippingPence}
        taxPence={summary.taxPence}
        totalPence={summary.totalPence}
      />
      {freeDeliveryShortfallPence > 0 && (
        <p className="text-sm text-muted">
          {`Spend ${formatPence(freeDeliveryShortfallPence)} more for free delivery`}
        </p>
      )}
      <Button
        className="mt-2 w-full"
        disabled={items.length === 0}
        onClick={() => {
          onCheckout?.();
          void navigate(signedIn || guest ? SHIPPING_STEP : CHECKOUT_START);
        }}
      >
        Proceed To Checkout
      </Button>
    </div>
  );
}
