import { describe, expect, it } from 'vitest';
import { inListOrder, pageRead, readDirection, readPage, type PageRead } from './page-read';

/** Reads page `page` (from 1) of `size` rows of a list of the numbers 0 to total - 1. */
function pageOfNumbers(total: number, page: number, size: number): number[] {
  const read = pageRead(total, { offset: (page - 1) * size, limit: size });
  if (!read) return [];
  const list = Array.from({ length: total }, (_, index) => index);
  const walked = read.reversed ? [...list].reverse() : list;
  return inListOrder(read, walked.slice(read.offset, read.offset + read.limit));
}

describe('reading a page from the nearer end of a list', () => {
  it('gives every page the rows an offset would, whichever end it is read from', () => {
    for (const total of [1, 19, 20, 21, 45, 100, 101]) {
      const pages = Math.ceil(total / 20);
      const read = Array.from({ length: pages }, (_, index) => pageOfNumbers(total, index + 1, 20));
      expect(read.flat()).toEqual(Array.from({ length: total }, (_, index) => index));
    }
  });

  it('reads the first page from the front and the last from the back, each without skipping', () => {
    expect(pageRead(100_000, { offset: 0, limit: 20 })).toEqual({
      reversed: false,
      offset: 0,
      limit: 20,
    });
    expect(pageRead(100_005, { offset: 100_000, limit: 20 })).toEqual({
      reversed: true,
      offset: 0,
      limit: 5,
    });
  });

  it('skips at most half the list', () => {
    for (let page = 1; page <= 50; page += 1) {
      const read = pageRead(1000, { offset: (page - 1) * 20, limit: 20 });
      expect(read?.offset).toBeLessThanOrEqual(500);
    }
  });

  it('reads nothing past the end', () => {
    expect(pageRead(45, { offset: 60, limit: 20 })).toBeUndefined();
    expect(pageRead(0, { offset: 0, limit: 20 })).toBeUndefined();
  });

  it("turns each column's direction round only when reading from the back", () => {
    const front = { reversed: false, offset: 0, limit: 20 };
    const back = { reversed: true, offset: 0, limit: 20 };
    expect([readDirection(front, 'desc'), readDirection(front, 'asc')]).toEqual(['desc', 'asc']);
    expect([readDirection(back, 'desc'), readDirection(back, 'asc')]).toEqual(['asc', 'desc']);
  });
});

describe('reading a page with the count of its list', () => {
  const list = Array.from({ length: 45 }, (_, index) => index);
  const readOf = (asked: PageRead[]) => (at: PageRead) => {
    asked.push(at);
    const walked = at.reversed ? [...list].reverse() : list;
    return Promise.resolve(walked.slice(at.offset, at.offset + at.limit));
  };

  it('reads the first page without waiting for the count', async () => {
    const asked: PageRead[] = [];
    let counted: (total: number) => void = () => undefined;
    const page = readPage(
      { offset: 0, limit: 20 },
      () => new Promise<number>((resolve) => (counted = resolve)),
      readOf(asked),
    );
    expect(asked).toEqual([{ reversed: false, offset: 0, limit: 20 }]);
    counted(45);
    expect(await page).toEqual({ rows: list.slice(0, 20), total: 45 });
  });

  it('reads the last page from the back once counted, and nothing past the end', async () => {
    const asked: PageRead[] = [];
    const count = () => Promise.resolve(45);
    expect(await readPage({ offset: 40, limit: 20 }, count, readOf(asked))).toEqual({
      rows: list.slice(40),
      total: 45,
    });
    expect(asked).toEqual([{ reversed: true, offset: 0, limit: 5 }]);
    expect(await readPage({ offset: 60, limit: 20 }, count, readOf(asked))).toEqual({
      rows: [],
      total: 45,
    });
    expect(asked).toHaveLength(1);
  });
});
