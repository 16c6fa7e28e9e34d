import { smallImageUrl } from '../../shared/catalog/images';
import { formatPence, poundsToPence } from '../../shared/money';
import { MakingNote } from './MakingNote';
import { cardsEndingWords, giftCardForWords } from './gift-card-words';
import { PersonalisedText } from './PersonalisedText';

export interface OrderLine {
  name: string;
  brand: string;
  image: string;
  /** Pounds; absent where the prices are not to be shown (a gift's recipient's view). */
  price?: number;
  qty: number;
  /** `Size: M`, for a product sold in options. */
  variantLabel?: string | null | undefined;
  /** A gift card: who it is for, when it is sent, and (once made) the last 4 of its cards. */
  giftCard?:
    | {
        recipientName: string;
        recipientEmail: string;
        sendOn: string;
        cards?: readonly string[];
      }
    | null
    | undefined;
  /** Made to order: its lead days, as promised. */
  madeToOrder?: { leadDays: number } | null | undefined;
  /** On pre-order: its release date, as promised. */
  preorder?: { releaseDate: string } | null | undefined;
  /** A personalised line's text, and what it is called ("Engraving"). */
  personalisation?: string | null | undefined;
  personalisationLabel?: string | null | undefined;
}

/** Who a card is for, when it goes, and the cards it made. */
function GiftCardWords({ card }: { card: NonNullable<OrderLine['giftCard']> }) {
  const cards = cardsEndingWords(card.cards ?? []);
  return (
    <>
      <p className="text-sm text-muted">{giftCardForWords(card)}</p>
      {cards && <p className="text-sm text-muted">{cards}</p>}
    </>
  );
}

/**
 * The items of an order or of a basket at checkout: image, name, quantity × price = line total;
 * the quantity alone for lines without a price.
 */
export function OrderLines({ lines, label }: { lines: readonly OrderLine[]; label: string }) {
  return (
    <ul aria-label={label} className="divide-y divide-line">
      {lines.map((line, index) => {
        const pricePence = line.price === undefined ? null : poundsToPence(line.price);
        return (
          <li key={`${line.name}-${index}`} className="flex items-center gap-4 py-3">
            <img
              src={smallImageUrl(line.image) ?? line.image}
              alt=""
              width={64}
              height={64}
              loading="lazy"
              className="size-16 shrink-0 rounded-shop bg-sand object-cover"
            />
            <div className="min-w-0 flex-1">
              <p className="text-xs tracking-[0.12em] text-muted uppercase">{line.brand}</p>
              <p className="wrap-anywhere">{line.name}</p>
              {line.giftCard ? (
                <GiftCardWords card={line.giftCard} />
              ) : (
                line.variantLabel && <p className="text-sm text-muted">{line.variantLabel}</p>
              )}
              <MakingNote madeToOrder={line.madeToOrder} preorder={line.preorder} />
              {line.personalisation && (
                <PersonalisedText label={line.personalisationLabel} text={line.personalisation} />
              )}
            </div>
            <p className="shrink-0 text-right tabular-nums">
              {pricePence === null ? (
                `Quantity: ${String(line.qty)}`
              ) : (
                <>
                  {line.qty} × {formatPence(pricePence)} ={' '}
                  <span className="font-serif">{formatPence(pricePence * line.qty)}</span>
                </>
              )}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
