import { Link } from 'react-router';
import { formatPence } from '../../../shared/money';
import { FREE_SHIPPING_ABOVE, SHIPPING_COST } from '../../../shared/pricing';
import { DELIVERY_PROMISE } from '../../../shared/shop';
import { ContactLink, infoLinkClass } from './ContactLink';
import { InfoPage, InfoSection } from './InfoPage';

/** The /shipping-info page: where and how quickly we deliver, what it costs, and our no-returns policy. */
export function ShippingInfoPage() {
  return (
    <InfoPage
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

      <InfoSection title="Returns and exchanges">
        <p>
          We are sorry, but we don&rsquo;t accept returns or exchanges. Please take a moment to
          check sizes, chain lengths and details before you order, and{' '}
          <ContactLink>ask us</ContactLink> if you are unsure about anything.
        </p>
        <p>
          This doesn&rsquo;t affect your rights if an item arrives faulty. If something isn&rsquo;t
          right, please get in touch and we will help.
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
