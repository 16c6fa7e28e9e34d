import { describe, expect, it } from 'vitest';
import {
  parseQuarter,
  percentOf,
  quarterBounds,
  quarterEndWords,
  quarterHolding,
  quarterKey,
  quarterLabel,
  recentQuarters,
  refundVat,
  vatBoxes,
  vatQuerySchema,
  wholePounds,
  type VatStagger,
} from './vat';

const holding = (at: string, stagger: VatStagger) =>
  quarterKey(quarterHolding(new Date(at), stagger));

const boundsOf = (key: string, stagger: VatStagger) => {
  const quarter = parseQuarter(key, stagger);
  if (!quarter) throw new Error(`${key} ends no quarter of stagger ${stagger}`);
  const { from, to, firstDay, lastDay } = quarterBounds(quarter);
  return { from: from.toISOString(), to: to.toISOString(), firstDay, lastDay };
};

describe('VAT quarters', () => {
  it('names the months each stagger’s quarters end in', () => {
    expect(quarterEndWords(1)).toBe('March, June, September and December');
    expect(quarterEndWords(2)).toBe('January, April, July and October');
    expect(quarterEndWords(3)).toBe('February, May, August and November');
  });

  it.each([
    ['2026-06', 1],
    ['2026-12', 1],
    ['2027-01', 2],
    ['2026-04', 2],
    ['2026-02', 3],
    ['2026-11', 3],
  ] as const)('takes %s on stagger %i', (key, stagger) => {
    expect(quarterKey(parseQuarter(key, stagger) ?? { year: 0, endMonth: 0 })).toBe(key);
  });

  it.each([
    ['2026-05', 1],
    ['2026-06', 2],
    ['2026-06', 3],
    ['2026-13', 1],
    ['2026-00', 3],
    ['2026-6', 1],
    ['1969-12', 1],
    ['June 2026', 1],
    ['2026-06-30', 1],
    ['', 1],
    ['junk', 2],
  ] as const)('refuses %j on stagger %i', (key, stagger) => {
    expect(parseQuarter(key, stagger)).toBeUndefined();
  });

  describe('stagger 1: quarters end March, June, September and December', () => {
    it('bounds a summer quarter by UK midnights, an hour before UTC’s', () => {
      expect(boundsOf('2026-06', 1)).toEqual({
        from: '2026-03-31T23:00:00.000Z',
        to: '2026-06-30T23:00:00.000Z',
        firstDay: '2026-04-01',
        lastDay: '2026-06-30',
      });
    });

    it('puts a sale paid at 00:30 on 1 July (23:30 UTC on 30 June) in the quarter from July', () => {
      expect(holding('2026-06-30T23:30:00.000Z', 1)).toBe('2026-09');
      expect(holding('2026-06-30T22:59:59.999Z', 1)).toBe('2026-06');
      expect(holding('2026-06-30T23:00:00.000Z', 1)).toBe('2026-09');
    });

    it('bounds a winter quarter at UTC midnight, across the new year', () => {
      expect(boundsOf('2026-12', 1)).toEqual({
        // 1 October is still in summer time; the clocks go back on 25 October.
        from: '2026-09-30T23:00:00.000Z',
        to: '2027-01-01T00:00:00.000Z',
        firstDay: '2026-10-01',
        lastDay: '2026-12-31',
      });
      expect(holding('2026-12-31T23:59:59.999Z', 1)).toBe('2026-12');
      expect(holding('2027-01-01T00:00:00.000Z', 1)).toBe('2027-03');
    });

    it('ends the winter quarter at the BST midnight after the clocks go forward', () => {
      expect(boundsOf('2026-03', 1)).toMatchObject({
        from: '2026-01-01T00:00:00.000Z',
        to: '2026-03-31T23:00:00.000Z',
      });
    });
  });

  describe('stagger 2: quarters end January, April, July and October', () => {
    it('bounds a quarter across the new year, in GMT', () => {
      expect(boundsOf('2027-01', 2)).toEqual({
        from: '2026-11-01T00:00:00.000Z',
        to: '2027-02-01T00:00:00.000Z',
        firstDay: '2026-11-01',
        lastDay: '2027-01-31',
      });
      expect(holding('2026-10-31T23:59:59.999Z', 2)).toBe('2026-10');
      expect(holding('2026-11-01T00:00:00.000Z', 2)).toBe('2027-01');
      expect(holding('2027-01-31T23:59:59.999Z', 2)).toBe('2027-01');
      expect(holding('2027-02-01T00:00:00.000Z', 2)).toBe('2027-04');
    });

    it('begins the summer quarter at 00:00 on 1 May BST', () => {
      expect(boundsOf('2026-07', 2)).toMatchObject({
        from: '2026-04-30T23:00:00.000Z',
        to: '2026-07-31T23:00:00.000Z',
      });
      expect(holding('2026-04-30T22:59:59.999Z', 2)).toBe('2026-04');
      expect(holding('2026-04-30T23:30:00.000Z', 2)).toBe('2026-07');
    });

    it('ends the autumn quarter at BST midnight, and the next begins in it', () => {
      // The clocks go back on 25 October 2026, before the quarter ends.
      expect(boundsOf('2026-10', 2)).toMatchObject({
        from: '2026-07-31T23:00:00.000Z',
        to: '2026-11-01T00:00:00.000Z',
      });
    });
  });

  describe('stagger 3: quarters end February, May, August and November', () => {
    it('bounds a winter quarter, February of a leap year included', () => {
      expect(boundsOf('2028-02', 3)).toEqual({
        from: '2027-12-01T00:00:00.000Z',
        to: '2028-03-01T00:00:00.000Z',
        firstDay: '2027-12-01',
        lastDay: '2028-02-29',
      });
      expect(holding('2028-02-29T23:59:59.999Z', 3)).toBe('2028-02');
      expect(holding('2028-03-01T00:00:00.000Z', 3)).toBe('2028-05');
    });

    it('moves a sale at 00:30 on 1 September BST into the quarter from September', () => {
      expect(boundsOf('2026-08', 3)).toMatchObject({
        from: '2026-05-31T23:00:00.000Z',
        to: '2026-08-31T23:00:00.000Z',
      });
      expect(holding('2026-08-31T23:30:00.000Z', 3)).toBe('2026-11');
      expect(holding('2026-08-31T22:30:00.000Z', 3)).toBe('2026-08');
    });
  });

  it('offers the quarter running now and the eleven before it, newest first', () => {
    const offered = recentQuarters(2, new Date('2026-01-15T12:00:00Z')).map(quarterKey);
    expect(offered).toHaveLength(12);
    expect(offered.slice(0, 5)).toEqual(['2026-01', '2025-10', '2025-07', '2025-04', '2025-01']);
    expect(offered.at(-1)).toBe('2023-04');
  });

  it('says a quarter in months', () => {
    expect(quarterLabel({ year: 2026, endMonth: 6 })).toBe('April to June 2026');
    expect(quarterLabel({ year: 2027, endMonth: 1 })).toBe('November 2026 to January 2027');
  });

  it('takes any text as the quarter asked for, and a blank as none', () => {
    expect(vatQuerySchema.parse({ quarter: 'junk' })).toEqual({ quarter: 'junk' });
    expect(vatQuerySchema.parse({ quarter: '' })).toEqual({});
  });
});

