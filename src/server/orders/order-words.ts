// The back office finds an order by what a person has to hand when a customer rings: its number,
// its id or the end of it, a name, an email, a postcode, a tracking number, a product or a SKU.
// Each is kept as words the search compares by their beginnings, written the way the search
// writes what is typed, so case, spaces and hyphens never matter.

const LONGEST_WORD = 100;

/** One way of writing a code however it is typed: `sw1a 1aa`, `SW1A1AA` and `k7qf-3mxa`. */
export const compact = (text: string) => text.toLowerCase().replace(/[\s-]+/g, '');

/** The words of a name: `Mary-Ann O'Neil` is `mary`, `ann`, `o`, `neil`. */
export const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}@.+_]+/u)
    .filter((word) => word !== '');

/** An id (hex digits) written backwards under a mark, so its end can be found as a beginning. */
export const reversedId = (id: string) => `~${id.toLowerCase().split('').reverse().join('')}`;

/** What an order is found by. */
export function orderWords(order: {
  id: string;
  orderNumber: string;
  userName: string;
  userEmail: string;
  shippingAddress: { name: string; postalCode: string };
  tracking: { number: string } | null;
  items: readonly { name: string; sku: string | null }[];
}): string[] {
  const skus = order.items.flatMap((item) => (item.sku === null ? [] : [item.sku]));
  const words = [
    compact(order.orderNumber),
    order.id.toLowerCase(),
    reversedId(order.id),
    order.userEmail.toLowerCase(),
    compact(order.userEmail),
    ...wordsOf(order.userName),
    ...wordsOf(order.shippingAddress.name),
    compact(order.shippingAddress.postalCode),
    ...(order.tracking ? [compact(order.tracking.number)] : []),
    ...order.items.flatMap((item) => wordsOf(item.name)),
    ...skus.flatMap((sku) => [sku.toLowerCase(), compact(sku)]),
  ];
  return [...new Set(words.filter((word) => word !== '').map((w) => w.slice(0, LONGEST_WORD)))];
}

/**
 * What to look for when the search is given `q`: the whole of it as one code, each of its words
 * (every one must be found), and the end of an id when it looks like one.
 */
export function searchTerms(q: string): { whole: string; words: string[]; idEnd?: string } {
  const whole = compact(q);
  const words = wordsOf(q);
  return {
    whole,
    words,
    ...(/^[0-9a-f]{6,24}$/.test(whole) ? { idEnd: reversedId(whole) } : {}),
  };
}
