import { describe, expect, it } from 'vitest';
import { giftCardVatNote, vatLineWords } from './gift-card-vat-words';

describe('the words of a receipt’s VAT line with gift cards', () => {
  it('says multi-purpose cards are outside VAT until spent', () => {
    const order = { outsideVat: 50, giftCardVat: 'multi-purpose' as const };
    expect(vatLineWords('Includes VAT at 20%', order)).toBe(
      'Includes VAT at 20% (gift cards are outside VAT until spent)',
    );
  });

  it('says what single-purpose cards paid carried its VAT when they were sold', () => {
    const order = { outsideVat: 40, giftCardVat: 'single-purpose' as const };
    expect(giftCardVatNote(order)).toBe(
      'no VAT on what gift cards paid: it was charged when they were sold',
    );
  });

  it.each([
    { outsideVat: 0, giftCardVat: 'multi-purpose' as const },
    { outsideVat: 0, giftCardVat: 'single-purpose' as const },
    { outsideVat: 0, giftCardVat: null },
    {},
  ])('leaves the line as it was when nothing is outside VAT: %j', (order) => {
    expect(vatLineWords('of which VAT at 20%', order)).toBe('of which VAT at 20%');
  });
});
