import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { addressLines, type ShippingAddress } from '../../../shared/addresses';
import type { BasketItem } from '../../../shared/basket-item';
import { ORDER_NOTES_MAX_LENGTH, type Quote } from '../../../shared/orders';
import { SHOP_NAME } from '../../../shared/shop';
import { useBasket } from '../../state/basket-store';
import { Button, textLinkClass } from '../../ui/Button';
import { ErrorBox } from '../../ui/ErrorBox';
import { TextArea } from '../../ui/FormField';
import { OrderLines } from '../../ui/OrderLines';
import { PageHeading } from '../../ui/PageHeading';
import { Skeleton } from '../../ui/Skeleton';
import { useDeliveryAddress } from './address';
import { CheckoutSteps } from './CheckoutSteps';
import { GiftOptions, type GiftChoice } from './GiftOptions';
import { OrderSummary } from './OrderSummary';
import { quotedLines } from './useCheckout';
import { useOrderQuote } from './voucher';

export const NOTES_HINT = 'For example, where to leave the parcel';
export const QUOTE_FAILED = 'Your order could not be priced';

const sectionHeading = 'mb-3 text-xl';

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

function LinesLoading() {
  return (
    <div aria-busy="true" className="flex flex-col gap-3">
      <span className="sr-only">Pricing your order…</span>
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-16 w-full" />
    </div>
  );
}

/** The lines as the shop prices them, or why it could not, with a way on. */
function QuotedItems({
  quote,
  pricing,
  items,
}: {
  quote: UseQueryResult<Quote>;
  pricing: boolean;
  items: readonly BasketItem[];
}) {
  if (pricing) return <LinesLoading />;
  if (quote.isSuccess) {
    return <OrderLines lines={quotedLines(quote.data, items)} label="Items to order" />;
  }
  return (
    <div className="flex flex-col items-start gap-3">
      <ErrorBox error={quote.error} title={QUOTE_FAILED} />
      <div className="flex flex-wrap items-center gap-4">
        <Button variant="secondary" onClick={() => void quote.refetch()}>
          Try again
        </Button>
        <Link to="/basket" className={textLinkClass}>
          Back to your basket
        </Link>
      </div>
    </div>
  );
}

/** The basket, the address and the shop's own figures for it, then the payment button. */
function OrderReview({
  items,
  address,
}: {
  items: readonly BasketItem[];
  address: ShippingAddress;
}) {
  const paymentMethod = useBasket((state) => state.paymentMethod);
  const [notes, setNotes] = useState('');
  const [gift, setGift] = useState<GiftChoice>(undefined);
  const { quote, voucherCode, pricing } = useOrderQuote(items, gift);

  return (
    <div className="grid grid-cols-1 gap-10 md:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="flex min-w-0 flex-col gap-8">
        <section aria-labelledby="order-shipping-heading">
          <h2 id="order-shipping-heading" className={sectionHeading}>
            Shipping
          </h2>
          <Addressee address={address} />
          <Link to="/checkout/shipping" className={`${textLinkClass} mt-2 inline-block text-sm`}>
            Change address
          </Link>
        </section>
        <section aria-labelledby="order-payment-heading">
          <h2 id="order-payment-heading" className={sectionHeading}>
            Payment method
          </h2>
          <p>{paymentMethod}</p>
          <p className="text-sm text-muted">Pay with a PayPal account or a card, through PayPal.</p>
        </section>
        <section aria-labelledby="order-items-heading">
          <h2 id="order-items-heading" className={sectionHeading}>
            Order items
          </h2>
          <QuotedItems quote={quote} pricing={pricing} items={items} />
        </section>
        <GiftOptions gift={gift} onChange={setGift} />
        <TextArea
          label="Notes (optional)"
          hint={NOTES_HINT}
          maxLength={ORDER_NOTES_MAX_LENGTH}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
        />
      </div>
      <OrderSummary
        items={items}
        address={address}
        notes={notes}
        gift={gift}
        figures={quote.isSuccess ? quote.data : null}
        pricing={pricing}
        voucherCode={voucherCode}
      />
    </div>
  );
}

/** The last step: review the order as the shop prices it, add a voucher or a note, and pay. */
export function PlaceOrderPage() {
  const address = useDeliveryAddress();
  const items = useBasket((state) => state.basketItems);
  if (!address) return <Navigate to="/checkout/shipping" replace />;
  return (
    <>
      <title>{`Place Order | ${SHOP_NAME}`}</title>
      <CheckoutSteps current="placeOrder" />
      <PageHeading>Place Order</PageHeading>
      {items.length === 0 ? <EmptyBasket /> : <OrderReview items={items} address={address} />}
    </>
  );
}
