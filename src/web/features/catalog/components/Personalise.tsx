import { useId } from 'react';
import type { ProductFacets } from '../../../../shared/catalog/facets';
import {
  CHARACTER_WORDS,
  PERSONALISED_NOT_RETURNABLE,
  characterCount,
  normalisePersonalisation,
  offerOf,
  personalisationLines,
  personalisationPence,
  personalisationPriceWords,
  personalisationProblem,
  type Personalisation,
} from '../../../../shared/catalog/personalisation';
import type { BasketPersonalisation } from '../../../../shared/orders/basket-item';
import { formatPence, formatPounds, penceToPounds, poundsToPence } from '../../../../shared/money';
import { FieldError, FieldHint } from '../../../ui/FormField';
import { fieldClass } from '../../../ui/field';

/** What the shopper has typed, a line a field, and what it comes to. */
export interface PersonalisationDraft {
  lines: string[];
}

export const emptyDraft = (offer: Personalisation): PersonalisationDraft => ({
  lines: Array.from({ length: offer.lines }, () => ''),
});

/** The draft as the basket and the shop read it: its lines, trimmed, parted by `\n`. */
export const draftText = (draft: PersonalisationDraft): string =>
  normalisePersonalisation(draft.lines.join('\n'));

/** The rule the draft breaks, in words; undefined while it may be added as it is. */
export const draftProblem = (offer: Personalisation, draft: PersonalisationDraft, name: string) =>
  personalisationProblem(offer, draftText(draft), name)?.message;

/** The draft as a basket line keeps it; undefined when it has no text. */
export function draftForBasket(
  offer: Personalisation,
  draft: PersonalisationDraft,
): BasketPersonalisation | undefined {
  const text = draftText(draft);
  if (text === '') return undefined;
  return {
    label: offer.label,
    text,
    price: penceToPounds(personalisationPence(offerOf(offer), text)),
  };
}

/** The metal the disc of the preview is drawn in, by the product's colour. */
function metalOf(facets: ProductFacets): { light: string; dark: string } {
  if (facets.colour === 'gold') return { light: '#f3df9b', dark: '#b48a2c' };
  if (facets.colour === 'rose gold') return { light: '#f5cdb9', dark: '#b77a62' };
  return { light: '#f4f5f6', dark: '#9ba1a8' };
}

/**
 * The text as it would sit on a disc: a simple drawing, each line centred, the type smaller as
 * the longest line grows. Read aloud as the words it shows.
 */
function Preview({ label, text, facets }: { label: string; text: string; facets: ProductFacets }) {
  const id = useId();
  const lines = text === '' ? [] : personalisationLines(text);
  const longest = Math.max(4, ...lines.map(characterCount));
  const size = Math.min(34, Math.round(230 / longest));
  const gap = size * 1.2;
  const top = 112 - ((lines.length - 1) * gap) / 2;
  const metal = metalOf(facets);
  const words =
    lines.length === 0
      ? `Preview of the ${label.toLowerCase()}: nothing yet`
      : `Preview of the ${label.toLowerCase()}: ${lines.join(', ')}`;
  return (
    <svg
      viewBox="0 0 220 230"
      role="img"
      aria-label={words}
      className="size-44 shrink-0 self-center sm:size-52 sm:self-start"
    >
      <defs>
        <radialGradient id={`${id}-metal`} cx="35%" cy="30%" r="80%">
          <stop offset="0%" stopColor={metal.light} />
          <stop offset="100%" stopColor={metal.dark} />
        </radialGradient>
      </defs>
      <ellipse cx="110" cy="14" rx="8" ry="11" fill="none" stroke={metal.dark} strokeWidth="4" />
      <circle
        cx="110"
        cy="120"
        r="96"
        fill={`url(#${id}-metal)`}
        stroke={metal.dark}
        strokeWidth="2"
      />
      <circle
        cx="110"
        cy="120"
        r="84"
        fill="none"
        stroke={metal.dark}
        strokeOpacity="0.35"
        strokeWidth="1"
      />
      {lines.map((line, index) => (
        <text
          key={index}
          x="110"
          y={top + index * gap}
          textAnchor="middle"
          dominantBaseline="middle"
          className="font-serif"
          fontSize={size}
          fill="#3b3833"
          fillOpacity="0.85"
        >
          {line}
        </text>
      ))}
    </svg>
  );
}

interface PersonaliseProps {
  offer: Personalisation;
  /** The product's name, for the rules' words. */
  name: string;
  facets: ProductFacets;
  /** What one item costs before its text, in pounds. */
  itemPrice: number;
  draft: PersonalisationDraft;
  onChange: (draft: PersonalisationDraft) => void;
  /** A refusal to show beside the fields (Add To Basket was pressed with one). */
  error: string | undefined;
}

/**
 * The fields of a personalisation (a line a field, each with what is left of it), what they may
 * hold, a preview of the text, and the price with it as it changes; then the law's words.
 */
export function Personalise({
  offer,
  name,
  facets,
  itemPrice,
  draft,
  onChange,
  error,
}: PersonaliseProps) {
  const id = useId();
  const text = draftText(draft);
  const addsPence = personalisationPence(offerOf(offer), text);
  // A character the rules refuse is said as it is typed; the rest when adding.
  const live = personalisationProblem(offer, text, name);
  const shownError =
    error ?? (live?.code === 'PERSONALISATION_CHARACTER' ? live.message : undefined);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <fieldset className="flex flex-col gap-4 rounded-shop border border-line p-4">
      <legend className="px-1 text-lg">
        {offer.label}
        <span className="text-base text-muted">{offer.required ? '' : ' (optional)'}</span>
      </legend>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          {draft.lines.map((line, index) => {
            const field = `${id}-line-${String(index)}`;
            const left = offer.maxLength - characterCount(line.trim());
            return (
              <div key={field}>
                <label htmlFor={field} className="block text-sm font-medium">
                  {offer.lines === 1
                    ? `Your ${offer.label.toLowerCase()}`
                    : `Line ${String(index + 1)}`}
                </label>
                <input
                  id={field}
                  className={`${fieldClass} mt-1.5`}
                  value={line}
                  maxLength={offer.maxLength}
                  autoComplete="off"
                  spellCheck={false}
                  aria-invalid={shownError ? true : undefined}
                  aria-describedby={`${hintId} ${field}-left ${errorId}`}
                  onChange={(event) =>
                    onChange({
                      lines: draft.lines.map((each, at) =>
                        at === index ? event.target.value : each,
                      ),
                    })
                  }
                />
                <p id={`${field}-left`} className="mt-1 text-sm text-muted">
                  {`${String(Math.max(0, left))} of ${String(offer.maxLength)} characters left`}
                </p>
              </div>
            );
          })}
          <FieldHint id={hintId}>
            {`Up to ${String(offer.maxLength)} characters a line: ${CHARACTER_WORDS[offer.characters]}. ${offer.label}: ${personalisationPriceWords(offer, formatPounds)}.`}
          </FieldHint>
          <FieldError id={errorId} error={shownError} />
        </div>
        <Preview label={offer.label} text={text} facets={facets} />
      </div>
      <p aria-live="polite" className="font-medium">
        {text === ''
          ? `Without ${offer.label.toLowerCase()}: ${formatPounds(itemPrice)}`
          : `With your ${offer.label.toLowerCase()}: ${formatPence(poundsToPence(itemPrice) + addsPence)} (${offer.label.toLowerCase()} ${formatPence(addsPence)})`}
      </p>
      <p className="text-sm text-muted">{PERSONALISED_NOT_RETURNABLE}</p>
    </fieldset>
  );
}
