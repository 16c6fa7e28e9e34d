import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SHOP_NAME } from '../../../shared/settings/shop';
import { ContactLink, infoLinkClass } from './ContactLink';
import { DeliveryTimesSentence, FreeDeliveryAnswer } from './DeliveryFacts';
import { InfoPage, InfoSection } from './InfoPage';

interface Question {
  question: string;
  answer: ReactNode;
}

const QUESTIONS: readonly Question[] = [
  {
    question: 'Where do you deliver, and how long does it take?',
    answer: (
      <p>
        We deliver within the UK only. <DeliveryTimesSentence />
        There is more detail on our{' '}
        <Link to="/shipping-info" className={infoLinkClass}>
          Shipping &amp; Returns
        </Link>{' '}
        page.
      </p>
    ),
  },
  {
    question: 'Is delivery free?',
    answer: <FreeDeliveryAnswer />,
  },
  {
    question: 'Can I return something?',
    answer: (
      <p>
        Yes. You have 14 days from delivery to change your mind: choose &lsquo;Request a
        return&rsquo; on the order&rsquo;s page in your account, or write to us, then send it back
        within 14 days. We refund the goods and the standard delivery within 14 days of getting them
        back. Return postage is yours unless the item is faulty. Pierced earrings once unsealed, and
        personalised pieces, cannot be returned unless faulty. The details are in our{' '}
        <Link to="/terms" className={infoLinkClass}>
          terms
        </Link>
        .
      </p>
    ),
  },
  {
    question: 'Can I cancel my order?',
    answer: (
      <p>
        Yes, until we dispatch it: open the order in your account and choose &lsquo;Cancel
        order&rsquo;. You get everything you paid back at once. Once it is on its way, you can
        return it instead.
      </p>
    ),
  },
  {
    question: 'Do I need a PayPal account to pay?',
    answer: (
      <p>
        No. Payments are handled by PayPal, but you can pay with a debit or credit card without an
        account. See{' '}
        <Link to="/payment-info" className={infoLinkClass}>
          Payment
        </Link>{' '}
        for more.
      </p>
    ),
  },
  {
    question: 'How long are your chains?',
    answer: (
      <p>
        Pendants come on a 45 cm, 55 cm or 70 cm chain, and chains are sold in two or three lengths.
        Choose the length on the product page; the size guide there shows where each one sits.
      </p>
    ),
  },
  {
    question: 'How do I care for sterling silver and gold vermeil?',
    answer: (
      <ul>
        <li>Take your jewellery off before swimming, showering or exercising.</li>
        <li>Put on perfume, lotion and hairspray first, and your jewellery last.</li>
        <li>
          Store each piece on its own in a dry pouch or box to keep it from scratching and
          tarnishing.
        </li>
        <li>
          Polish sterling silver gently with a soft silver cloth. Wipe gold vermeil with a soft, dry
          cloth only, as polishes can wear away the gold layer.
        </li>
      </ul>
    ),
  },
  {
    question: 'How should I wash my knitwear?',
    answer: (
      <p>
        Always follow the care label first. In general, wash knitwear gently by hand or on a cool
        wool cycle, squeeze out the water rather than wringing it, and dry it flat in its natural
        shape. Folding rather than hanging helps jumpers keep their shape.
      </p>
    ),
  },
  {
    question: 'Do you offer gift wrapping?',
    answer: <p>We don&rsquo;t offer gift wrapping at the moment.</p>,
  },
  {
    question: 'How can I get in touch?',
    answer: (
      <p>
        Email us at <ContactLink /> and we will get back to you as soon as we can.
      </p>
    ),
  },
];

/** The /faq page: common questions as native, keyboard-accessible disclosure widgets. */
export function FaqPage() {
  return (
    <InfoPage
      path="/faq"
      title="Frequently asked questions"
      lead={`Quick answers about ordering, delivery and caring for your ${SHOP_NAME} pieces.`}
    >
      <InfoSection title="Questions and answers">
        <div className="border-t border-line">
          {QUESTIONS.map(({ question, answer }) => (
            <details key={question} className="border-b border-line">
              <summary className="cursor-pointer py-3 font-medium">{question}</summary>
              <div className="pb-4">{answer}</div>
            </details>
          ))}
        </div>
      </InfoSection>
    </InfoPage>
  );
}
