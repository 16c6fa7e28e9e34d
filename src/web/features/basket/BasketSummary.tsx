import { useNavigate } from 'react-router';
import { summariseBasket } from '../../../shared/basket';
import type { BasketItem } from '../../../shared/basket-item';
import { formatPence } from '../../../shared/money';
import { useSession } from '../../state/session-store';
import { Button } from '../../ui/Button';

const CHECKOUT_START = '/account/login?redirect=/checkout/shipping';
const SHIPPING_STEP = '/checkout/shipping';

/** Item count, total, how close free delivery is, and the way to checkout. */
export function BasketSummary({
  items,
  onCheckout,
}: {
  items: readonly BasketItem[];
  onCheckout?: () => void;
}) {
  const navigate = useNavigate();
  // A signed-in shopper skips the sign-in step rather than passing through the login page.
  const signedIn = useSession((state) => state.userInfo !== null);
  const { itemCount, itemsPence, freeDeliveryShortfallPence } = summariseBasket(items);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between">
        <p>
          Subtotal ({itemCount} {itemCount === 1 ? 'item' : 'items'})
        </p>
        <p className="font-serif text-xl tabular-nums">{formatPence(itemsPence)}</p>
      </div>
      <p className={`text-sm ${freeDeliveryShortfallPence === 0 ? 'text-success' : 'text-muted'}`}>
        {freeDeliveryShortfallPence === 0
          ? 'Free Delivery'
          : `Spend ${formatPence(freeDeliveryShortfallPence)} more for free delivery`}
      </p>
      <Button
        className="mt-2 w-full"
        disabled={items.length === 0}
        onClick={() => {
          onCheckout?.();
          void navigate(signedIn ? SHIPPING_STEP : CHECKOUT_START);
        }}
      >
        Proceed To Checkout
      </Button>
    </div>
  );
}
