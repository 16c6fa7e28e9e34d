import { SHELF_NAMES, shelfName, type Department } from '../../shared/catalog/shelves';

// Where each of the shop's shelves sits in Google's product taxonomy (version 2021-09-21, the
// one Google and Meta both read: https://www.google.com/basepages/producttype/taxonomy-with-ids.en-GB.txt).
// Google has no category of chains alone: a chain is worn as a necklace. Nor one of jumpers: its
// jumpers and sweaters are shirts and tops. Gift cards are not in the feeds at all.

/** A Google product category: its id, and its path as Google writes it (for people reading). */
interface GoogleCategory {
  id: number;
  path: string;
}

const APPAREL = 'Apparel & Accessories';

const google = (id: number, path: string): GoogleCategory => ({ id, path: `${APPAREL} > ${path}` });

/** Each category of the shop, and each kind of accessory, as Google files it. */
export const GOOGLE_CATEGORIES = {
  pendants: google(192, 'Jewelry > Charms & Pendants'),
  chains: google(196, 'Jewelry > Necklaces'),
  rings: google(200, 'Jewelry > Rings'),
  earrings: google(194, 'Jewelry > Earrings'),
  hats: google(173, 'Clothing Accessories > Hats'),
  't-shirts': google(212, 'Clothing > Shirts & Tops'),
  jumpers: google(212, 'Clothing > Shirts & Tops'),
  /** Accessories that name a metal (a bangle): jewellery. */
  'jewellery accessories': google(188, 'Jewelry'),
  /** Every other accessory (scarves, gloves, bags): clothing accessories. */
  accessories: google(167, 'Clothing Accessories'),
} as const satisfies Record<string, GoogleCategory>;

const BY_CATEGORY: ReadonlyMap<string, GoogleCategory> = new Map(Object.entries(GOOGLE_CATEGORIES));

/** Categories the feeds leave out: Google lists gift cards only through a programme of its own. */
export const LEFT_OUT_OF_FEEDS = ['gift-cards'] as const;

/** Categories that are clothes, which Google asks a gender and an age group of. */
const CLOTHES: ReadonlySet<string> = new Set(['hats', 't-shirts', 'jumpers']);

/** Where a product sits in Google's taxonomy; a category the shop no longer lists is apparel. */
export function googleCategoryOf(category: string, department: Department | null): GoogleCategory {
  if (category === 'accessories' && department === 'jewellery') {
    return GOOGLE_CATEGORIES['jewellery accessories'];
  }
  return BY_CATEGORY.get(category) ?? { id: 166, path: APPAREL };
}

/**
 * The shop's own path to a product, as a shopper browses to it: `Jewellery > Rings`, `Knitwear >
 * Hats`; a product in no department is under its category alone (`T-shirts`).
 */
export function productTypeOf(category: string, department: Department | null): string {
  const shelf = shelfName(category);
  return department === null ? shelf : `${SHELF_NAMES[department]} > ${shelf}`;
}

/** Whether Google and Meta ask a gender and age group of it: clothes, and knitted accessories. */
export const isClothing = (category: string, department: Department | null): boolean =>
  CLOTHES.has(category) || (category === 'accessories' && department === 'knitwear');
