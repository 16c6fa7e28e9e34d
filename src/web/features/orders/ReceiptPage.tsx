import { useParams, useSearchParams } from 'react-router';
import { addressLines } from '../../../shared/accounts/addresses';
import { formatLongDate } from '../../../shared/dates';
import { formatPence, formatPounds, poundsToPence } from '../../../shared/money';
import { VAT_RATE_PERCENT } from '../../../shared/orders/pricing';
import { vatLineWords } from '../../../shared/orders/gift-card-vat-words';
import { buyerNameOf, type Order } from '../../../shared/orders/orders';
import type { ShopIdentity } from '../../../shared/api';
import { isRecipientView, useOrderByLink } from '../../api/orders';
import { useShopIdentity } from '../../api/shop';
import { Button, ButtonLink } from '../../ui/Button';
import { discountTerm } from '../../ui/OrderTotals';
import { cardsEndingWords, giftCardForWords, giftCardPaymentTerm } from '../../ui/gift-card-words';
import { paymentWords } from '../../../shared/payments/payment-methods';
import { ErrorBox } from '../../ui/ErrorBox';
import { Skeleton } from '../../ui/Skeleton';

const cell = 'px-2 py-1.5 text-left align-top';

/** What paid the order: PayPal, a card or wallet, gift cards beside it, or gift cards alone. */
function paidByWords(order: Order): string {
  const cardsPence = order.giftCardPayments.reduce(
    (sum, card) => sum + poundsToPence(card.amount),
    0,
  );
  if (order.giftCardPayments.length === 0) return order.paymentMethod;
  const rest = order.payment ? paymentWords(order.payment) : order.paymentMethod;
  return cardsPence >= poundsToPence(order.totalPrice) ? 'gift card' : `gift card and ${rest}`;
}
const money = 'px-2 py-1.5 text-right tabular-nums align-top';

