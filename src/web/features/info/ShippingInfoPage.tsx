import { Link } from 'react-router';
import { formatPence } from '../../../shared/money';
import { FREE_SHIPPING_ABOVE, SHIPPING_COST } from '../../../shared/pricing';
import { DELIVERY_PROMISE } from '../../../shared/shop';
import { ContactLink, infoLinkClass } from './ContactLink';
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
        <p>{DELIVERY_PROMISE}</p>
        <p>
          At the very latest, your order is due to arrive within 30 days of the day you place it.
        </p>
      </InfoSection>

      <InfoSection title="Delivery costs">
        <ul>
          <li>Free delivery on orders over {formatPence(FREE_SHIPPING_ABOVE)}.</li>
          <li>
            Orders of {formatPence(FREE_SHIPPING_ABOVE)} or less cost {formatPence(SHIPPING_COST)}{' '}
            to deliver.
          </li>
        </ul>
        <p>You will always see the delivery cost in your basket before you pay.</p>
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
