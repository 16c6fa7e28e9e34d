import { Link, useLocation, useParams } from 'react-router';
import { smallImageUrl } from '../../../shared/catalog/images';
import { PersonalisedText } from '../../ui/PersonalisedText';
import { formatPence, poundsToPence } from '../../../shared/money';
import type { OrderDelivery } from '../../../shared/delivery/delivery';
import type { Order } from '../../../shared/orders/orders';
import { SHOP_NAME } from '../../../shared/settings/shop';
import { useOrder } from '../../api/orders';
import { useSession } from '../../state/session-store';
import { ButtonLink, textLinkClass } from '../../ui/Button';
import { ErrorBox } from '../../ui/ErrorBox';
import { Collector, DeliveryAddress } from '../../ui/DeliveryAddress';
import { dispatchAndArrival, readyToCollect } from '../../ui/DeliveryChoice';
import { useCollectionPoint } from '../../api/collection-point';
import { PlacedOrderTotals } from '../../ui/OrderTotals';
import { cardsEndingWords, giftCardForWords } from '../../ui/gift-card-words';
import { RecipientLinkBox, recipientLinkFrom } from '../../ui/RecipientLinkBox';
import { PageHeading } from '../../ui/PageHeading';
import { Skeleton } from '../../ui/Skeleton';
import {
  DELIVERY_WORKING_DAYS,
  DISPATCH_WORKING_DAYS,
  deliveryWindow,
  formatDeliveryDay,
} from '../../../shared/delivery/delivery-window';

export const THANK_YOU = 'Thank you, your order is placed';

const sectionHeading = 'mb-3 text-xl';
const orderPath = (id: string) => `/account/order/${encodeURIComponent(id)}`;

