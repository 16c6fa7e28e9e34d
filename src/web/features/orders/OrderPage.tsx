import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { formatLongDate } from '../../../shared/dates';
import type { OrderDelivery } from '../../../shared/delivery/delivery';
import { formatPounds } from '../../../shared/money';
import { recipientOf, type Order } from '../../../shared/orders/orders';
import { RETURN_KIND_CHOICES, RETURN_KIND_WORDS } from '../../../shared/orders/order-status';
import { LIABILITY_WORDS } from '../../../shared/payments/payment-methods';
import { SHOP_NAME } from '../../../shared/settings/shop';
import { ApiError } from '../../api/client';
import { isRecipientView, useOrderByLink } from '../../api/orders';
import { useBackOfficeRole } from '../../state/roles';
import { useSession } from '../../state/session-store';
import { ButtonLink, textLinkClass } from '../../ui/Button';
import { ErrorBox } from '../../ui/ErrorBox';
import { OrderLines } from '../../ui/OrderLines';
import { Collector, DeliveryAddress } from '../../ui/DeliveryAddress';
import { dispatchAndArrival } from '../../ui/DeliveryChoice';
import { useCollectionPoint } from '../../api/collection-point';
import { PlacedOrderTotals } from '../../ui/OrderTotals';
import { PageHeading } from '../../ui/PageHeading';
import { RecipientLinkBox, recipientLinkFrom, wasJustPlaced } from '../../ui/RecipientLinkBox';
import { Skeleton } from '../../ui/Skeleton';
import { AdminOrderActions } from './AdminOrderActions';
import { BuyerDetails } from './BuyerDetails';
import { CancelOrder, RequestReturn } from './CustomerOrderActions';
import { ClaimOrder, GuestThanks } from './GuestOrderParts';
import { fulfilmentWords, isReplacement, paymentWords, statusWords } from './fulfilment';
import type { OrderPageContext } from './order-context';
import { OrderHistory } from './OrderHistory';
import { OrderNoteForm } from './OrderNoteForm';
import { RecipientOrderView } from './RecipientOrderView';
import { ExchangeLinks, ReturnClosed } from './ReturnAndExchange';
import { ClosedReturn } from './ReturnOutcome';

const BACK = {
  account: { to: '/account/profile', label: 'Back to your account' },
  admin: { to: '/admin/orderlist', label: 'Back to all orders' },
  guest: { to: '/', label: 'Continue shopping' },
} as const;

const sectionHeading = 'mb-3 text-xl';

function StateLine({ good, children }: { good: boolean; children: string }) {
  return (
    <p
      className={`rounded-shop px-4 py-2 ${good ? 'bg-success/10 text-success' : 'bg-sand text-ink'}`}
    >
      {children}
    </p>
  );
}

function Tracking({ tracking }: { tracking: NonNullable<Order['tracking']> }) {
  return (
    <p className="mt-2">
      {tracking.carrier}: <span className="font-mono">{tracking.number}</span>{' '}
      <a href={tracking.url} target="_blank" rel="noopener noreferrer" className={textLinkClass}>
        Track your parcel<span className="sr-only"> (opens in a new tab)</span>
      </a>
    </p>
  );
}

function Refunds({ order }: { order: Order }) {
  if (order.refunds.length === 0) return null;
  return (
    <section aria-labelledby="order-refunds-heading">
      <h2 id="order-refunds-heading" className={sectionHeading}>
        Refunds
      </h2>
      <ul className="flex flex-col gap-2">
        {order.refunds.map((refund) => (
          <li key={refund._id}>
            {formatPounds(refund.amount)} on{' '}
            <time dateTime={refund.createdAt}>{formatLongDate(refund.createdAt)}</time>:{' '}
            <span className="wrap-anywhere">{refund.reason}</span>
          </li>
        ))}
      </ul>
      <p className="mt-2 font-medium">Refunded in all: {formatPounds(order.refundedTotal)}</p>
    </section>
  );
}

/** A gift's message as the packing slip prints it, and whether it is wrapped. */
function GiftDetails({ gift }: { gift: NonNullable<Order['gift']> }) {
  return (
    <section aria-labelledby="order-gift-heading">
      <h2 id="order-gift-heading" className={sectionHeading}>
        Gift
      </h2>
      <p>
        {gift.wrap
          ? 'Sent as a gift, gift wrapped, without prices.'
          : 'Sent as a gift, without prices.'}
      </p>
      {gift.message && (
        <blockquote className="mt-3 rounded-shop border border-line bg-surface px-5 py-4 font-serif text-lg whitespace-pre-line wrap-anywhere">
          {gift.message}
        </blockquote>
      )}
    </section>
  );
}

