import * as z from 'zod/mini';

// What a shopper narrows a shelf by: the shop's own lists of metals, stones, colours and
// materials (each product has at most one of each, picked by the owner), the sizes its variants
// come in, its price and whether it is in stock; and the orders a shelf can be sorted in.

export const METALS = [
  'sterling silver',
  '9ct gold',
  '18ct gold',
  'gold vermeil',
  'rose gold vermeil',
  'gold filled',
] as const;

export const STONES = [
  'diamond',
  'sapphire',
  'ruby',
  'emerald',
  'pearl',
  'topaz',
  'amethyst',
  'garnet',
  'moonstone',
  'opal',
  'aquamarine',
  'peridot',
  'labradorite',
  'cubic zirconia',
] as const;

export const COLOURS = [
  'black',
  'white',
  'grey',
  'navy',
  'blue',
  'green',
  'red',
  'pink',
  'purple',
  'yellow',
  'orange',
  'brown',
  'cream',
  'silver',
  'gold',
  'rose gold',
  'multicolour',
] as const;

export const MATERIALS = [
  'merino',
  'lambswool',
  'cashmere',
  'alpaca',
  'mohair',
  'cotton',
  'organic cotton',
  'linen',
  'silk',
  'wool',
  'wool blend',
  'leather',
  'canvas',
] as const;

export const FACET_LISTS = {
  metal: METALS,
  stone: STONES,
  colour: COLOURS,
  material: MATERIALS,
} as const;

export type FacetName = keyof typeof FACET_LISTS;
export const FACET_NAMES = Object.keys(FACET_LISTS) as FacetName[];

export const FACET_LABELS: Record<FacetName, string> = {
  metal: 'Metal',
  stone: 'Stone',
  colour: 'Colour',
  material: 'Material',
};

/** A value as the shop writes it ("rose gold vermeil"): first letter up for a shopper to read. */
export const facetValueName = (value: string) =>
  value === '' ? value : `${value.charAt(0).toUpperCase()}${value.slice(1)}`;

/**
 * A value of one list however a person or an address writes it: any case, hyphens for spaces
 * (`Rose-Gold-Vermeil`); undefined when the list does not hold it.
 */
export function facetValueOf(name: FacetName, written: string): string | undefined {
  const plain = written
    .trim()
    .toLowerCase()
    .replaceAll(/[-_\s]+/g, ' ');
  return (FACET_LISTS[name] as readonly string[]).find((value) => value === plain);
}

// A codec rather than a transform: answers are encoded with the same schema (a product's facets
// in every product answer), and a one-way transform cannot be encoded.
const facetField = (name: FacetName) =>
  z.nullable(
    z.codec(z.string(), z.string(), {
      decode: (written, context) => {
        const value = facetValueOf(name, written);
        if (value !== undefined) return value;
        context.issues.push({
          code: 'custom',
          input: written,
          message: `The ${name} must be one of the shop's: ${FACET_LISTS[name].join(', ')}`,
        });
        return z.NEVER;
      },
      encode: (value) => value,
    }),
  );

/**
 * A product's facets as the owner sends them: one value of each list, written in any case or
 * with hyphens, or null where none applies.
 */
export const productFacetsSchema = z.object({
  metal: facetField('metal'),
  stone: facetField('stone'),
  colour: facetField('colour'),
  material: facetField('material'),
});
export type ProductFacets = z.infer<typeof productFacetsSchema>;

/**
 * A product's facets as answers carry them: already the shop's words. Answers are encoded through
 * their schema, which cannot run the reading above backwards, so they are plain text here.
 */
export const productFacetsAnswerSchema = z.object({
  metal: z.nullable(z.string()),
  stone: z.nullable(z.string()),
  colour: z.nullable(z.string()),
  material: z.nullable(z.string()),
});

export const NO_FACETS: ProductFacets = { metal: null, stone: null, colour: null, material: null };

/** The option groups whose values are sizes a shopper filters by: `Size`, `Ring size`. */
export const isSizeGroup = (name: string) => /(^|\s)size$/i.test(name.trim());

/** A variant's size: the value of its product's size group, if it has one. */
export function sizeOfOptions(options: Record<string, string>): string | undefined {
  for (const [group, value] of Object.entries(options)) if (isSizeGroup(group)) return value;
  return undefined;
}

export const SORTS = [
  'featured',
  'price-asc',
  'price-desc',
  'newest',
  'bestselling',
  'rating',
] as const;
export type Sort = (typeof SORTS)[number];

export const SORT_NAMES: Record<Sort, string> = {
  featured: 'Featured',
  'price-asc': 'Price, low to high',
  'price-desc': 'Price, high to low',
  newest: 'Newest',
  bestselling: 'Best selling',
  rating: 'Best rated',
};

