import { Link } from 'react-router';
import { VAT_RATE_PERCENT } from '../../../shared/orders/pricing';
import { SHOP_NAME } from '../../../shared/settings/shop';
import { CancellationRights, ModelCancellationForm } from './CancellationRights';
import { ContactLink, infoLinkClass } from './ContactLink';
import { InfoPage, InfoSection } from './InfoPage';
import { TraderDetails } from './TraderDetails';

/** The /terms page: the terms on which the shop sells and delivers. */
export function TermsPage() {
  return (
    <InfoPage
      path="/terms"
      title="Terms of Use"
      lead={`The terms that apply when you use this website and buy from ${SHOP_NAME}.`}
    >
      <InfoSection title="Who we are">
        <TraderDetails />
      </InfoSection>

      <InfoSection title="Who can buy">
        <p>You must be at least 18 years old to place an order with us.</p>
      </InfoSection>

      <InfoSection title="Prices">
        <ul>
          <li>
            All prices are in pounds sterling (GBP) and include VAT at {VAT_RATE_PERCENT}%, and so
            does delivery.
          </li>
          <li>A price shown on our website is a quotation and is valid for 30 days.</li>
          <li>
            Delivery costs the price of the service you choose, as our{' '}
            <Link to="/shipping-info" className={infoLinkClass}>
              Shipping &amp; Returns
            </Link>{' '}
            page lists (some are free on larger orders), and your basket shows it before you pay.
          </li>
        </ul>
      </InfoSection>

      <InfoSection title="Delivery">
        <ul>
          <li>We deliver to addresses in the UK only.</li>
          <li>Your order is due to be delivered within 30 days of the day you place it.</li>
        </ul>
        <p>
          Our usual dispatch and delivery times are set out on our{' '}
          <Link to="/shipping-info" className={infoLinkClass}>
            Shipping &amp; Returns
          </Link>{' '}
          page.
        </p>
      </InfoSection>

      <CancellationRights />
      <ModelCancellationForm />

      <InfoSection title="Chain length">
        <p>
          Pendants come on a 45 cm, 55 cm or 70 cm chain, and chains are sold in two or three
          lengths. You choose the length on the product page, and it is the length we send.
        </p>
      </InfoSection>

      <InfoSection title="Governing law">
        <p>These terms are governed by the law of England and Wales.</p>
      </InfoSection>

      <InfoSection title="Questions">
        <p>
          If you have any questions about these terms, please email us at <ContactLink />.
        </p>
      </InfoSection>
    </InfoPage>
  );
}