describe('VAT arithmetic', () => {
  it('finds the VAT in a refund: a sixth, to the penny, halves rounded up', () => {
    expect(refundVat(1200)).toBe(200);
    expect(refundVat(1003)).toBe(167);
    expect(refundVat(3)).toBe(1);
    expect(refundVat(9)).toBe(2);
    expect(refundVat(1)).toBe(0);
  });

  it('leaves the pence out of box 6, toward zero when refunds outweigh sales', () => {
    expect(wholePounds(1234599)).toBe(12345);
    expect(wholePounds(1234500)).toBe(12345);
    expect(wholePounds(99)).toBe(0);
    expect(wholePounds(-1234599)).toBe(-12345);
    expect(wholePounds(-99)).toBe(0);
  });

  it('takes a flat rate of an amount to the nearest penny, halves away from zero', () => {
    expect(percentOf(10_001, 7.5)).toBe(750); // 750.075
    expect(percentOf(10_006, 7.5)).toBe(750); // 750.45
    expect(percentOf(10_020, 7.5)).toBe(752); // 751.5
    expect(percentOf(12_345, 16.5)).toBe(2037); // 2036.925
    expect(percentOf(-10_020, 7.5)).toBe(-752);
    expect(percentOf(0, 7.5)).toBe(0);
    // Far past what float pence could keep exact.
    expect(percentOf(900_719_925_474_099, 12.5)).toBe(112_589_990_684_262);
  });

  const sales = { count: 3, grossPence: 12_000, vatPence: 2_000, outsidePence: 5_000 };
  const refunds = { count: 1, grossPence: 1_201, vatPence: 200, outsidePence: 0 };

  it('fills the standard scheme’s boxes: VAT less refunds’ VAT, net sales in whole pounds', () => {
    // Gift cards outside VAT (£50 of sales) are in no box.
    // Box 6: (12000 - 2000) - (1201 - 200) = 8999 pence.
    expect(vatBoxes({ scheme: 'standard', flatRate: null }, sales, refunds)).toEqual({
      box1Pence: 1_800,
      box6Pounds: 89,
    });
  });

  it('fills the flat rate scheme’s boxes from the gross turnover', () => {
    // Turnover 10799 pence: 7.5% is 809.925, box 6 is £107.
    expect(vatBoxes({ scheme: 'flat-rate', flatRate: 7.5 }, sales, refunds)).toEqual({
      box1Pence: 810,
      box6Pounds: 107,
    });
  });

  it('answers negative boxes for a quarter of more refunds than sales', () => {
    const quiet = { count: 1, grossPence: 600, vatPence: 100, outsidePence: 0 };
    const back = { count: 2, grossPence: 12_550, vatPence: 2_092, outsidePence: 2_500 };
    expect(vatBoxes({ scheme: 'standard', flatRate: null }, quiet, back)).toEqual({
      box1Pence: -1_992,
      box6Pounds: -99, // -9958 pence
    });
    expect(vatBoxes({ scheme: 'flat-rate', flatRate: 10 }, quiet, back)).toEqual({
      box1Pence: -1_195,
      box6Pounds: -119, // -11950 pence
    });
  });
});
