import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import type { BasketItem } from '../../../shared/basket';
import { poundsToPence } from '../../../shared/money';
import { ORDER_NOTES_MAX_LENGTH, type ShippingAddressBody } from '../../../shared/orders';
import { priceOrder } from '../../../shared/pricing';
import { SHOP_NAME } from '../../../shared/shop';
import { useVoucherByCode } from '../../api/vouchers';
import { messageOf } from '../../api/client';
import { useBasket } from '../../state/basket-store';
import { textLinkClass } from '../../ui/Button';
import { TextArea } from '../../ui/FormField';
import { OrderLines } from '../../ui/OrderLines';
import { OrderTotals } from '../../ui/OrderTotals';
import { PageHeading } from '../../ui/PageHeading';
import { Spinner } from '../../ui/Spinner';
import { useDeliveryAddress } from './address';
import { CheckoutSteps } from './CheckoutSteps';
import { PaymentArea } from './PaymentArea';
import { useCheckout } from './useCheckout';
import { VoucherEntry } from './VoucherEntry';

export const NOTES_HINT = 'For example, a 70 cm chain instead of 55 cm';

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

function Addressee({ address }: { address: ShippingAddressBody }) {
  return (
    <address className="not-italic">
      {address.address}
      <br />
      {address.city}, {address.postalCode}
      <br />
      {address.country}
    </address>
  );
}

interface OrderReviewProps {
  items: readonly BasketItem[];
  address: ShippingAddressBody;
}

/** The basket, the address and the totals as the shop will charge them, then the payment button. */
function OrderReview({ items, address }: OrderReviewProps) {
  const paymentMethod = useBasket((state) => state.paymentMethod);
  const [appliedCode, setAppliedCode] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const voucher = useVoucherByCode(appliedCode);
  const accepted = appliedCode !== null && voucher.isSuccess ? voucher.data : null;
  const price = priceOrder(
    items.map((item) => ({ pricePence: poundsToPence(item.price), qty: item.qty })),
    accepted ? poundsToPence(accepted.discount) : 0,
  );
  const checkout = useCheckout({ items, address, voucherCode: accepted?.code, notes });
  const checking = appliedCode !== null && voucher.isFetching;

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
          <OrderLines lines={items} label="Items to order" />
        </section>
        <TextArea
          label="Notes (optional)"
          hint={NOTES_HINT}
          maxLength={ORDER_NOTES_MAX_LENGTH}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
        />
      </div>
      <aside
        aria-labelledby="order-summary-heading"
        className="flex h-fit flex-col gap-5 rounded-shop bg-sand p-6"
      >
        <h2 id="order-summary-heading" className="text-xl">
          Order summary
        </h2>
        <div className="flex flex-col gap-3">
          <OrderTotals
            itemsPence={price.itemsPence}
            shippingPence={price.shippingPence}
            taxPence={price.taxPence}
            totalPence={price.totalPence}
            voucher={
              accepted ? { name: accepted.name, discountPence: price.voucherDiscountPence } : null
            }
          />
          <div role="status">
            {appliedCode !== null && voucher.isError && (
              <p className="text-warning">{messageOf(voucher.error)}</p>
            )}
          </div>
        </div>
        <VoucherEntry
          applied={appliedCode}
          checking={checking}
          onApply={setAppliedCode}
          onRemove={() => setAppliedCode(null)}
        />
        {/* The payment waits for the voucher, so that the price paid is the price shown. */}
        {checking ? <Spinner label="Checking the voucher…" /> : <PaymentArea checkout={checkout} />}
      </aside>
    </div>
  );
}

/** The last step: review the order, add a voucher or a note, and pay. */
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
