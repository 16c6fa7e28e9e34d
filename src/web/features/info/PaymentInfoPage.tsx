import { Link } from 'react-router';
import { VAT_RATE_PERCENT } from '../../../shared/orders/pricing';
import { SHOP_NAME } from '../../../shared/settings/shop';
import { ContactLink, infoLinkClass } from './ContactLink';
import { InfoPage, InfoSection } from './InfoPage';

/** The /payment-info page: how payment works, who handles it and what prices include. */
export function PaymentInfoPage() {
  return (
    <InfoPage
      path="/payment-info"
      title="Payment"
      lead="Paying for your order is simple, safe and handled by PayPal."
    >
      <InfoSection title="Ways to pay">
        <ul>
          <li>Major debit and credit cards</li>
          <li>PayPal</li>
        </ul>
        <p>
          All payments are handled securely by PayPal. You don&rsquo;t need a PayPal account to pay
          by card: simply choose the debit or credit card option when you pay.
        </p>
      </InfoSection>

      <InfoSection title="Prices and VAT">
        <p>
          All prices are in pounds sterling (GBP) and include VAT at {VAT_RATE_PERCENT}%, so the
          price you see is the price you pay, plus delivery where it applies. See{' '}
          <Link to="/shipping-info" className={infoLinkClass}>
            Shipping &amp; Returns
          </Link>{' '}
          for delivery costs.
        </p>
      </InfoSection>

      <InfoSection title="Your card details">
        <p>Your card details go straight to PayPal. {SHOP_NAME} never sees or stores them.</p>
      </InfoSection>

      <InfoSection title="Order confirmation">
        <p>
          Your order is confirmed once your payment has been completed. If anything goes wrong while
          you pay, please email us at <ContactLink />.
        </p>
      </InfoSection>
    </InfoPage>
  );
}
