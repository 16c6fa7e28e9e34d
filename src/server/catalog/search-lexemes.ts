/**
 * The words PostgreSQL's full-text index holds of the products (its lexemes: `pendant`,
 * `silver`), each as a number given in this process when it is first seen. The shelf index holds
 * each product's lexemes as numbers, and a search walks numbers, not words.
 */
const lexemes: string[] = [];
const codes = new Map<string, number>();
/** Every lexeme in code-unit order, with its code: those starting alike sit side by side. */
let alphabetical: { lexemes: string[]; codes: Int32Array } | undefined;

/** A lexeme's number in this process, given when it is first seen. */
export function lexemeCode(lexeme: string): number {
  let code = codes.get(lexeme);
  if (code === undefined) {
    code = lexemes.length;
    codes.set(lexeme, code);
    lexemes.push(lexeme);
  }
  return code;
}

/** How many lexemes have numbers: every code is below it. */
export const lexemeCodesGiven = () => lexemes.length;

/** The code of this lexeme, or with `start` of every lexeme starting with it: none if unseen. */
export function lexemeCodesOf(lexeme: string, { start = false } = {}): number[] {
  if (!start) {
    const code = codes.get(lexeme);
    return code === undefined ? [] : [code];
  }
  if (alphabetical?.lexemes.length !== lexemes.length) {
    const order = lexemes.map((_, code) => code).sort((a, b) => compare(lexemes[a], lexemes[b]));
    alphabetical = {
      lexemes: order.map((code) => lexemes[code] ?? ''),
      codes: Int32Array.from(order),
    };
  }
  const { lexemes: sorted, codes: sortedCodes } = alphabetical;
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(sorted[middle], lexeme) < 0) low = middle + 1;
    else high = middle;
  }
  const found: number[] = [];
  for (let at = low; at < sorted.length && sorted[at]?.startsWith(lexeme); at += 1) {
    found.push(sortedCodes[at] ?? 0);
  }
  return found;
}

const compare = (a = '', b = '') => (a < b ? -1 : a > b ? 1 : 0);