/**
 * The service the order was sold with, and while it waits to go, the dates given then (a
 * collection's day is in its state line).
 */
function ServiceSold({ order, delivery }: { order: Order; delivery: OrderDelivery }) {
  return (
    <p className="mb-3">
      <span className="block font-medium">{delivery.name}</span>
      {order.status === 'paid' && !delivery.collect && (
        <span className="block">{dispatchAndArrival(delivery)}</span>
      )}
    </p>
  );
}

interface DetailsProps {
  order: Order;
  context: OrderPageContext;
  /** The key of a guest's order, from its link. */
  orderKey?: string | undefined;
}

function OrderDetails({ order, context, orderKey }: DetailsProps) {
  const role = useBackOfficeRole();
  // Staff send orders out; the owner also cancels and refunds them.
  const backOffice = role !== null && context === 'admin';
  const shopOwner = role === 'admin' && context === 'admin';
  const signedInOwner = useSession(
    (state) => order.user !== null && state.userInfo?._id === order.user._id,
  );
  const signedIn = useSession((state) => state.userInfo !== null);
  // Whoever holds a guest order's key is its buyer, as far as the shop can tell.
  const isOwner = context === 'guest' || signedInOwner;
  const recipient = recipientOf(order);
  const state: unknown = useLocation().state;
  const placed = wasJustPlaced(state);
  const recipientLink = recipientLinkFrom(state);
  // The buyer's own name, where someone else receives the order (a gift, a parcel to work).
  const boughtBy =
    !backOffice && order.buyer.name !== '' && order.buyer.name !== order.shippingAddress.name
      ? order.buyer.name
      : null;
  const collect = order.delivery?.collect ?? false;
  const collection = useCollectionPoint(collect);
  const receipt =
    context === 'guest' && orderKey !== undefined
      ? `/order/${order._id}/receipt?key=${encodeURIComponent(orderKey)}`
      : `/account/order/${order._id}/receipt`;
  return (
    <>
      <title>{`Order ${order.orderNumber} | ${SHOP_NAME}`}</title>
      {context === 'guest' && placed && <GuestThanks />}
      <PageHeading
        lead={
          <>
            Placed on <time dateTime={order.createdAt}>{formatLongDate(order.createdAt)}</time>
          </>
        }
      >
        Order <span className="font-mono text-lg break-all md:text-xl">{order.orderNumber}</span>
      </PageHeading>
      <div className="grid grid-cols-1 gap-10 md:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-8">
          {context === 'guest' && placed && order.gift && recipientLink && (
            <RecipientLinkBox link={recipientLink} recipient={order.shippingAddress.name} />
          )}
          <section aria-labelledby="order-shipping-heading">
            <h2 id="order-shipping-heading" className={sectionHeading}>
              {collect ? 'Collection' : 'Shipping'}
            </h2>
            <div className="mb-3 grid gap-x-8 gap-y-3 sm:grid-cols-2">
              <div>
                {backOffice && recipient !== null && (
                  <p className="text-muted">
                    A gift for {recipient}, {collect ? 'collected by' : 'sent to'}:
                  </p>
                )}
                {collect ? (
                  <Collector address={order.shippingAddress} />
                ) : (
                  <DeliveryAddress address={order.shippingAddress} />
                )}
              </div>
              {backOffice && <BuyerDetails order={order} />}
              {boughtBy && <p className="text-muted">Bought by {boughtBy}</p>}
            </div>
            {order.delivery && <ServiceSold order={order} delivery={order.delivery} />}
            <div className="flex flex-col gap-2">
              <StateLine good={order.status !== 'cancelled'}>
                {`Status: ${statusWords(order)}`}
              </StateLine>
              {fulfilmentWords(order, collection).map((words) => (
                <StateLine key={words} good={order.isDelivered}>
                  {words}
                </StateLine>
              ))}
            </div>
            {order.tracking && <Tracking tracking={order.tracking} />}
            {order.returnRequest && (
              <div className="mt-3">
                <p>
                  Return asked for on{' '}
                  <time dateTime={order.returnRequest.createdAt}>
                    {formatLongDate(order.returnRequest.createdAt)}
                  </time>
                </p>
                <p className="wrap-anywhere">
                  <strong className="font-medium">
                    {
                      (backOffice ? RETURN_KIND_WORDS : RETURN_KIND_CHOICES)[
                        order.returnRequest.kind
                      ]
                    }
                    :
                  </strong>{' '}
                  {order.returnRequest.reason}
                </p>
              </div>
            )}
            {order.returnClosed &&
              (backOffice ? (
                <ClosedReturn closed={order.returnClosed} />
              ) : (
                <ReturnClosed closed={order.returnClosed} />
              ))}
            <ExchangeLinks order={order} context={context} />
          </section>
          <section aria-labelledby="order-payment-heading">
            <h2 id="order-payment-heading" className={sectionHeading}>
              Payment
            </h2>
            <p className="mb-3">Method: {order.paymentMethod}</p>
            {backOffice && order.payment?.liabilityShift && (
              <p className="mb-3">3-D Secure: {LIABILITY_WORDS[order.payment.liabilityShift]}</p>
            )}
            <StateLine good={order.isPaid || isReplacement(order)}>{paymentWords(order)}</StateLine>
            <p className="mt-3">
              <Link to={receipt} className={textLinkClass}>
                VAT receipt
              </Link>
            </p>
          </section>
          <Refunds order={order} />
          <section aria-labelledby="order-items-heading">
            <h2 id="order-items-heading" className={sectionHeading}>
              Order items
            </h2>
            {order.orderItems.length === 0 ? (
              <p className="text-muted">Order is Empty</p>
            ) : (
              <OrderLines lines={order.orderItems} label="Items in this order" />
            )}
          </section>
          {order.gift && <GiftDetails gift={order.gift} />}
          {order.notes && (
            <section aria-labelledby="order-notes-heading">
              <h2 id="order-notes-heading" className={sectionHeading}>
                Notes
              </h2>
              <p className="whitespace-pre-line wrap-anywhere">{order.notes}</p>
            </section>
          )}
          {order.events && <OrderHistory events={order.events} />}
          {backOffice && <OrderNoteForm order={order} />}
        </div>
        <aside className="flex h-fit flex-col gap-8" aria-label="Order summary and actions">
          <section
            aria-labelledby="order-summary-heading"
            className="flex flex-col gap-4 rounded-shop bg-sand p-6"
          >
            <h2 id="order-summary-heading" className="text-xl">
              Order summary
            </h2>
            <PlacedOrderTotals order={order} />
          </section>
          {backOffice && <AdminOrderActions order={order} canRefund={shopOwner} />}
          {(isOwner || shopOwner) && (
            <CancelOrder order={order} forAdmin={context === 'admin'} orderKey={orderKey} />
          )}
          {isOwner && context !== 'guest' && <RequestReturn order={order} />}
          {context === 'guest' && orderKey !== undefined && signedIn && (
            <ClaimOrder order={order} orderKey={orderKey} />
          )}
          <ButtonLink to={BACK[context].to} variant="secondary">
            {BACK[context].label}
          </ButtonLink>
        </aside>
      </div>
    </>
  );
}

