import { PayLaterMessage } from '../../ui/PayLaterMessage';
import { useNavigate } from 'react-router';
import {
  goodsLinesOf,
  holdsOnlyGiftCards,
  itemCountOf,
  itemsPenceOf,
  summariseBasket,
} from '../../../shared/orders/basket';
import type { BasketItem } from '../../../shared/orders/basket-item';
import { shortDay, type DeliveryOption } from '../../../shared/delivery/delivery';
import { formatPence, penceToPounds, poundsToPence, type Pence } from '../../../shared/money';
import { shortfallForFreeDelivery } from '../../../shared/orders/pricing';
import type { Quote } from '../../../shared/orders/checkout';
import { orderLinesOf, useQuote } from '../../api/checkout';
import { useBasket } from '../../state/basket-store';
import { checkoutPause, dayAfter, useChosenDelivery } from '../../state/delivery-choice';
import { useSession } from '../../state/session-store';
import { Button } from '../../ui/Button';
import { ChosenDeliveryPart } from '../../ui/ChosenDeliveryPart';
import { OrderTotals } from '../../ui/OrderTotals';

const CHECKOUT_START = '/account/login?redirect=/checkout/shipping';
const SHIPPING_STEP = '/checkout/shipping';

const itemsTerm = (count: number) => `Subtotal (${count} ${count === 1 ? 'item' : 'items'})`;

/**
 * The shop's own figures for the basket when a promotion takes something off it: the shop prices
 * every offer, so the basket shows the one it gets, by name, as checkout will.
 */
function usePromotedQuote(items: readonly BasketItem[], chosen: DeliveryOption): Quote | null {
  const quote = useQuote({
    orderItems: orderLinesOf(items),
    giftCards: [],
    voucher: undefined,
    gift: undefined,
    buyer: undefined,
    delivery: chosen.id,
  });
  return quote.data && quote.data.promotionDiscount > 0 ? quote.data : null;
}

/**
 * How much more makes the service free, counting the goods (gift cards are not delivered) after
 * what the promotion took off.
 */
function promotedShortfall(
  quote: Quote,
  items: readonly BasketItem[],
  chosen: DeliveryOption,
): Pence {
  if (quote.shippingPrice === 0) return 0;
  const offPence = quote.lines.reduce((sum, line) => sum + poundsToPence(line.discount), 0);
  return shortfallForFreeDelivery(
    itemsPenceOf(goodsLinesOf(items)) - offPence,
    chosen.freeOver === null ? null : poundsToPence(chosen.freeOver),
  );
}

/** The basket's figures with the delivery chosen, and how far that service's free delivery is. */
function Figures({ items, chosen }: { items: readonly BasketItem[]; chosen: DeliveryOption }) {
  const summary = summariseBasket(items, chosen);
  const promoted = usePromotedQuote(items, chosen);
  const totalPence = promoted ? poundsToPence(promoted.totalPrice) : summary.totalPence;
  const shortfallPence = promoted
    ? promotedShortfall(promoted, items, chosen)
    : summary.freeDeliveryShortfallPence;
  return (
    <>
      <OrderTotals
        itemsTerm={itemsTerm(summary.itemCount)}
        itemsPence={summary.itemsPence}
        shippingPence={promoted ? poundsToPence(promoted.shippingPrice) : summary.shippingPence}
        taxPence={promoted ? poundsToPence(promoted.taxPrice) : summary.taxPence}
        totalPence={totalPence}
        discounts={promoted?.discounts}
      />
      <PayLaterMessage amount={penceToPounds(totalPence)} placement="cart" />
      {shortfallPence > 0 && (
        <p className="text-sm text-muted">
          {`Spend ${formatPence(shortfallPence)} more for free delivery`}
        </p>
      )}
    </>
  );
}

