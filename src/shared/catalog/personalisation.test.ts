import { describe, expect, it } from 'vitest';
import {
  characterCount,
  chargedCharacters,
  personalisedLineName,
  holdsPersonalised,
  normalisePersonalisation,
  offerOf,
  personalisationPence,
  personalisationPriceWords,
  personalisationProblem,
  presentOffer,
  type Personalisation,
} from './personalisation';
import { formatPounds } from '../money';

const engraving: Personalisation = {
  label: 'Engraving',
  maxLength: 12,
  lines: 2,
  characters: 'letters',
  price: 8,
  pricePerCharacter: 1.5,
  required: false,
};

const problemOf = (text: string, changes: Partial<Personalisation> = {}) =>
  personalisationProblem({ ...engraving, ...changes }, normalisePersonalisation(text), 'Disc');

describe('a personalisation’s text, as it is kept', () => {
  it('parts lines by \\n, trims each line and the whole, and makes curly apostrophes straight', () => {
    expect(normalisePersonalisation('  A & J \r\n  Love,  always \n\n')).toBe(
      'A & J\nLove,  always',
    );
    expect(normalisePersonalisation('Mum’s ‘best’')).toBe("Mum's 'best'");
    expect(normalisePersonalisation('A\r\rB')).toBe('A\n\nB');
    expect(normalisePersonalisation(' \n \n ')).toBe('');
  });

  it('says whether any line of an order or basket is personalised', () => {
    expect(holdsPersonalised([{ personalisation: 'A' }, {}])).toBe(true);
    expect(holdsPersonalised([{ personalisation: null }, { personalisation: '' }, {}])).toBe(false);
  });
});

describe('what a personalisation costs', () => {
  it('is its price and its price per character, spaces and line breaks free', () => {
    const offer = offerOf(engraving);
    expect(chargedCharacters('A & J')).toBe(3);
    expect(chargedCharacters('A&J')).toBe(3);
    expect(chargedCharacters('A & J\nLove always')).toBe(13);
    expect(personalisationPence(offer, 'A & J')).toBe(800 + 3 * 150);
    expect(personalisationPence(offer, 'A&J')).toBe(personalisationPence(offer, 'A & J'));
    expect(personalisationPence(offer, 'A & J\nLove always')).toBe(800 + 13 * 150);
  });

  it('is nothing for no text', () => {
    expect(personalisationPence(offerOf(engraving), '')).toBe(0);
  });

  it('counts an emoji, or a letter and its accent, as one character, as a shopper would', () => {
    expect(chargedCharacters('J ♥ 😀')).toBe(3);
    expect(chargedCharacters('Zoe\u0301')).toBe(3);
    expect(characterCount('👍🏽 e\u0301')).toBe(3);
  });

  it('keeps its prices in pence, and answers them in pounds again', () => {
    expect(offerOf({ ...engraving, price: 0.1, pricePerCharacter: 0.2 })).toMatchObject({
      pricePence: 10,
      pricePerCharacterPence: 20,
    });
    expect(presentOffer(offerOf(engraving))).toEqual(engraving);
  });

  it('is said in words', () => {
    expect(personalisationPriceWords(engraving, formatPounds)).toBe(
      '£8.00 plus £1.50 a character (spaces are free)',
    );
    expect(personalisationPriceWords({ price: 5, pricePerCharacter: 0 }, formatPounds)).toBe(
      '£5.00',
    );
    expect(personalisationPriceWords({ price: 0, pricePerCharacter: 0 }, formatPounds)).toBe(
      'free',
    );
    expect(personalisationPriceWords({ price: 0, pricePerCharacter: 1 }, formatPounds)).toBe(
      '£1.00 a character (spaces are free)',
    );
  });
});