function OrderNotFound({ context }: { context: OrderPageContext }) {
  return (
    <div role="alert" className="mx-auto max-w-lg rounded-shop bg-sand p-8 text-center">
      <title>{`Order not found | ${SHOP_NAME}`}</title>
      <h1 className="text-2xl">Order not found</h1>
      <p className="mt-3 text-muted">
        We could not find that order. Please check the link, or find it in your list of orders.
      </p>
      <ButtonLink to={BACK[context].to} variant="secondary" className="mt-6">
        {BACK[context].label}
      </ButtonLink>
    </div>
  );
}

/**
 * One order, for its owner (`/account/order/:id`), an admin (`/admin/order/:id`), or whoever
 * holds a guest order's link (`/order/:id?key=`).
 */
export function OrderPage({ context }: { context: OrderPageContext }) {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const orderKey = context === 'guest' ? (searchParams.get('key') ?? '') : undefined;
  const order = useOrderByLink(id, orderKey);
  if (order.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-4">
        <span className="sr-only">Loading the order…</span>
        <Skeleton className="h-9 w-2/3" />
        <Skeleton className="h-24 w-full max-w-lg" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (order.isError) {
    if (
      order.error instanceof ApiError &&
      (order.error.code === 'ORDER_NOT_FOUND' || order.error.code === 'NOT_FOUND')
    ) {
      return <OrderNotFound context={context} />;
    }
    return (
      <>
        <PageHeading>Order</PageHeading>
        <ErrorBox error={order.error} title="The order could not be loaded" />
        <ButtonLink to={BACK[context].to} variant="secondary" className="mt-6">
          {BACK[context].label}
        </ButtonLink>
      </>
    );
  }
  // A gift's recipient's link answers only what they may see.
  if (isRecipientView(order.data)) return <RecipientOrderView order={order.data} />;
  return <OrderDetails order={order.data} context={context} orderKey={orderKey} />;
}
