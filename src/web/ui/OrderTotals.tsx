import type { ReactNode } from 'react';
import { formatPence, poundsToPence, type Pence } from '../../shared/money';
import type { OrderDiscount } from '../../shared/orders/checkout';
import type { Order } from '../../shared/orders/orders';
import type { GiftCardPayment } from '../../shared/gift-cards/gift-cards';
import { giftCardPaymentTerm } from './gift-card-words';

interface OrderTotalsProps {
  itemsPence: Pence;
  shippingPence: Pence;
  /** Gift wrap, when chosen. */
  giftWrapPence?: Pence;
  taxPence: Pence;
  totalPence: Pence;
  /** Each discount the order gets: an offer of the shop's, a voucher's code, or both. */
  discounts?: readonly OrderDiscount[];
  /** The items' term, where it says more than `Items` (the basket counts them). */
  itemsTerm?: string;
  /** What delivery is told as in place of its price (`By email`, for gift cards alone). */
  shippingWords?: string | undefined;
  /** What is left to pay once gift cards have paid their part, when any are applied. */
  payablePence?: Pence | undefined;
  /** A placed order's gift card payments, each a row under the total, and who took the rest. */
  paidBy?: { giftCards: readonly GiftCardPayment[]; rest: string } | undefined;
}

/** Each gift card's part of a placed order, then the rest and what paid it (none: cards alone). */
function PaidByRows({
  paidBy,
  totalPence,
}: {
  paidBy: NonNullable<OrderTotalsProps['paidBy']>;
  totalPence: Pence;
}) {
  const cardsPence = paidBy.giftCards.reduce((sum, card) => sum + poundsToPence(card.amount), 0);
  const restPence = totalPence - cardsPence;
  return (
    <>
      {paidBy.giftCards.map((card) => (
        <Row key={card.last4} term={giftCardPaymentTerm(card.last4)}>
          −{formatPence(poundsToPence(card.amount))}
        </Row>
      ))}
      {restPence > 0 && <Row term={`Paid by ${paidBy.rest}`}>{formatPence(restPence)}</Row>}
    </>
  );
}

function Row({
  term,
  children,
  strong,
}: {
  term: ReactNode;
  children: ReactNode;
  strong?: boolean;
}) {
  return (
    <div
      className={`flex items-baseline justify-between gap-4 ${strong ? 'border-t border-line pt-3 text-lg' : ''}`}
    >
      <dt className={strong ? 'font-medium' : 'text-muted'}>{term}</dt>
      <dd className="font-serif tabular-nums">{children}</dd>
    </div>
  );
}

/** A discount as a row of the totals names it: `Offer: Scarf week`, `Voucher: Spring ten`. */
export const discountTerm = (discount: Pick<OrderDiscount, 'source' | 'name'>): string =>
  `${discount.source === 'promotion' ? 'Offer' : 'Voucher'}: ${discount.name}`;

/**
 * Items, delivery, each discount and the total, then the VAT the total already holds (prices include
 * it, so it is told, never added): one look everywhere.
 */
export function OrderTotals({
  itemsPence,
  shippingPence,
  giftWrapPence = 0,
  taxPence,
  totalPence,
  discounts = [],
  itemsTerm = 'Items',
  shippingWords,
  payablePence,
  paidBy,
}: OrderTotalsProps) {
  return (
    <div className="flex flex-col gap-2">
      <dl className="flex flex-col gap-2">
        <Row term={itemsTerm}>{formatPence(itemsPence)}</Row>
        <Row term="Delivery">
          {shippingWords ?? (shippingPence === 0 ? 'Free' : formatPence(shippingPence))}
        </Row>
        {giftWrapPence > 0 && <Row term="Gift wrap">{formatPence(giftWrapPence)}</Row>}
        {discounts
          .filter((discount) => discount.amount > 0)
          .map((discount) => (
            <Row key={`${discount.source}:${discount.name}`} term={discountTerm(discount)}>
              −{formatPence(poundsToPence(discount.amount))}
            </Row>
          ))}
        <Row term="Total" strong>
          {formatPence(totalPence)}
        </Row>
      </dl>
      <p className="text-right text-sm text-muted">Includes VAT of {formatPence(taxPence)}</p>
      {/* What paid the total, or what is left to pay of it, under the total and its VAT. */}
      {paidBy && paidBy.giftCards.length > 0 && (
        <dl className="flex flex-col gap-2">
          <PaidByRows paidBy={paidBy} totalPence={totalPence} />
        </dl>
      )}
      {payablePence !== undefined && (
        <dl className="flex flex-col gap-2">
          <Row term="To pay" strong>
            {formatPence(payablePence)}
          </Row>
        </dl>
      )}
    </div>
  );
}

/** A placed order's totals, as the server answered them. */
export function PlacedOrderTotals({
  order,
}: {
  order: Pick<
    Order,
    | 'itemsPrice'
    | 'shippingPrice'
    | 'giftWrapPrice'
    | 'taxPrice'
    | 'totalPrice'
    | 'discounts'
    | 'paymentMethod'
  > &
    Partial<Pick<Order, 'giftCardPayments' | 'payment'>>;
}) {
  return (
    <OrderTotals
      itemsPence={poundsToPence(order.itemsPrice)}
      shippingPence={poundsToPence(order.shippingPrice)}
      giftWrapPence={poundsToPence(order.giftWrapPrice)}
      taxPence={poundsToPence(order.taxPrice)}
      totalPence={poundsToPence(order.totalPrice)}
      discounts={order.discounts}
      paidBy={{
        giftCards: order.giftCardPayments ?? [],
        // The shop's own words for what paid: a card's, a wallet's, PayPal's, or a test's.
        rest: order.paymentMethod,
      }}
    />
  );
}