function Totals({ order }: { order: Order }) {
  const rows: [string, string][] = [
    ['Items', formatPounds(order.itemsPrice)],
    ['Delivery', order.shippingPrice === 0 ? 'Free' : formatPounds(order.shippingPrice)],
  ];
  if (order.giftWrapPrice > 0) rows.push(['Gift wrap', formatPounds(order.giftWrapPrice)]);
  for (const discount of order.discounts) {
    if (discount.amount > 0)
      rows.push([discountTerm(discount), `-${formatPounds(discount.amount)}`]);
  }
  const totalPence = poundsToPence(order.totalPrice);
  const vatPence = poundsToPence(order.taxPrice);
  rows.push(['Total paid', formatPence(totalPence)]);
  rows.push([
    vatLineWords(`of which VAT at ${String(VAT_RATE_PERCENT)}%`, order),
    formatPence(vatPence),
  ]);
  rows.push(['Total before VAT', formatPence(totalPence - vatPence)]);
  // What the gift cards paid, each by its last 4, and the rest by whatever took it.
  if (order.giftCardPayments.length > 0) {
    let cardsPence = 0;
    for (const card of order.giftCardPayments) {
      cardsPence += poundsToPence(card.amount);
      rows.push([giftCardPaymentTerm(card.last4), `-${formatPounds(card.amount)}`]);
    }
    if (totalPence > cardsPence) {
      const rest = order.payment ? paymentWords(order.payment) : order.paymentMethod;
      rows.push([`Paid by ${rest}`, formatPence(totalPence - cardsPence)]);
    }
  }
  for (const refund of order.refunds) {
    rows.push([`Refunded ${formatLongDate(refund.createdAt)}`, `-${formatPounds(refund.amount)}`]);
  }
  return (
    <table className="ml-auto w-full max-w-sm border-collapse">
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label} className="border-b border-line last:border-0">
            <th scope="row" className={`${cell} font-normal`}>
              {label}
            </th>
            <td className={money}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Receipt({
  order,
  trader,
  orderPath,
}: {
  order: Order;
  trader: ShopIdentity;
  /** Where the order itself is: the account's page, or a guest's link. */
  orderPath: string;
}) {
  const suppliedOn = order.paidAt ?? order.createdAt;
  const buyer = buyerNameOf(order);
  // Someone else receives it (a gift): the buyer and the delivery are named apart.
  const giftedBy = buyer !== order.shippingAddress.name;
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-6 bg-white p-6 text-ink print:max-w-none print:p-0">
      <title>{`VAT receipt ${order.orderNumber} | ${trader.name}`}</title>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl">VAT receipt</h1>
          <p className="mt-1 text-sm">
            Order <span className="font-mono break-all">{order.orderNumber}</span>
          </p>
          <p className="text-sm">
            Date of supply: <time dateTime={suppliedOn}>{formatLongDate(suppliedOn)}</time>
          </p>
        </div>
        <address className="text-sm not-italic sm:text-right">
          <strong className="block">{trader.legalName}</strong>
          <span className="block">trading as {trader.name}</span>
          <span className="block">{trader.address}</span>
          <span className="block">{trader.email}</span>
          <span className="block">VAT number {trader.vatNumber}</span>
          <span className="block">Company number {trader.companyNumber}</span>
        </address>
      </header>
      <section aria-labelledby="receipt-customer">
        <h2 id="receipt-customer" className="text-lg">
          Customer and delivery
        </h2>
        <p className="text-sm">{giftedBy ? `Bought by ${buyer}` : buyer}</p>
        <address className="text-sm not-italic">
          {giftedBy && 'Delivered to '}
          {addressLines(order.shippingAddress).join(', ')}
        </address>
      </section>
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">What was bought</caption>
        <thead className="border-b-2 border-ink">
          <tr>
            <th scope="col" className={cell}>
              Item
            </th>
            <th scope="col" className={money}>
              Qty
            </th>
            <th scope="col" className={money}>
              Unit price incl. VAT
            </th>
            <th scope="col" className={money}>
              Line total
            </th>
          </tr>
        </thead>
        <tbody>
          {order.orderItems.map((item, index) => (
            <tr key={`${item.name}-${String(index)}`} className="border-b border-line">
              <td className={`${cell} wrap-anywhere`}>
                {item.name}
                {item.variantLabel ? ` (${item.variantLabel})` : ''}
                <span className="block text-xs text-muted">{item.brand}</span>
                {item.personalisation && (
                  <span className="block text-xs whitespace-pre-line">
                    {`${item.personalisationLabel ?? 'Personalisation'}: ${item.personalisation}`}
                    <span className="block text-muted">
                      {`${formatPounds(item.personalisationPrice ?? 0)} of the unit price`}
                    </span>
                  </span>
                )}
                {item.giftCard && (
                  <span className="block text-xs text-muted">
                    {giftCardForWords(item.giftCard)}
                    {item.giftCard.cards.length > 0 &&
                      `. ${cardsEndingWords(item.giftCard.cards) ?? ''}`}
                  </span>
                )}
              </td>
              <td className={money}>{item.qty}</td>
              <td className={money}>{formatPounds(item.price)}</td>
              <td className={money}>
                {formatPence(poundsToPence(item.price) * item.qty)}
                {item.discount > 0 && (
                  <span className="block text-xs text-muted">
                    −{formatPounds(item.discount)} off: paid{' '}
                    {formatPence(
                      poundsToPence(item.price) * item.qty - poundsToPence(item.discount),
                    )}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Totals order={order} />
      {order.gift?.message && (
        <p className="text-sm whitespace-pre-line wrap-anywhere">
          Gift message: {order.gift.message}
        </p>
      )}
      <p className="text-xs text-muted">
        Paid by {paidByWords(order)}. Prices include VAT at {VAT_RATE_PERCENT}%, delivery included.
      </p>
      <div className="flex flex-wrap gap-3 print:hidden">
        <Button onClick={() => window.print()}>Print</Button>
        <ButtonLink to={orderPath} variant="secondary">
          Back to the order
        </ButtonLink>
      </div>
    </article>
  );
}

/**
 * A printable VAT receipt for one order, for its owner or an admin (`/account/order/:id/receipt`),
 * or whoever holds a guest order's link (`/order/:id/receipt?key=`).
 */
export function ReceiptPage() {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const orderKey = searchParams.get('key') ?? undefined;
  const order = useOrderByLink(id, orderKey);
  const orderPath =
    orderKey === undefined
      ? `/account/order/${id}`
      : `/order/${id}?key=${encodeURIComponent(orderKey)}`;
  const trader = useShopIdentity();
  if (order.isError || trader.isError) {
    return <ErrorBox error={order.error ?? trader.error} title="The receipt could not be loaded" />;
  }
  if (order.isPending || trader.isPending) {
    return (
      <div aria-busy="true" className="mx-auto flex max-w-3xl flex-col gap-4">
        <span className="sr-only">Loading the receipt…</span>
        <Skeleton className="h-9 w-1/2" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  // A gift's recipient's link shows no prices, so it opens no receipt.
  if (isRecipientView(order.data)) {
    return (
      <div className="mx-auto flex max-w-md flex-col gap-4">
        <h1 className="text-2xl">No receipt for this link</h1>
        <p>This link follows a gift, without its prices. The receipt is the buyer’s.</p>
        <ButtonLink to={orderPath} variant="secondary" className="self-start">
          Back to the gift
        </ButtonLink>
      </div>
    );
  }
  return <Receipt order={order.data} trader={trader.data} orderPath={orderPath} />;
}
