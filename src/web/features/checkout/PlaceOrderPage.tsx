import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router';
import {
  addressLines,
  type OrderAddressBody,
  type ShippingAddress,
} from '../../../shared/accounts/addresses';
import type { BasketItem } from '../../../shared/orders/basket-item';
import { goodsLinesOf, holdsOnlyGiftCards } from '../../../shared/orders/basket';
import type { DeliveryAnswer } from '../../../shared/delivery/delivery';
import { ORDER_NOTES_MAX_LENGTH } from '../../../shared/orders/checkout';
import { SHOP_NAME } from '../../../shared/settings/shop';
import { queryKeys } from '../../api/query-keys';
import { useBasket } from '../../state/basket-store';
import { checkoutPause, useChosenDelivery, type ChosenDelivery } from '../../state/delivery-choice';
import { textLinkClass } from '../../ui/Button';
import { TextArea } from '../../ui/FormField';
import { PageHeading } from '../../ui/PageHeading';
import { useAnyOrderAddress, useOrderAddress, type OrderAddress } from './address';
import { CheckoutSteps } from './CheckoutSteps';
import { DeliverySummary } from './DeliverySummary';
import { GiftOptions, type GiftChoice } from './GiftOptions';
import { OrderSummary } from './OrderSummary';
import { isDeliveryRefusal } from './useCheckout';
import { LinesLoading, QuotedItems, sectionHeading } from './QuotedItems';
import { GiftCardsReview } from './GiftCardsReview';
import { useOrderQuote } from './voucher';

export const NOTES_HINT = 'For example, where to leave the parcel';
export { CHOOSE_AGAIN, QUOTE_FAILED } from './QuotedItems';

function EmptyBasket() {
  return (
    <div className="flex flex-col items-start gap-2">
      <p>Basket is empty</p>
      <p className="text-muted">No items to be ordered</p>
      <Link to="/" className={`${textLinkClass} mt-2`}>
        Continue shopping
      </Link>
    </div>
  );
}

function Addressee({ address }: { address: ShippingAddress }) {
  return (
    <>
      <address className="not-italic">
        {addressLines(address).map((line, index) => (
          <span key={index} className="block">
            {line}
          </span>
        ))}
      </address>
      {address.phone && <p className="mt-1 text-muted">Phone: {address.phone}</p>}
    </>
  );
}

/** Where a collection is picked up, and who picks it up. */
function Collector({
  address,
  collection,
}: {
  address: OrderAddressBody;
  collection: DeliveryAnswer['collection'];
}) {
  return (
    <>
      <p>
        Collected by {address.name}
        {address.phone && `, phone ${address.phone}`}
      </p>
      {collection && (
        <p className="mt-1 whitespace-pre-line text-muted wrap-anywhere">
          From {collection.address}
        </p>
      )}
    </>
  );
}

type UsableAddress = Extract<OrderAddress, { state: 'usable' }>;

/**
 * The service to price: the one kept, unless the shop has said the basket may no longer use it;
 * none (the shop's default, the same rule as the basket's) when none was chosen. Asked for at once,
 * beside the list of services, rather than after it.
 */
function askedService(delivery: ChosenDelivery, kept: string | null): string | undefined {
  return kept === null || delivery.replaced ? undefined : kept;
}

/** What the review asks the shop and holds meanwhile: the gift, the figures and any refusal. */
function useReview(items: readonly BasketItem[], delivery: ChosenDelivery) {
  const queryClient = useQueryClient();
  const kept = useBasket((state) => state.delivery);
  const [gift, setGift] = useState<GiftChoice>(undefined);
  const [paymentRefusal, setPaymentRefusal] = useState<string | null>(null);
  const service = askedService(delivery, kept);
  const { quote, voucherCode, pricing } = useOrderQuote(items, gift, service);
  const refusal = paymentRefusal ?? (isDeliveryRefusal(quote.error) ? quote.error.message : null);

  // A refused service means the shop's list has changed: it is asked for again to choose from.
  useEffect(() => {
    if (refusal !== null) void queryClient.invalidateQueries({ queryKey: queryKeys.allDelivery });
  }, [refusal, queryClient]);

  return {
    gift,
    setGift,
    service,
    quote,
    voucherCode,
    pricing,
    refusal,
    onRefused: setPaymentRefusal,
    choose: (chosen: string) => {
      setPaymentRefusal(null);
      delivery.choose(chosen);
    },
  };
}
type Review = ReturnType<typeof useReview>;

