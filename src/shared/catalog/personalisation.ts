import * as z from 'zod/mini';
import { penceToPounds, poundsToPence, type Pence } from '../money';

// A product the buyer has personalised (an engraving, initials): what the owner offers, the one
// rule a text is judged by, in the browser as on the server, and what it adds to the price.

/** Which characters a text may hold: the engraver's tools decide. */
export const PERSONALISATION_CHARACTERS = ['letters', 'letters-digits', 'printable'] as const;
export type PersonalisationCharacters = (typeof PERSONALISATION_CHARACTERS)[number];

export const PERSONALISATION_MAX_LINES = 3;
export const PERSONALISATION_MAX_LINE_LENGTH = 60;
export const PERSONALISATION_LABEL_MAX_LENGTH = 40;
/** The longest text a basket line may carry: every line full, with the breaks between them. */
export const PERSONALISATION_MAX_TEXT =
  PERSONALISATION_MAX_LINES * PERSONALISATION_MAX_LINE_LENGTH + PERSONALISATION_MAX_LINES - 1;

/**
 * What a product offers to personalise, as answers carry it: what it is called ("Engraving"), how
 * many lines of how many characters, which characters, its price and a price per character (both
 * pounds; spaces are not charged), and whether the product is sold only personalised.
 */
export const personalisationSchema = z.object({
  label: z.string(),
  /** Characters per line, 1 to 60. */
  maxLength: z.int(),
  /** 1 to 3. */
  lines: z.int(),
  characters: z.enum(PERSONALISATION_CHARACTERS),
  /** Pounds, added to each item personalised. */
  price: z.number(),
  /** Pounds for each character but spaces, added to each item personalised. */
  pricePerCharacter: z.number(),
  /** Sold only personalised: a basket line without a text is refused. */
  required: z.boolean(),
});
export type Personalisation = z.infer<typeof personalisationSchema>;

/** Each kind of text, named in a few words for the owner. */
export const CHARACTER_NAMES: Record<PersonalisationCharacters, string> = {
  letters: 'letters',
  'letters-digits': 'letters and digits',
  printable: 'any printable character',
};

/** What the shopper is told each kind of text may hold. */
export const CHARACTER_WORDS: Record<PersonalisationCharacters, string> = {
  letters: "letters A to Z, spaces and & . ' -",
  'letters-digits': "letters A to Z, numbers 0 to 9, spaces and & . ' -",
  printable: 'letters, numbers, spaces and symbols, but not < or >',
};

