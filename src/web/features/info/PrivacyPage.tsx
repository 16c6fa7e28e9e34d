import { Link } from 'react-router';
import { SHOP_NAME } from '../../../shared/shop';
import { ContactLink, infoLinkClass } from './ContactLink';
import { InfoPage, InfoSection } from './InfoPage';

/** The /privacy page: what personal data the shop keeps, why, for how long, and your rights. */
export function PrivacyPage() {
  return (
    <InfoPage
      path="/privacy"
      title="Privacy Policy"
      lead={`How ${SHOP_NAME} looks after the personal information you share with us.`}
    >
      <InfoSection title="What we collect">
        <ul>
          <li>Your name and email address</li>
          <li>Your delivery address</li>
          <li>Your order history</li>
          <li>Your email address for our newsletter, if you choose to subscribe</li>
        </ul>
      </InfoSection>

      <InfoSection title="Why we use it">
        <ul>
          <li>To process, dispatch and deliver your orders, and to contact you about them</li>
          <li>To run your account, if you have one</li>
          <li>To send you our newsletter, but only if you have subscribed</li>
        </ul>
      </InfoSection>

      <InfoSection title="Payments">
        <p>
          Payments are handled by PayPal, which processes your card or PayPal details under its own
          privacy policy. We never see or store your card details. You can read more on our{' '}
          <Link to="/payment-info" className={infoLinkClass}>
            Payment
          </Link>{' '}
          page.
        </p>
      </InfoSection>

      <InfoSection title="Your basket and your browser">
        <p>
          Your basket, and the delivery address you enter at checkout, are kept in your
          browser&rsquo;s local storage on your own device, so they are still there when you come
          back. You can remove them at any time by clearing your browser&rsquo;s site data for this
          website.
        </p>
        <p>We don&rsquo;t use advertising trackers of any kind.</p>
      </InfoSection>

      <InfoSection title="How long we keep it">
        <ul>
          <li>Order records are kept for as long as we need them for tax and accounting.</li>
          <li>Account details are kept for as long as you have an account with us.</li>
          <li>Your newsletter email address is kept until you unsubscribe.</li>
        </ul>
      </InfoSection>

      <InfoSection title="Your rights">
        <p>
          Under UK GDPR you have the right to ask for a copy of the personal information we hold
          about you, to have it corrected, and to have it deleted. To make a request, email us at{' '}
          <ContactLink />.
        </p>
      </InfoSection>

      <InfoSection title="Our newsletter">
        <p>
          You can unsubscribe from our newsletter at any time: just email us at <ContactLink />.
        </p>
      </InfoSection>
    </InfoPage>
  );
}
