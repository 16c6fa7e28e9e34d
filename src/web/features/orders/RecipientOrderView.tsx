import { formatLongDate } from '../../../shared/dates';
import { formatDeliveryDay } from '../../../shared/delivery/delivery-window';
import type { RecipientOrder } from '../../../shared/orders/orders';
import { SHOP_NAME } from '../../../shared/settings/shop';
import { ButtonLink, textLinkClass } from '../../ui/Button';
import { OrderLines } from '../../ui/OrderLines';
import { PageHeading } from '../../ui/PageHeading';

const sectionHeading = 'mb-3 text-xl';

/** How the parcel is getting on, as the person it is for reads it. */
function progressWords(order: RecipientOrder): string {
  if (order.isDelivered) {
    return order.deliveredAt ? `Delivered on ${formatLongDate(order.deliveredAt)}` : 'Delivered';
  }
  if (order.status === 'cancelled' || order.status === 'refunded') {
    return 'This gift has been cancelled and will not arrive';
  }
  if (order.isDispatched) {
    return order.dispatchedAt
      ? `On its way: sent on ${formatLongDate(order.dispatchedAt)}`
      : 'On its way';
  }
  return 'Being made ready to send';
}

/** `Thursday 3 December`, from a UK day written `2026-12-03`. */
const deliveryDay = (day: string) => formatDeliveryDay(new Date(`${day}T00:00:00Z`));

function Progress({ order }: { order: RecipientOrder }) {
  const { tracking, estimate } = order;
  return (
    <section aria-labelledby="gift-progress-heading">
      <h2 id="gift-progress-heading" className={sectionHeading}>
        How it is getting on
      </h2>
      <p
        className={`rounded-shop px-4 py-2 ${order.isDelivered ? 'bg-success/10 text-success' : 'bg-sand text-ink'}`}
      >
        {progressWords(order)}
      </p>
      {estimate && (
        <p className="mt-3">
          Expected between <strong className="font-medium">{deliveryDay(estimate.from)}</strong> and{' '}
          <strong className="font-medium">{deliveryDay(estimate.to)}</strong>.
        </p>
      )}
      {tracking && (
        <p className="mt-3">
          {tracking.carrier}: <span className="font-mono">{tracking.number}</span>{' '}
          <a
            href={tracking.url}
            target="_blank"
            rel="noopener noreferrer"
            className={textLinkClass}
          >
            Track the parcel<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
      )}
    </section>
  );
}

/** What is in the parcel: pictures, names, options and how many; never a price. */
function ComingItems({ items }: { items: RecipientOrder['orderItems'] }) {
  return (
    <section aria-labelledby="gift-items-heading">
      <h2 id="gift-items-heading" className={sectionHeading}>
        What is coming
      </h2>
      <OrderLines label="Items in this gift" lines={items} />
    </section>
  );
}

/**
 * A gift as the person it is for sees it by the link the buyer sent them: who it is from, how it
 * is getting on, what is coming and the message. No price, payment, address or cancelling.
 */
export function RecipientOrderView({ order }: { order: RecipientOrder }) {
  const { gift, shippingAddress } = order;
  return (
    <>
      <title>{`A gift from ${order.from} | ${SHOP_NAME}`}</title>
      <PageHeading
        lead={
          <>
            For {shippingAddress.name}
            {shippingAddress.city && `, ${shippingAddress.city}`}. Order{' '}
            <span className="font-mono">{order.orderNumber}</span>
          </>
        }
      >
        A gift from {order.from}
      </PageHeading>
      <div className="flex max-w-3xl flex-col gap-8">
        <Progress order={order} />
        {(gift.message || gift.wrap) && (
          <section aria-labelledby="gift-message-heading">
            <h2 id="gift-message-heading" className={sectionHeading}>
              {gift.message ? `A message from ${order.from}` : 'Gift wrapped'}
            </h2>
            {gift.message && (
              <blockquote className="rounded-shop border border-line bg-surface px-5 py-4 font-serif text-lg whitespace-pre-line wrap-anywhere">
                {gift.message}
              </blockquote>
            )}
            {gift.wrap && <p className={gift.message ? 'mt-3' : ''}>It comes gift wrapped.</p>}
          </section>
        )}
        <ComingItems items={order.orderItems} />
        <ButtonLink to="/" variant="secondary" className="self-start">
          Visit the shop
        </ButtonLink>
      </div>
    </>
  );
}