/** Whether a character (as a reader sees one: a letter with its accent, an emoji) may be used. */
const ALLOWED: Record<PersonalisationCharacters, (character: string) => boolean> = {
  letters: (character) => /^[A-Za-z &.'-]$/.test(character),
  'letters-digits': (character) => /^[A-Za-z0-9 &.'-]$/.test(character),
  // Printable: letters, marks, numbers, punctuation and symbols, or a plain space; no control,
  // format or private character, nor another kind of space, and never < or >.
  printable: (character) =>
    !/[<>]/.test(character) && /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]+$/u.test(character),
};

const segmenter = new Intl.Segmenter('en-GB', { granularity: 'grapheme' });

/** A text's characters as a reader counts them: `é` is one, and so is an emoji. */
const charactersOf = (text: string): string[] =>
  Array.from(segmenter.segment(text), (part) => part.segment);

/**
 * A text as it is judged, priced and kept: line breaks as `\n`, curly apostrophes (which phones
 * type for ') made straight, each line and the whole trimmed. Empty means none.
 */
export function normalisePersonalisation(text: string): string {
  return text
    .replaceAll(/\r\n?/g, '\n')
    .replaceAll(/[\u2018\u2019]/g, "'")
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .trim();
}

/** The lines of a text, each as the engraver reads it. */
export const personalisationLines = (text: string): string[] => text.split('\n');

/** How many characters a line holds, as a shopper counts them (an emoji is one). */
export const characterCount = (line: string): number => charactersOf(line).length;

/** The characters charged for: all but spaces (and the breaks between lines). */
export const chargedCharacters = (text: string): number =>
  charactersOf(text).filter((character) => character !== ' ' && character !== '\n').length;

/** The rules a text is judged by: a personalisation but its prices. */
export type PersonalisationRules = Omit<Personalisation, 'price' | 'pricePerCharacter'>;

/** A personalisation as the shop keeps it: its prices in pence. */
export type PersonalisationOffer = PersonalisationRules & {
  pricePence: Pence;
  pricePerCharacterPence: Pence;
};

/** A personalisation as answers carry it (pounds) made the shop's own (pence), and back. */
export const offerOf = (offer: Personalisation): PersonalisationOffer => ({
  label: offer.label,
  maxLength: offer.maxLength,
  lines: offer.lines,
  characters: offer.characters,
  pricePence: poundsToPence(offer.price),
  pricePerCharacterPence: poundsToPence(offer.pricePerCharacter),
  required: offer.required,
});

export const presentOffer = (offer: PersonalisationOffer): Personalisation => ({
  label: offer.label,
  maxLength: offer.maxLength,
  lines: offer.lines,
  characters: offer.characters,
  price: penceToPounds(offer.pricePence),
  pricePerCharacter: penceToPounds(offer.pricePerCharacterPence),
  required: offer.required,
});

/** What a text adds to each item, in pence: the price, and the price per character charged. */
export function personalisationPence(
  offer: Pick<PersonalisationOffer, 'pricePence' | 'pricePerCharacterPence'>,
  text: string,
): Pence {
  if (text === '') return 0;
  return offer.pricePence + offer.pricePerCharacterPence * chargedCharacters(text);
}

/** Each rule a text can break, as the code a refusal answers with. */
export const PERSONALISATION_ERRORS = {
  /** A text for a product that offers no personalisation. */
  PERSONALISATION_NOT_OFFERED: 400,
  /** No text for a product sold only personalised. */
  PERSONALISATION_REQUIRED: 400,
  /** More lines than the product allows. */
  PERSONALISATION_TOO_MANY_LINES: 400,
  /** A line longer than the product allows. */
  PERSONALISATION_TOO_LONG: 400,
  /** A character the product's kind of text does not take. */
  PERSONALISATION_CHARACTER: 400,
  /** Paying for a personalised item without agreeing that it cannot be returned for a change of mind. */
  PERSONALISATION_TERMS: 400,
} as const;
export type PersonalisationRule = Exclude<
  keyof typeof PERSONALISATION_ERRORS,
  'PERSONALISATION_TERMS'
>;

/** A rule a text breaks, with a sentence that says which. */
export interface PersonalisationProblem {
  code: PersonalisationRule;
  message: string;
}

/** `1 line`, `3 lines`. */
export const linesWords = (lines: number) => (lines === 1 ? '1 line' : `${String(lines)} lines`);

/** `the engraving`: the label as a sentence names it. */
const theLabel = (label: string) => `the ${label.toLowerCase()}`;

const capitalised = (words: string) => `${words.charAt(0).toUpperCase()}${words.slice(1)}`;

/** `“é”`, or the code point that would not show (a tab, a joiner, another kind of space). */
function shown(character: string): string {
  const unseen = /[^\p{L}\p{M}\p{N}\p{P}\p{S}]/u.exec(character)?.[0];
  if (unseen === undefined) return `“${character}”`;
  return `U+${(unseen.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * The first rule a text (normalised; empty for none) breaks for a product that offers `offer`
 * (null: none), or undefined when it may be sold so. `name` is the product's, for the words.
 */
export function personalisationProblem(
  offer: PersonalisationRules | null,
  text: string,
  name: string,
): PersonalisationProblem | undefined {
  if (offer === null) {
    return text === ''
      ? undefined
      : { code: 'PERSONALISATION_NOT_OFFERED', message: `${name} cannot be personalised` };
  }
  const label = theLabel(offer.label);
  if (text === '') {
    return offer.required
      ? { code: 'PERSONALISATION_REQUIRED', message: `Please give ${label} for ${name}` }
      : undefined;
  }
  const lines = personalisationLines(text);
  if (lines.length > offer.lines) {
    return {
      code: 'PERSONALISATION_TOO_MANY_LINES',
      message: `${capitalised(label)} can be at most ${linesWords(offer.lines)} (this has ${String(lines.length)})`,
    };
  }
  for (const [index, line] of lines.entries()) {
    const count = characterCount(line);
    if (count > offer.maxLength) {
      const which =
        lines.length === 1 ? capitalised(label) : `Line ${String(index + 1)} of ${label}`;
      return {
        code: 'PERSONALISATION_TOO_LONG',
        message: `${which} can be at most ${String(offer.maxLength)} characters (it has ${String(count)})`,
      };
    }
    const refused = charactersOf(line).find((character) => !ALLOWED[offer.characters](character));
    if (refused !== undefined) {
      return {
        code: 'PERSONALISATION_CHARACTER',
        message: `${capitalised(label)} cannot hold ${shown(refused)}: only ${CHARACTER_WORDS[offer.characters]}`,
      };
    }
  }
  return undefined;
}

/** What a product's personalisation costs, in words: `£8.00 plus £1.00 a letter`. */
export function personalisationPriceWords(
  offer: Pick<Personalisation, 'price' | 'pricePerCharacter'>,
  formatPounds: (pounds: number) => string,
): string {
  const perCharacter = `${formatPounds(offer.pricePerCharacter)} a character (spaces are free)`;
  if (offer.pricePerCharacter === 0) {
    return offer.price === 0 ? 'free' : formatPounds(offer.price);
  }
  return offer.price === 0 ? perCharacter : `${formatPounds(offer.price)} plus ${perCharacter}`;
}

/** Whether any of an order's or a basket's lines is personalised. */
export const holdsPersonalised = (
  lines: readonly { personalisation?: string | null | undefined }[],
): boolean => lines.some((line) => (line.personalisation ?? '') !== '');

/**
 * The words a product page and the checkout say of personalised items, under the Consumer
 * Contracts Regulations 2013, regulation 28(1)(b).
 */
export const PERSONALISED_NOT_RETURNABLE =
  'Personalised items are made for you, so they cannot be returned or cancelled for a change of mind. If one arrives faulty or not as described, you can still return it.';

/** The tick the checkout asks for before paying for a personalised item. */
export const PERSONALISATION_TERMS_WORDS =
  'I understand that personalised items are made for me and cannot be returned or cancelled for a change of mind.';

/**
 * A line named as staff tell it apart from another of the same item: `Disc Pendant (Chain length:
 * 45 cm), engraving “A & J / 2026”`.
 */
export function personalisedLineName(item: {
  name: string;
  variantLabel?: string | null | undefined;
  personalisation?: string | null | undefined;
  personalisationLabel?: string | null | undefined;
}): string {
  const named = item.variantLabel ? `${item.name} (${item.variantLabel})` : item.name;
  if (!item.personalisation) return named;
  const label = (item.personalisationLabel ?? 'Personalisation').toLowerCase();
  return `${named}, ${label} “${personalisationLines(item.personalisation).join(' / ')}”`;
}
