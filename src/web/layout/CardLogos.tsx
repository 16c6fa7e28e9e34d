import type { PaymentMethodsOn } from '../../shared/payments/payment-methods';

/** The ways to pay, drawn as simple badges; each has its name for screen readers. */
const CARDS = [
  { name: 'Visa', label: 'VISA', colour: '#1a1f71', text: '#ffffff', italic: true, way: 'card' },
  { name: 'Mastercard', label: '', colour: '#ffffff', text: '#1c1b19', italic: false, way: 'card' },
  {
    name: 'American Express',
    label: 'AMEX',
    colour: '#2e77bc',
    text: '#ffffff',
    italic: false,
    way: 'card',
  },
  {
    name: 'PayPal',
    label: 'PayPal',
    colour: '#ffffff',
    text: '#003087',
    italic: true,
    way: 'paypal',
  },
  {
    name: 'Apple Pay',
    label: 'Apple Pay',
    colour: '#000000',
    text: '#ffffff',
    italic: false,
    way: 'applePay',
  },
  {
    name: 'Google Pay',
    label: 'G Pay',
    colour: '#ffffff',
    text: '#3c4043',
    italic: false,
    way: 'googlePay',
  },
] as const;

function CardBadge({ card }: { card: (typeof CARDS)[number] }) {
  return (
    <li>
      <svg viewBox="0 0 48 30" className="h-7 w-auto" role="img" aria-label={card.name}>
        <rect x="0.5" y="0.5" width="47" height="29" rx="4" fill={card.colour} stroke="#e4ddd2" />
        {card.name === 'Mastercard' ? (
          <>
            <circle cx="19" cy="15" r="8" fill="#eb001b" />
            <circle cx="29" cy="15" r="8" fill="#f79e1b" fillOpacity="0.9" />
          </>
        ) : (
          <text
            x="24"
            y="19.5"
            textAnchor="middle"
            fontFamily="Arial, sans-serif"
            fontWeight="700"
            fontStyle={card.italic ? 'italic' : 'normal'}
            fontSize={card.label.length > 6 ? 8 : card.label.length > 4 ? 10 : 11}
            fill={card.text}
          >
            {card.label}
          </text>
        )}
      </svg>
    </li>
  );
}

/**
 * The marks of the ways to pay the owner has on, and only those: PayPal always, the card networks
 * while cards are on, Apple Pay and Google Pay while each is.
 */
export function CardLogos({ methods }: { methods: PaymentMethodsOn | undefined }) {
  const on = (way: (typeof CARDS)[number]['way']) =>
    way === 'paypal' || (methods !== undefined && methods[way]);
  return (
    <ul className="flex flex-wrap gap-2" aria-label="We accept">
      {CARDS.filter((card) => on(card.way)).map((card) => (
        <CardBadge key={card.name} card={card} />
      ))}
    </ul>
  );
}
