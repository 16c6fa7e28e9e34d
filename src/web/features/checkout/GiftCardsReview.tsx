import { Link, Navigate } from 'react-router';
import type { BasketItem } from '../../../shared/orders/basket-item';
import { useBasket } from '../../state/basket-store';
import { textLinkClass } from '../../ui/Button';
import { useGiftCardsBuyer } from './address';
import { OrderSummary } from './OrderSummary';
import { QuotedItems, sectionHeading } from './QuotedItems';
import { useOrderQuote } from './voucher';

const noDeliveryToRefuse = () => undefined;

/**
 * The review of an order of gift cards alone: who buys them, the cards as the shop prices them,
 * and the way to pay. Nothing is sent, so there is no delivery, gift wrap or note for a parcel.
 */
export function GiftCardsReview({ items }: { items: readonly BasketItem[] }) {
  const buyer = useGiftCardsBuyer();
  const paymentMethod = useBasket((state) => state.paymentMethod);
  const { quote, voucherCode, pricing } = useOrderQuote(items, undefined, undefined);
  if (!buyer) return <Navigate to="/checkout/shipping" replace />;
  const figures = quote.isSuccess ? quote.data : null;
  return (
    <div className="grid grid-cols-1 gap-10 md:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="flex min-w-0 flex-col gap-8">
        <section aria-labelledby="order-email-heading">
          <h2 id="order-email-heading" className={sectionHeading}>
            Sent by email
          </h2>
          <p>Each gift card is emailed to its recipient on the day you chose, from {buyer.name}.</p>
          <Link to="/checkout/shipping" className={`${textLinkClass} mt-2 inline-block text-sm`}>
            Change your name
          </Link>
        </section>
        <section aria-labelledby="order-payment-heading">
          <h2 id="order-payment-heading" className={sectionHeading}>
            Payment method
          </h2>
          <p>{paymentMethod}</p>
        </section>
        <section aria-labelledby="order-items-heading">
          <h2 id="order-items-heading" className={sectionHeading}>
            Order items
          </h2>
          <QuotedItems quote={quote} pricing={pricing} items={items} />
        </section>
      </div>
      <OrderSummary
        items={items}
        address={buyer}
        delivery={undefined}
        onDeliveryRefused={noDeliveryToRefuse}
        notes=""
        gift={undefined}
        figures={figures}
        pricing={pricing}
        voucherCode={voucherCode}
        pause={null}
        deliveryPart={null}
      />
    </div>
  );
}