function BoughtItems({ items }: { items: Order['orderItems'] }) {
  return (
    <ul aria-label="What you bought" className="divide-y divide-line">
      {items.map((item, index) => (
        <li key={`${item.name}-${index}`} className="flex items-center gap-4 py-3">
          <img
            src={smallImageUrl(item.image) ?? item.image}
            alt=""
            width={64}
            height={64}
            className="size-16 shrink-0 rounded-shop bg-sand object-cover"
          />
          <div className="min-w-0 flex-1">
            <p className="wrap-anywhere">{item.name}</p>
            {item.giftCard ? (
              <>
                <p className="text-sm text-muted">{giftCardForWords(item.giftCard)}</p>
                {item.giftCard.cards.length > 0 && (
                  <p className="text-sm text-muted">{cardsEndingWords(item.giftCard.cards)}</p>
                )}
              </>
            ) : (
              item.variantLabel && <p className="text-sm text-muted">{item.variantLabel}</p>
            )}
            {item.personalisation && (
              <PersonalisedText label={item.personalisationLabel} text={item.personalisation} />
            )}
          </div>
          <p className="shrink-0 text-right tabular-nums">
            {item.qty} × {formatPence(poundsToPence(item.price))}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** An order from before services were chosen: the shop's one fixed promise of then. */
function FixedWindow({ order }: { order: Order }) {
  const { earliest, latest } = deliveryWindow(order.createdAt);
  const dispatch = `${DISPATCH_WORKING_DAYS.fewest}–${DISPATCH_WORKING_DAYS.most}`;
  const delivery = `${DELIVERY_WORKING_DAYS.fewest}–${DELIVERY_WORKING_DAYS.most}`;
  return (
    <>
      <li>We pack and dispatch your order within {dispatch} working days.</li>
      <li>
        Delivery takes {delivery} working days after dispatch: expect it between{' '}
        <strong className="font-medium">{formatDeliveryDay(earliest)}</strong> and{' '}
        <strong className="font-medium">{formatDeliveryDay(latest)}</strong>.
      </li>
    </>
  );
}

/** The service the order goes by and the dates it was sold with. */
function ServiceAndDates({ delivery }: { delivery: OrderDelivery }) {
  const collection = useCollectionPoint(delivery.collect);
  return (
    <>
      <li>
        <span className="font-medium">{delivery.name}</span>:{' '}
        <span>
          {delivery.collect ? readyToCollect(delivery, collection) : dispatchAndArrival(delivery)}
        </span>
        .
      </li>
      {delivery.collect && (
        <li>We email you when it is ready; bring your order number with you.</li>
      )}
    </>
  );
}

/** Whether an order holds gift cards alone: nothing is sent, each card is emailed. */
const holdsOnlyGiftCards = (order: Order) =>
  order.orderItems.length > 0 && order.orderItems.every((item) => item.giftCard);

function WhatHappensNext({ order }: { order: Order }) {
  const email = useSession((state) => state.userInfo?.email);
  const cards = order.orderItems.some((item) => item.giftCard);
  return (
    <ul className="flex list-disc flex-col gap-2 pl-5">
      <li>
        We have sent a confirmation {email ? `to ${email}` : 'by email'}, with everything on this
        page.
      </li>
      {cards && (
        <li>
          Each gift card is emailed to its recipient at 8am on the day you chose, or straight away
          if that is today.
        </li>
      )}
      {holdsOnlyGiftCards(order) ? null : order.delivery ? (
        <ServiceAndDates delivery={order.delivery} />
      ) : (
        <FixedWindow order={order} />
      )}
      {order.status === 'paid' && (
        <li>
          Changed your mind? You can cancel the order from{' '}
          <Link to={orderPath(order._id)} className={textLinkClass}>
            its order page
          </Link>{' '}
          until it is dispatched, and we refund the whole amount.
        </li>
      )}
    </ul>
  );
}

function Confirmation({ order }: { order: Order }) {
  // The answer that placed the order carries the link; the checkout hands it over as it leaves.
  const state: unknown = useLocation().state;
  const recipientLink = order.recipientLink ?? recipientLinkFrom(state);
  return (
    <>
      <title>{`Thank you | ${SHOP_NAME}`}</title>
      <PageHeading
        lead={
          <>
            Order number <span className="font-mono text-ink">{order.orderNumber}</span>
          </>
        }
      >
        {THANK_YOU}
      </PageHeading>
      <div className="grid grid-cols-1 gap-10 md:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-8">
          {order.gift && recipientLink && (
            <RecipientLinkBox link={recipientLink} recipient={order.shippingAddress.name} />
          )}
          <section aria-labelledby="thanks-next-heading">
            <h2 id="thanks-next-heading" className={sectionHeading}>
              What happens next
            </h2>
            <WhatHappensNext order={order} />
          </section>
          <section aria-labelledby="thanks-items-heading">
            <h2 id="thanks-items-heading" className={sectionHeading}>
              What you bought
            </h2>
            <BoughtItems items={order.orderItems} />
          </section>
          {holdsOnlyGiftCards(order) ? null : order.delivery?.collect ? (
            <section aria-labelledby="thanks-address-heading">
              <h2 id="thanks-address-heading" className={sectionHeading}>
                Collected by
              </h2>
              <Collector address={order.shippingAddress} />
            </section>
          ) : (
            <section aria-labelledby="thanks-address-heading">
              <h2 id="thanks-address-heading" className={sectionHeading}>
                Delivery address
              </h2>
              <DeliveryAddress address={order.shippingAddress} />
            </section>
          )}
        </div>
        <aside className="flex h-fit flex-col gap-6" aria-label="Order summary">
          <section
            aria-labelledby="thanks-total-heading"
            className="flex flex-col gap-4 rounded-shop bg-sand p-6"
          >
            <h2 id="thanks-total-heading" className="text-xl">
              Total paid
            </h2>
            <PlacedOrderTotals order={order} />
          </section>
          <ButtonLink to={orderPath(order._id)}>View your order</ButtonLink>
          <Link to="/" className={`${textLinkClass} self-center`}>
            Continue shopping
          </Link>
        </aside>
      </div>
    </>
  );
}

/** Where a shopper lands once their order is paid for: what they bought and what happens next. */
export function OrderConfirmationPage() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  if (order.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-4">
        <span className="sr-only">Loading your order…</span>
        <Skeleton className="h-9 w-2/3" />
        <Skeleton className="h-24 w-full max-w-lg" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (order.isError) {
    return (
      <>
        <PageHeading>Your order</PageHeading>
        <ErrorBox error={order.error} title="Your order could not be shown" />
        <p className="mt-4">
          Your orders are listed in{' '}
          <Link to="/account/profile" className={textLinkClass}>
            your account
          </Link>
          .
        </p>
      </>
    );
  }
  return <Confirmation order={order.data} />;
}