/** Until the shop says what delivery costs: the items alone, and the rest held in place. */
function FiguresWithoutDelivery({ items }: { items: readonly BasketItem[] }) {
  return (
    <dl className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-4">
        <dt className="text-muted">{itemsTerm(itemCountOf(items))}</dt>
        <dd className="font-serif tabular-nums">{formatPence(itemsPenceOf(items))}</dd>
      </div>
    </dl>
  );
}

/** The way to the checkout's first step: the shipping step, or signing in (or as a guest) first. */
function CheckoutButton({
  items,
  onCheckout,
  pause = null,
  disabled = false,
}: {
  items: readonly BasketItem[];
  onCheckout: (() => void) | undefined;
  pause?: ReturnType<typeof checkoutPause>;
  disabled?: boolean;
}) {
  const navigate = useNavigate();
  // A signed-in shopper, or a guest who gave their email, skips the sign-in step.
  const signedIn = useSession((state) => state.userInfo !== null);
  const guest = useBasket((state) => state.guestEmail !== null);
  return (
    <Button
      className="mt-2 w-full"
      disabled={items.length === 0 || pause !== null || disabled}
      onClick={() => {
        onCheckout?.();
        void navigate(signedIn || guest ? SHIPPING_STEP : CHECKOUT_START);
      }}
    >
      {pause ? `Checkout is paused until ${shortDay(dayAfter(pause.to))}` : 'Proceed To Checkout'}
    </Button>
  );
}

/**
 * A basket of gift cards alone: nothing is posted, so there is no service to choose and no
 * delivery to pay, and nothing to spend for free delivery.
 */
function GiftCardsSummary({
  items,
  onCheckout,
}: {
  items: readonly BasketItem[];
  onCheckout: (() => void) | undefined;
}) {
  const summary = summariseBasket(items, { price: 0, freeOver: null });
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm">Gift cards are sent by email: there is no delivery to pay.</p>
      <OrderTotals
        itemsTerm={itemsTerm(summary.itemCount)}
        itemsPence={summary.itemsPence}
        shippingPence={0}
        shippingWords="By email"
        taxPence={summary.taxPence}
        totalPence={summary.totalPence}
      />
      <PayLaterMessage amount={penceToPounds(summary.totalPence)} placement="cart" />
      <CheckoutButton items={items} onCheckout={onCheckout} />
    </div>
  );
}

/**
 * The ways to send the basket to choose from, then the item count, items, the chosen delivery, any
 * promotion and the total (before any voucher, which the checkout takes off), how far free delivery is, and the way
 * to checkout, which the owner's holiday may pause. The figures come from the shop's one pricing
 * rule with the service's price for this basket, so the checkout shows the same.
 */
export function BasketSummary({
  items,
  onCheckout,
}: {
  items: readonly BasketItem[];
  onCheckout?: () => void;
}) {
  if (holdsOnlyGiftCards(items)) return <GiftCardsSummary items={items} onCheckout={onCheckout} />;
  return <GoodsSummary items={items} onCheckout={onCheckout} />;
}

/** A basket with goods in it: gift cards beside them go by email, and only the goods are sent. */
function GoodsSummary({
  items,
  onCheckout,
}: {
  items: readonly BasketItem[];
  onCheckout: (() => void) | undefined;
}) {
  const delivery = useChosenDelivery(goodsLinesOf(items));
  const pause = checkoutPause(delivery.answer.data);
  const noService = delivery.answer.isSuccess && delivery.options.length === 0;
  return (
    <div className="flex flex-col gap-5">
      {pause && (
        <p role="status" className="rounded-shop border-l-4 border-warning bg-surface px-4 py-3">
          {pause.message}
        </p>
      )}
      <ChosenDeliveryPart delivery={delivery} />
      <div className="flex flex-col gap-3">
        {delivery.chosen ? (
          <Figures items={items} chosen={delivery.chosen} />
        ) : (
          <FiguresWithoutDelivery items={items} />
        )}
        <CheckoutButton items={items} onCheckout={onCheckout} pause={pause} disabled={noService} />
      </div>
    </div>
  );
}
