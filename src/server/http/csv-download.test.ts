import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvOf, money } from './csv-download';

async function written(columns: string[], rows: (string | number | null | { pence: number })[][]) {
  const chunks: Buffer[] = [];
  for await (const chunk of csvOf(columns, [rows])) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

describe('a CSV download', () => {
  it('begins with a byte order mark and a header, and ends each row as RFC 4180 does', async () => {
    const text = await written(['name', 'price'], [['Moon, silver', money(1250)]]);
    expect(text).toBe('\uFEFFname,price\r\n"Moon, silver",12.50\r\n');
  });

  it('defuses text a spreadsheet would run, and keeps money back a number', async () => {
    const text = await written(
      ['cell'],
      [['=HYPERLINK("x")'], ['+1'], ['-2'], ['@SUM(A1)'], ['\tx'], ['\rx'], [money(-1250)], [7]],
    );
    const cells = parse<{ cell: string }>(text, { bom: true, columns: true }).map(
      (row) => row.cell,
    );
    expect(cells).toEqual([
      `'=HYPERLINK("x")`,
      `'+1`,
      `'-2`,
      `'@SUM(A1)`,
      `'\tx`,
      `'\rx`,
      '-12.50',
      '7',
    ]);
  });

  it('writes an empty cell for nothing', async () => {
    expect(await written(['a', 'b'], [[null, 'x']])).toBe('\uFEFFa,b\r\n,x\r\n');
  });
});