describe('the rules a text is judged by', () => {
  it('takes a text within them, and none when none is required', () => {
    expect(problemOf('A & J')).toBeUndefined();
    expect(problemOf("O'Neil-Ives\nSt. A & J")).toBeUndefined();
    expect(problemOf('')).toBeUndefined();
  });

  it('refuses a text for a product that offers no personalisation', () => {
    expect(personalisationProblem(null, 'A & J', 'Curb Chain')).toEqual({
      code: 'PERSONALISATION_NOT_OFFERED',
      message: 'Curb Chain cannot be personalised',
    });
    expect(personalisationProblem(null, '', 'Curb Chain')).toBeUndefined();
  });

  it('refuses no text when one is required', () => {
    expect(problemOf('  ', { required: true })).toEqual({
      code: 'PERSONALISATION_REQUIRED',
      message: 'Please give the engraving for Disc',
    });
  });

  it('refuses more lines than allowed', () => {
    expect(problemOf('A\nB\nC')).toEqual({
      code: 'PERSONALISATION_TOO_MANY_LINES',
      message: 'The engraving can be at most 2 lines (this has 3)',
    });
    expect(problemOf('A\nB', { lines: 1 })?.message).toBe(
      'The engraving can be at most 1 line (this has 2)',
    );
  });

  it('refuses a line longer than allowed, naming the line when there are several', () => {
    expect(problemOf('Abcdefghijklm')).toEqual({
      code: 'PERSONALISATION_TOO_LONG',
      message: 'The engraving can be at most 12 characters (it has 13)',
    });
    expect(problemOf('A & J\nAbcdefghijklm')?.message).toBe(
      'Line 2 of the engraving can be at most 12 characters (it has 13)',
    );
    // Twelve with spaces: the rule counts every character, the price does not.
    expect(problemOf('A B C D E FG')).toBeUndefined();
  });

  it("takes only letters, spaces and & . ' - as letters", () => {
    for (const refused of ['é', '1', '!', '<', '♥']) {
      expect(problemOf(`A${refused}`)?.code, refused).toBe('PERSONALISATION_CHARACTER');
    }
    expect(problemOf('Zoë')?.message).toBe(
      "The engraving cannot hold “ë”: only letters A to Z, spaces and & . ' -",
    );
    // An accent typed after its letter is refused with the letter it sits on.
    expect(problemOf('Zoe\u0301')?.message).toBe(
      "The engraving cannot hold “e\u0301”: only letters A to Z, spaces and & . ' -",
    );
  });

  it('takes numbers too as letters and digits', () => {
    const digits = { characters: 'letters-digits' } as const;
    expect(problemOf('12.06.2026', digits)).toBeUndefined();
    expect(problemOf('No. 1!', digits)?.code).toBe('PERSONALISATION_CHARACTER');
    expect(problemOf('Zoë', digits)?.code).toBe('PERSONALISATION_CHARACTER');
  });

  it('takes any printable character but < and > as printable', () => {
    const printable = { characters: 'printable', maxLength: 20 } as const;
    expect(problemOf('Zoë ♥ Jo, 12/06!', printable)).toBeUndefined();
    expect(problemOf('Øresund “2026” ★', printable)).toBeUndefined();
    expect(problemOf('<b>', printable)?.code).toBe('PERSONALISATION_CHARACTER');
    expect(problemOf('a > b', printable)?.message).toBe(
      'The engraving cannot hold “>”: only letters, numbers, spaces and symbols, but not < or >',
    );
    // A tab, a non-breaking space and a zero-width joiner print nothing an engraver can follow.
    expect(problemOf('A\tB', printable)?.message).toContain('U+0009');
    expect(problemOf('A\u00a0B', printable)?.message).toContain('U+00A0');
    expect(problemOf('A\u200dB', printable)?.message).toContain('U+200D');
  });
});

describe('a personalised line named for staff', () => {
  it('adds its text, lines parted by a slash, to the item and its variant', () => {
    expect(
      personalisedLineName({
        name: 'Disc',
        variantLabel: 'Chain length: 45 cm',
        personalisation: 'A & J\n2026',
        personalisationLabel: 'Engraving',
      }),
    ).toBe('Disc (Chain length: 45 cm), engraving “A & J / 2026”');
    expect(personalisedLineName({ name: 'Disc', variantLabel: null })).toBe('Disc');
  });
});
