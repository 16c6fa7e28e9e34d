import { Link } from 'react-router';
import { infoLinkClass } from './ContactLink';
import { InfoPage, InfoSection } from './InfoPage';
import { TraderDetails } from './TraderDetails';

/** The /contact page: who we are and how to reach us. */
export function ContactPage() {
  return (
    <InfoPage
      path="/contact"
      title="Contact us"
      lead="We answer every message within one working day."
    >
      <InfoSection title="Who we are">
        <TraderDetails />
      </InfoSection>
      <InfoSection title="About an order">
        <p>
          You can cancel an order until it is dispatched, and ask to return it within 14 days of
          delivery, from the order&rsquo;s page in{' '}
          <Link to="/account/profile" className={infoLinkClass}>
            your account
          </Link>
          . For anything else, write to us with your order number.
        </p>
      </InfoSection>
    </InfoPage>
  );
}
