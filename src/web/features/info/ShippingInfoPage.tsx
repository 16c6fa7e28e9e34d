import { Link } from 'react-router';
import { ContactLink, infoLinkClass } from './ContactLink';
import { DeliveryServiceList, DispatchTimes } from './DeliveryFacts';
import { InfoPage, InfoSection } from './InfoPage';

/** The /shipping-info page: where and how quickly we deliver, what it costs, and how to return. */
export function ShippingInfoPage() {
  return (
    <InfoPage
      path="/shipping-info"
      title="Shipping & Returns"
      lead="Everything you need to know about getting your order to your door."
    >
      <InfoSection title="Where we deliver">
        <p>We deliver to addresses in the UK only.</p>
      </InfoSection>

      <InfoSection title="Delivery times">
        <DispatchTimes />
        <p>
          Each product page says when an order placed now goes out and when it should arrive. At the
          very latest, your order is due to arrive within 30 days of the day you place it.
        </p>
      </InfoSection>

      <InfoSection title="Delivery services and costs">
        <DeliveryServiceList />
        <p className="mt-3">
          A parcel goes only by a service that covers what it holds if it is lost, so a basket worth
          more than a service&rsquo;s cover is not offered that service. You choose the service in
          your basket, and always see its cost there before you pay.
        </p>
      </InfoSection>

      <InfoSection title="Cancelling and returning">
        <p>
          You can cancel an order until it is dispatched, from its page in your account, and get
          everything back at once. After delivery you have 14 days to ask to return it
          (&lsquo;Request a return&rsquo; on the order&rsquo;s page), and 14 more to send it back;
          we refund the goods and the standard delivery within 14 days of getting them. Return
          postage is yours unless the item is faulty.
        </p>
        <p>
          Pierced earrings once their seal is broken, and personalised pieces, cannot be returned
          unless faulty. Our{' '}
          <Link to="/terms" className={infoLinkClass}>
            terms
          </Link>{' '}
          set out your rights in full; if anything is not right, <ContactLink>tell us</ContactLink>{' '}
          and we will help.
        </p>
      </InfoSection>

      <InfoSection title="Late or damaged parcels">
        <p>
          If your parcel hasn&rsquo;t arrived when you expected it, or it arrives damaged, please
          email us at <ContactLink /> with your order details (and a photo, if anything is damaged),
          and we will sort it out with you.
        </p>
        <p>
          You may also find an answer in our{' '}
          <Link to="/faq" className={infoLinkClass}>
            frequently asked questions
          </Link>
          .
        </p>
      </InfoSection>
    </InfoPage>
  );
}
