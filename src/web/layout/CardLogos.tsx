/** The ways to pay, drawn as simple badges; each has its name for screen readers. */
const CARDS = [
  { name: 'Visa', label: 'VISA', colour: '#1a1f71', text: '#ffffff', italic: true },
  { name: 'Mastercard', label: '', colour: '#ffffff', text: '#1c1b19', italic: false },
  { name: 'American Express', label: 'AMEX', colour: '#2e77bc', text: '#ffffff', italic: false },
  { name: 'PayPal', label: 'PayPal', colour: '#ffffff', text: '#003087', italic: true },
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
            fontSize={card.label.length > 4 ? 10 : 11}
            fill={card.text}
          >
            {card.label}
          </text>
        )}
      </svg>
    </li>
  );
}

export function CardLogos() {
  return (
    <ul className="flex flex-wrap gap-2" aria-label="We accept">
      {CARDS.map((card) => (
        <CardBadge key={card.name} card={card} />
      ))}
    </ul>
  );
}