/** The filters a listing was asked for; empty lists and undefined bounds filter nothing. */
export interface ProductFilters {
  size: string[];
  metal: string[];
  stone: string[];
  colour: string[];
  material: string[];
  /** Pence, inclusive. */
  priceMin?: number | undefined;
  priceMax?: number | undefined;
  inStock: boolean;
}

export const NO_FILTERS: ProductFilters = {
  size: [],
  metal: [],
  stone: [],
  colour: [],
  material: [],
  inStock: false,
};

export const isFiltered = (filters: ProductFilters) =>
  filters.inStock ||
  filters.priceMin !== undefined ||
  filters.priceMax !== undefined ||
  (['size', ...FACET_NAMES] as const).some((name) => filters[name].length > 0);

export const facetCountSchema = z.object({ value: z.string(), count: z.int() });
export type FacetCount = z.infer<typeof facetCountSchema>;

/**
 * Each facet's values with how many products of the listing have them, counted with every other
 * filter applied (a value picked in the same facet does not narrow its own counts), and the
 * range of prices, in pounds, of the listing as its other filters leave it (null when empty).
 */
export const listingFacetsSchema = z.object({
  size: z.array(facetCountSchema),
  metal: z.array(facetCountSchema),
  stone: z.array(facetCountSchema),
  colour: z.array(facetCountSchema),
  material: z.array(facetCountSchema),
  price: z.object({ min: z.nullable(z.number()), max: z.nullable(z.number()) }),
});
export type ListingFacets = z.infer<typeof listingFacetsSchema>;

export const NO_LISTING_FACETS: ListingFacets = {
  size: [],
  metal: [],
  stone: [],
  colour: [],
  material: [],
  price: { min: null, max: null },
};

/** `?metal=a,b` or `?metal=a&metal=b`: the values asked, each checked. */
const listOf = (check: (value: string) => string | undefined, what: string) =>
  z.pipe(
    z.optional(z.union([z.string(), z.array(z.string())])),
    z.transform((written, context) => {
      const words = (Array.isArray(written) ? written : [written ?? ''])
        .flatMap((part) => part.split(','))
        .map((part) => part.trim())
        .filter((part) => part !== '');
      const values: string[] = [];
      for (const word of words.slice(0, 30)) {
        const value = check(word);
        if (value === undefined) {
          context.issues.push({
            code: 'custom',
            input: word,
            message: `"${word.slice(0, 40)}" is not ${what}`,
          });
          return z.NEVER;
        }
        if (!values.includes(value)) values.push(value);
      }
      return values;
    }),
  );

/** A size as variants name it: letters, digits, spaces and `.`/`/`, up to 20 characters. */
const sizeOf = (written: string) =>
  /^[\p{L}\p{N} ./½-]{1,20}$/u.test(written) ? written.toUpperCase() : undefined;

const facetList = (name: FacetName) =>
  listOf(
    (word) => facetValueOf(name, word),
    `one of the shop's ${name === 'colour' ? 'colours' : `${name}s`} (${FACET_LISTS[name].join(', ')})`,
  );

/** Pounds, as typed in a price box (`25`, `25.50`, `£25`); undefined when left blank. */
const poundsBound = (name: string) =>
  z.pipe(
    z.optional(z.string()),
    z.transform((written, context) => {
      const plain = written?.trim().replace(/^£/, '') ?? '';
      if (plain === '') return undefined;
      if (!/^\d{1,6}(\.\d{1,2})?$/.test(plain)) {
        context.issues.push({
          code: 'custom',
          input: written,
          message: `${name} must be an amount in pounds, such as 25 or 25.50`,
        });
        return z.NEVER;
      }
      return Math.round(Number(plain) * 100);
    }),
  );

/** The filters and sort `GET /api/products` and the shelf pages take, as the address writes them. */
export const listingQueryShape = {
  size: listOf(sizeOf, 'a size (letters and digits, up to 20)'),
  metal: facetList('metal'),
  stone: facetList('stone'),
  colour: facetList('colour'),
  material: facetList('material'),
  /** Pounds, inclusive; the answer's products cost at least this. */
  priceMin: poundsBound('priceMin'),
  priceMax: poundsBound('priceMax'),
  inStock: z.pipe(
    z.optional(z.enum(['true', 'false', ''], 'inStock must be true or false')),
    z.transform((written) => written === 'true'),
  ),
  sort: z.pipe(
    z.optional(z.enum([...SORTS, ''], `sort must be one of ${SORTS.join(', ')}`)),
    z.transform((written): Sort =>
      written === undefined || written === '' ? 'featured' : written,
    ),
  ),
};
