import { Link } from 'react-router';
import { useShopIdentity } from '../../api/shop';
import { infoLinkClass } from './ContactLink';
import { InfoSection } from './InfoPage';
import { traderLine } from './TraderDetails';

/** The 14-day right to cancel a distance sale, and how to use it, in plain words. */
export function CancellationRights() {
  return (
    <>
      <InfoSection title="Your right to cancel">
        <p>
          Under the Consumer Contracts Regulations 2013 you may cancel your order for any reason
          within 14 days of the day you (or someone you name) receive the goods. For an order that
          arrives in several parcels, the 14 days run from the day the last one arrives.
        </p>
        <ul>
          <li>
            Before we dispatch your order, cancel it from its page in{' '}
            <Link to="/account/profile" className={infoLinkClass}>
              your account
            </Link>
            : we refund everything you paid at once, and nothing is sent.
          </li>
          <li>
            After it arrives, choose &lsquo;Request a return&rsquo; on the order&rsquo;s page within
            14 days, or tell us in any other clear way, for example by email or with the model
            cancellation form below. Then send the goods back within 14 days of telling us.
          </li>
          <li>
            We refund the price of the goods and the standard delivery you paid within 14 days of
            getting them back, or of your proof that you sent them, whichever is sooner, to the
            account you paid with. Return postage is yours to pay unless the goods are faulty or not
            as described.
          </li>
          <li>
            We may take off an amount for any loss in value caused by handling the goods more than
            you would in a shop to see what they are and how they work.
          </li>
        </ul>
      </InfoSection>
      <InfoSection title="When the right to cancel does not apply">
        <ul>
          <li>
            Pierced earrings and other items for the body sealed for health or hygiene reasons, once
            the seal has been broken after delivery.
          </li>
          <li>
            Items made to your specification or clearly personalised, such as engraved pieces or
            chains cut to a length you asked for.
          </li>
        </ul>
      </InfoSection>
      <InfoSection title="Faulty goods">
        <p>
          Your rights under the Consumer Rights Act 2015 are not affected by any of this. If an item
          is faulty, not as described or not fit for purpose, you may reject it within 30 days of
          delivery for a full refund, and after that ask for a repair or replacement. We pay the
          postage for faulty goods.
        </p>
      </InfoSection>
    </>
  );
}

/** The model cancellation form of Schedule 3 to the Regulations, addressed to the shop. */
export function ModelCancellationForm() {
  const trader = useShopIdentity();
  const addressee = trader.data
    ? `${traderLine(trader.data)}, ${trader.data.email}`
    : 'the shop, at the address above';
  return (
    <InfoSection title="Model cancellation form">
      <p>Complete and return this form only if you wish to withdraw from the contract.</p>
      <div className="mt-3 rounded-shop border border-line p-4">
        <p>To: {addressee}</p>
        <p>
          I/We [*] hereby give notice that I/We [*] cancel my/our [*] contract of sale of the
          following goods [*]/for the supply of the following service [*],
        </p>
        <p>Ordered on [*]/received on [*],</p>
        <p>Name of consumer(s),</p>
        <p>Address of consumer(s),</p>
        <p>Signature of consumer(s) (only if this form is notified on paper),</p>
        <p>Date</p>
        <p className="text-sm text-muted">[*] Delete as appropriate.</p>
      </div>
    </InfoSection>
  );
}
