import { describe, expect, it } from 'vitest';
import { oneLine, plainDescription, shortened, withoutControls } from './plain-text';

describe('text for the product feeds', () => {
  it('takes HTML out of a description, reads its entities and keeps its paragraphs apart', () => {
    expect(
      plainDescription(
        '<p>Hand-set <strong>moonstone</strong> &amp; silver.</p><!-- note --><p>On a 45&nbsp;cm chain.<br/>Gift boxed.</p>',
        5000,
      ),
    ).toBe('Hand-set moonstone & silver.\nOn a 45 cm chain.\nGift boxed.');
  });

  it('keeps a less-than sign that starts no tag', () => {
    expect(plainDescription('Fits wrists < 18 cm and > 15 cm', 5000)).toBe(
      'Fits wrists < 18 cm and > 15 cm',
    );
  });

  it('drops characters XML cannot carry, and halves of characters', () => {
    expect(withoutControls('a\u0000b\u0007c\u001Fd\uFFFEe\uD800f')).toBe('abcdef');
    expect(withoutControls('tab\tline\nemoji 💍')).toBe('tab\tline\nemoji 💍');
    expect(oneLine('  Signet\u0007 ring\n in  gold ')).toBe('Signet ring in gold');
  });

  it('cuts long text to its limit with an ellipsis, never between the halves of a character', () => {
    expect(shortened('abcdef', 6)).toBe('abcdef');
    expect(shortened('abcdefg', 6)).toBe('abcde…');
    const cut = shortened(`${'a'.repeat(4)}💍💍`, 6);
    expect(cut).toBe('aaaa…');
    expect(cut.length).toBeLessThanOrEqual(6);
    expect(plainDescription('word '.repeat(2000), 5000)).toHaveLength(5000);
  });
});