/**
 * The basket, the address and the shop's own figures for it with the delivery chosen, then the
 * payment button.
 */
function PricedReview({
  items,
  order,
  delivery,
  review,
}: {
  items: readonly BasketItem[];
  order: UsableAddress;
  delivery: ChosenDelivery;
  review: Review;
}) {
  const paymentMethod = useBasket((state) => state.paymentMethod);
  const [notes, setNotes] = useState('');
  const { quote, pricing } = review;
  const figures = quote.isSuccess ? quote.data : null;

  return (
    <div className="grid grid-cols-1 gap-10 md:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="flex min-w-0 flex-col gap-8">
        <section aria-labelledby="order-shipping-heading">
          <h2 id="order-shipping-heading" className={sectionHeading}>
            {order.collect ? 'Collection' : 'Shipping'}
          </h2>
          {order.collect ? (
            <Collector
              address={order.address}
              collection={delivery.answer.data?.collection ?? null}
            />
          ) : (
            <Addressee address={order.address} />
          )}
          <Link to="/checkout/shipping" className={`${textLinkClass} mt-2 inline-block text-sm`}>
            {order.collect ? 'Change who collects' : 'Change address'}
          </Link>
        </section>
        <section aria-labelledby="order-payment-heading">
          <h2 id="order-payment-heading" className={sectionHeading}>
            Payment method
          </h2>
          <p>{paymentMethod}</p>
          <p className="text-sm text-muted">
            Choose how to pay with your order summary: PayPal, or a card or wallet the shop takes
            through PayPal.
          </p>
        </section>
        <section aria-labelledby="order-items-heading">
          <h2 id="order-items-heading" className={sectionHeading}>
            Order items
          </h2>
          <QuotedItems quote={quote} pricing={pricing} items={items} />
        </section>
        <GiftOptions gift={review.gift} onChange={review.setGift} />
        <TextArea
          label="Notes (optional)"
          hint={order.collect ? undefined : NOTES_HINT}
          maxLength={ORDER_NOTES_MAX_LENGTH}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
        />
      </div>
      <OrderSummary
        items={items}
        address={order.address}
        delivery={review.service}
        onDeliveryRefused={review.onRefused}
        notes={notes}
        gift={review.gift}
        figures={figures}
        pricing={pricing}
        voucherCode={review.voucherCode}
        pause={checkoutPause(delivery.answer.data)}
        deliveryPart={
          <DeliverySummary
            figures={figures}
            delivery={delivery}
            refusal={review.refusal}
            onChoose={review.choose}
          />
        }
      />
    </div>
  );
}

/**
 * The services the basket may use and its figures, asked together; then who or where the order
 * is for by the service priced, or back to the shipping step when what this browser keeps will
 * not do for it.
 */
function OrderReview({ items }: { items: readonly BasketItem[] }) {
  // Only the goods are sent: gift cards go by email.
  const delivery = useChosenDelivery(goodsLinesOf(items));
  const review = useReview(items, delivery);
  const order = useOrderAddress(delivery);
  if (order.state === 'missing') return <Navigate to="/checkout/shipping" replace />;
  if (order.state === 'waiting') return <LinesLoading />;
  return <PricedReview items={items} order={order} delivery={delivery} review={review} />;
}

/** The last step: review the order as the shop prices it, add a voucher or a note, and pay. */
export function PlaceOrderPage() {
  const hasAddress = useAnyOrderAddress();
  const items = useBasket((state) => state.basketItems);
  if (!hasAddress) return <Navigate to="/checkout/shipping" replace />;
  return (
    <>
      <title>{`Place Order | ${SHOP_NAME}`}</title>
      <CheckoutSteps current="placeOrder" />
      <PageHeading>Place Order</PageHeading>
      {items.length === 0 ? (
        <EmptyBasket />
      ) : holdsOnlyGiftCards(items) ? (
        <GiftCardsReview items={items} />
      ) : (
        <OrderReview items={items} />
      )}
    </>
  );
}
