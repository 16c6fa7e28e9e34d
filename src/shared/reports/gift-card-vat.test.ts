import { describe, expect, it } from 'vitest';
import { outsideVatReason, splitRefunds } from './gift-card-vat';

const refund = (id: string, amountPence: number, recordedAt = `2026-08-0${id}T10:00:00.000Z`) => ({
  id,
  amountPence,
  recordedAt,
});

const partsOf = (...args: Parameters<typeof splitRefunds>) =>
  Object.fromEntries(splitRefunds(...args));

describe('the VAT of refunds when gift cards are in an order', () => {
  it('gives an order with nothing outside VAT a sixth of each refund, as before', () => {
    const order = { totalPence: 6_000, outsidePence: 0, giftCardVat: null };
    expect(partsOf(order, [refund('1', 1_000), refund('2', 603)])).toEqual({
      1: { vatablePence: 1_000, outsidePence: 0, vatPence: 167 },
      2: { vatablePence: 603, outsidePence: 0, vatPence: 101 },
    });
  });

  it('gives back a multi-purpose card alone with no VAT, whatever the refund', () => {
    const order = { totalPence: 5_000, outsidePence: 5_000, giftCardVat: 'multi-purpose' as const };
    expect(partsOf(order, [refund('1', 2_000)])).toEqual({
      1: { vatablePence: 0, outsidePence: 2_000, vatPence: 0 },
    });
    expect(outsideVatReason(order)).toBe('gift card sold, multi-purpose');
  });

  it('gives back goods sold beside a multi-purpose card with their VAT', () => {
    // £30 of goods and a £50 card: the goods are refunded.
    const order = { totalPence: 8_000, outsidePence: 5_000, giftCardVat: 'multi-purpose' as const };
    expect(partsOf(order, [refund('1', 3_000)])).toEqual({
      1: { vatablePence: 3_000, outsidePence: 0, vatPence: 500 },
    });
  });

  it('gives back a voided multi-purpose card’s balance with no VAT, beside goods not refunded', () => {
    const order = { totalPence: 8_000, outsidePence: 5_000, giftCardVat: 'multi-purpose' as const };
    const voids = [{ amountPence: 4_200, at: '2026-08-01T09:59:59.000Z' }];
    expect(partsOf(order, [refund('1', 4_200), refund('2', 3_000)], voids)).toEqual({
      1: { vatablePence: 0, outsidePence: 4_200, vatPence: 0 },
      2: { vatablePence: 3_000, outsidePence: 0, vatPence: 500 },
    });
  });

  it('counts a void only for the refunds recorded after it', () => {
    const order = { totalPence: 8_000, outsidePence: 5_000, giftCardVat: 'multi-purpose' as const };
    const voids = [{ amountPence: 5_000, at: '2026-08-02T09:00:00.000Z' }];
    // The goods first, then the card voided and its balance given back.
    expect(partsOf(order, [refund('2', 5_000), refund('1', 3_000)], voids)).toEqual({
      1: { vatablePence: 3_000, outsidePence: 0, vatPence: 500 },
      2: { vatablePence: 0, outsidePence: 5_000, vatPence: 0 },
    });
  });

  it('gives back the rest outside VAT once the goods are all given back', () => {
    const order = { totalPence: 8_000, outsidePence: 5_000, giftCardVat: 'multi-purpose' as const };
    expect(partsOf(order, [refund('1', 8_000)])).toEqual({
      1: { vatablePence: 3_000, outsidePence: 5_000, vatPence: 500 },
    });
  });

  it('gives back a single-purpose card sold with its VAT, voided or not', () => {
    // A single-purpose card carries its VAT when sold: nothing of its order is outside VAT.
    const order = { totalPence: 5_000, outsidePence: 0, giftCardVat: 'single-purpose' as const };
    const voids = [{ amountPence: 5_000, at: '2026-08-01T09:00:00.000Z' }];
    expect(partsOf(order, [refund('1', 5_000)], voids)).toEqual({
      1: { vatablePence: 5_000, outsidePence: 0, vatPence: 833 },
    });
    expect(outsideVatReason(order)).toBeNull();
  });

  it('gives back first, with its VAT, what single-purpose cards did not pay', () => {
    // £100 of goods, £40 paid by a single-purpose card: VAT on £60.
    const order = {
      totalPence: 10_000,
      outsidePence: 4_000,
      giftCardVat: 'single-purpose' as const,
    };
    expect(partsOf(order, [refund('1', 3_000), refund('2', 4_000), refund('3', 3_000)])).toEqual({
      1: { vatablePence: 3_000, outsidePence: 0, vatPence: 500 },
      2: { vatablePence: 3_000, outsidePence: 1_000, vatPence: 500 },
      3: { vatablePence: 0, outsidePence: 3_000, vatPence: 0 },
    });
    expect(outsideVatReason(order)).toBe('paid by gift card, single-purpose');
  });

  it('takes refunds recorded at one instant by id', () => {
    const order = {
      totalPence: 10_000,
      outsidePence: 4_000,
      giftCardVat: 'single-purpose' as const,
    };
    const at = '2026-08-01T10:00:00.000Z';
    expect(partsOf(order, [refund('b', 6_000, at), refund('a', 1_000, at)])).toEqual({
      a: { vatablePence: 1_000, outsidePence: 0, vatPence: 167 },
      b: { vatablePence: 5_000, outsidePence: 1_000, vatPence: 833 },
    });
  });

  it('never gives back more VAT than the order carried', () => {
    const order = {
      totalPence: 2_000,
      outsidePence: 2_000,
      giftCardVat: 'single-purpose' as const,
    };
    expect(partsOf(order, [refund('1', 2_500)])).toEqual({
      1: { vatablePence: 0, outsidePence: 2_500, vatPence: 0 },
    });
  });

  it('puts back onto single-purpose cards, outside VAT, what they paid, whichever was recorded first', () => {
    // £100 of goods, £40 paid by a card; £70 given back: £60 to PayPal, £10 onto the card first.
    const order = {
      totalPence: 10_000,
      outsidePence: 4_000,
      giftCardVat: 'single-purpose' as const,
    };
    const at = '2026-08-01T10:00:00.000Z';
    const onto = { ...refund('a', 1_000, at), toGiftCards: true };
    expect(partsOf(order, [onto, refund('b', 6_000, at)])).toEqual({
      a: { vatablePence: 0, outsidePence: 1_000, vatPence: 0 },
      b: { vatablePence: 6_000, outsidePence: 0, vatPence: 1_000 },
    });
  });

  it('gives back goods onto multi-purpose cards with their VAT, and a void onto them with none', () => {
    // £30 of goods and a £50 card sold, paid in part by another card. £6 of the goods goes back
    // onto that card; then the card sold is voided and its £50 given back, £44 to PayPal and £6
    // onto the card that paid for it.
    const order = { totalPence: 8_000, outsidePence: 5_000, giftCardVat: 'multi-purpose' as const };
    const voids = [{ amountPence: 5_000, at: '2026-08-03T09:00:00.000Z' }];
    const goods = { ...refund('1', 600), toGiftCards: true };
    const voidOnto = { ...refund('3', 600), toGiftCards: true };
    expect(partsOf(order, [goods, refund('4', 4_400), voidOnto], voids)).toEqual({
      1: { vatablePence: 600, outsidePence: 0, vatPence: 100 },
      3: { vatablePence: 0, outsidePence: 600, vatPence: 0 },
      4: { vatablePence: 0, outsidePence: 4_400, vatPence: 0 },
    });
  });
});
