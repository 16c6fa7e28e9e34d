// The shelves a shopper browses: the shop's categories, and the departments that gather them.

export const CATEGORIES = [
  'pendants',
  'chains',
  'rings',
  'earrings',
  'hats',
  't-shirts',
  'jumpers',
  'accessories',
  'gift-cards',
] as const;

/**
 * Departments gather what a shopper thinks of as one kind of thing across categories: all of the
 * jewellery (pendants, chains, rings and earrings, and the accessories such as bangles that name
 * their metal) and all of the knitwear (jumpers, and the hats and accessories knitted from wool).
 */
export const DEPARTMENTS = ['jewellery', 'knitwear'] as const;
export type Department = (typeof DEPARTMENTS)[number];

/** What `/category/:category` and `?category=` take: a category or a department. */
export const SHELVES = [...DEPARTMENTS, ...CATEGORIES] as const;
export type Shelf = (typeof SHELVES)[number];

export const isShelf = (word: string): word is Shelf =>
  (SHELVES as readonly string[]).includes(word);

export const SHELF_NAMES: Record<Shelf, string> = {
  jewellery: 'Jewellery',
  knitwear: 'Knitwear',
  pendants: 'Pendants',
  chains: 'Chains',
  rings: 'Rings',
  earrings: 'Earrings',
  hats: 'Hats',
  't-shirts': 'T-shirts',
  jumpers: 'Jumpers',
  accessories: 'Accessories',
  'gift-cards': 'Gift cards',
};

/** The shelf's name for a shopper; a category the shop no longer lists keeps its own words. */
export function shelfName(category: string): string {
  if (isShelf(category)) return SHELF_NAMES[category];
  // A shelf of its own kind (`gift-cards`) reads as words: `Gift cards`.
  const words = category.replaceAll('-', ' ');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}
