import { Link } from 'react-router';
import { SHOP_NAME } from '../../../shared/settings/shop';
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
          <li>Your delivery addresses, and those you save to your account</li>
          <li>Your order history, with any gift message</li>
          <li>The reviews you write and the products on your wishlist</li>
          <li>Your email address for our newsletter, if you choose to subscribe</li>
          <li>Your email address for a back-in-stock alert, if you ask for one</li>
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
          <li>
            Order records are kept for six years after the end of the tax year they fall in, as HMRC
            requires of every business registered for VAT: what was bought, the prices, the VAT, and
            the dates.
          </li>
          <li>
            Account details, saved addresses and your wishlist are kept for as long as you have an
            account with us.
          </li>
          <li>Your newsletter email address is kept until you unsubscribe.</li>
          <li>A back-in-stock alert is kept until the item is back and we have told you.</li>
          <li>The emails we send you about your orders are kept while your account is open.</li>
        </ul>
      </InfoSection>

      <InfoSection title="Your rights">
        <p>
          Under UK GDPR you have the right to a copy of the personal information we hold about you,
          to have it corrected, and to have it erased. From{' '}
          <Link to="/account/profile" className={infoLinkClass}>
            your account
          </Link>{' '}
          you can download everything we hold about you as a file, change your details, and close
          your account.
        </p>
        <p>
          Closing your account erases your name, email address, password, saved addresses, wishlist,
          newsletter sign-up and stock alerts. We keep your orders for the six years the tax rules
          ask, but without your name, email address, street, phone number or the second half of your
          postcode (the town and the first half stay, for the VAT records). Your reviews stay on the
          products they describe, signed &ldquo;A former customer&rdquo;. If you checked out as a
          guest, or want anything else, email us at <ContactLink />.
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
