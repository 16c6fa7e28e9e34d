import { describe, expect, it } from 'vitest';
import {
  formatGiftCardCode,
  giftCardCodesSchema,
  giftCardExpiresAt,
  giftCardLineSchema,
  giftCardSendAt,
  normaliseGiftCardCode,
  sendOnProblem,
} from './gift-cards';

describe('a gift card code as typed', () => {
  it('is kept upper case, without spaces or dashes', () => {
    expect(normaliseGiftCardCode('ABCD-EFGH-JKLM-NPQR')).toBe('ABCDEFGHJKLMNPQR');
    expect(normaliseGiftCardCode(' abcd efgh jklm npqr ')).toBe('ABCDEFGHJKLMNPQR');
    expect(normaliseGiftCardCode('abcd–efgh—jklm\tnpqr')).toBe('ABCDEFGHJKLMNPQR');
    expect(normaliseGiftCardCode('ab-cd-ef-gh-23-45-67-89')).toBe('ABCDEFGH23456789');
  });

  it('is not a code with a character outside the alphabet, or not 16 of them', () => {
    // 0, 1, I and O are never in a code: they are too easily read as one another.
    expect(normaliseGiftCardCode('ABCD-EFGH-JKLM-NPQ0')).toBeUndefined();
    expect(normaliseGiftCardCode('ABCD-EFGH-JKLM-NPQ1')).toBeUndefined();
    expect(normaliseGiftCardCode('ABCD-EFGH-IKLM-NPQR')).toBeUndefined();
    expect(normaliseGiftCardCode('ABCD-EFGH-JKLM-NPOR')).toBeUndefined();
    expect(normaliseGiftCardCode('ABCD-EFGH-JKLM-NPQ')).toBeUndefined();
    expect(normaliseGiftCardCode('ABCD-EFGH-JKLM-NPQRS')).toBeUndefined();
    expect(normaliseGiftCardCode('ABCD_EFGH_JKLM_NPQR')).toBeUndefined();
    expect(normaliseGiftCardCode('ÀBCD-EFGH-JKLM-NPQR')).toBeUndefined();
    expect(normaliseGiftCardCode('')).toBeUndefined();
  });

  it('is written in four groups of four', () => {
    expect(formatGiftCardCode('ABCDEFGHJKLMNPQR')).toBe('ABCD-EFGH-JKLM-NPQR');
    expect(formatGiftCardCode(normaliseGiftCardCode('23456789abcdefgh') ?? '')).toBe(
      '2345-6789-ABCD-EFGH',
    );
  });

  it('is given up to 3 times in a payment, none twice however it is written', () => {
    expect(giftCardCodesSchema.parse(['abcd efgh jklm npqr', 'NOPE'])).toEqual([
      'ABCDEFGHJKLMNPQR',
      'NOPE',
    ]);
    const twice = giftCardCodesSchema.safeParse(['ABCD-EFGH-JKLM-NPQR', 'abcdefghjklmnpqr']);
    expect(twice.error?.issues.map((issue) => issue.message)).toEqual([
      'The same gift card is given twice: give each code once',
    ]);
    const four = giftCardCodesSchema.safeParse(['A', 'B', 'C', 'D']);
    expect(four.error?.issues.map((issue) => issue.message)).toEqual([
      'An order can be paid with 3 gift cards at most',
    ]);
  });
});

describe('when a gift card is mailed', () => {
  it('is 8:00 GMT on its day in winter', () => {
    const now = new Date('2026-12-01T12:00:00Z');
    expect(giftCardSendAt('2026-12-25', now).toISOString()).toBe('2026-12-25T08:00:00.000Z');
  });

  it('is 8:00 BST, 7:00 UTC, on its day in summer', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    expect(giftCardSendAt('2026-07-04', now).toISOString()).toBe('2026-07-04T07:00:00.000Z');
  });

  it('is 8:00 UK time on the days the clocks change', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    // The clocks go forward at 1:00 on 29 March 2026 and back at 2:00 on 25 October.
    expect(giftCardSendAt('2026-03-29', now).toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(giftCardSendAt('2026-10-25', now).toISOString()).toBe('2026-10-25T08:00:00.000Z');
  });

  it('is at once when 8:00 on its day has passed', () => {
    const now = new Date('2026-12-25T08:00:00.001Z');
    expect(giftCardSendAt('2026-12-25', now)).toEqual(now);
    expect(giftCardSendAt('2026-12-24', now)).toEqual(now);
    const justBefore = new Date('2026-12-25T07:59:59.999Z');
    expect(giftCardSendAt('2026-12-25', justBefore).toISOString()).toBe('2026-12-25T08:00:00.000Z');
  });
});

describe('the day a gift card is sent on', () => {
  it('is today in the UK up to a year ahead', () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London.
    const now = new Date('2026-06-30T23:30:00Z');
    expect(sendOnProblem('2026-07-01', now)).toBeUndefined();
    expect(sendOnProblem('2027-07-01', now)).toBeUndefined();
    expect(sendOnProblem('2026-06-30', now)).toBe(
      'A gift card cannot be sent on a day that has passed',
    );
    expect(sendOnProblem('2027-07-02', now)).toBe(
      'A gift card can be sent up to a year ahead, until 2027-07-01',
    );
  });

  it('is a day on the calendar, and the message is clean text', () => {
    const line = {
      recipientName: ' Bea ',
      recipientEmail: 'Bea@Example.com',
      message: 'Happy birthday!\r\nLove, Ann ',
      sendOn: '2026-12-25',
    };
    expect(giftCardLineSchema.parse(line)).toEqual({
      recipientName: 'Bea',
      recipientEmail: 'bea@example.com',
      message: 'Happy birthday!\nLove, Ann',
      sendOn: '2026-12-25',
    });
    const wrong = giftCardLineSchema.safeParse({
      ...line,
      message: `Hi\u0007there`,
      sendOn: '2026-02-30',
    });
    expect(wrong.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['message', 'A gift card message contains a character that cannot be printed'],
      ['sendOn', 'That date is not on the calendar'],
    ]);
    const long = giftCardLineSchema.safeParse({ ...line, message: 'x'.repeat(251) });
    expect(long.error?.issues.map((issue) => issue.message)).toEqual([
      'A gift card message can be at most 250 characters',
    ]);
  });
});

describe('when a gift card stops working', () => {
  it('is the end of the UK day the months after it was bought', () => {
    // Bought at 00:30 BST on 3 June 2026 (still 2 June in UTC): it works through 3 June 2028.
    expect(giftCardExpiresAt(new Date('2026-06-02T23:30:00Z'), 24).toISOString()).toBe(
      '2028-06-03T23:00:00.000Z',
    );
    // A month later than 31 January is the last day of February.
    expect(giftCardExpiresAt(new Date('2027-01-31T12:00:00Z'), 1).toISOString()).toBe(
      '2027-03-01T00:00:00.000Z',
    );
  });
});
