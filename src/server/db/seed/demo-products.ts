import type { OptionGroup, Specification, VariantOptions } from '../../../shared/catalog/catalog';
import type { ArtSpec, ArtView } from './art/draw-product';
import { GIFT_CARD_OWN_AMOUNT } from '../../../shared/gift-cards/gift-cards';
import {
  NO_FACETS,
  type COLOURS,
  type MATERIALS,
  type METALS,
  type ProductFacets,
  type STONES,
} from '../../../shared/catalog/facets';
import type { PersonalisationOffer } from '../../../shared/catalog/personalisation';

type DemoCategory =
  | 'pendants'
  | 'chains'
  | 'rings'
  | 'earrings'
  | 'hats'
  | 't-shirts'
  | 'jumpers'
  | 'accessories'
  | 'gift-cards';

interface DemoReview {
  name: string;
  rating: 1 | 2 | 3 | 4 | 5;
  comment: string;
  daysAgo: number;
}

export interface DemoProduct {
  slug: string;
  name: string;
  brand: string;
  category: DemoCategory;
  pricePence: number;
  countInStock: number;
  /** Grams as posted, box or bag included, when not its category's usual (`PACKED_GRAMS`). */
  weightGrams?: number;
  description: string;
  art: ArtSpec;
  /**
   * A gallery: each picture drawn from its own view, named in its address, with its alt text;
   * the first is the picture from the front. Without, the product has its one picture.
   */
  pictures?: DemoPicture[];
  reviews: DemoReview[];
  /** Label/value rows shown as a table on the product page. */
  specifications?: Specification[];
  /** What shoppers filter by, as its specifications say: jewellery's metal, knitwear's fabric. */
  facets: ProductFacets;
  /** Option groups; with them, `variants` lists every combination sold. */
  options?: OptionGroup[];
  variants?: DemoVariant[];
  /**
   * On sale: the product (and each of its variants) sold at `wasPence` for weeks and was then
   * reduced to its price now, so its was price is founded (see `DEMO_SALE` in the seed).
   */
  sale?: { wasPence: number };
  /** Made to order: knitted or made after it is bought, dispatched after these working days. */
  madeToOrder?: { leadDays: number };
  /**
   * On pre-order (with none in stock): released this many days after the demo is seeded, so that
   * it stays a pre-order a while, selling up to `limit` before then.
   */
  preorder?: { releaseInDays: number; limit: number };
  /** What the buyer may have engraved on it, prices in pence. */
  personalisation?: PersonalisationOffer;
}

/**
 * What a piece usually weighs as posted, box or bag included: jewellery in its gift box, clothes
 * folded in a mailing bag.
 */
const PACKED_GRAMS: Record<DemoCategory, number> = {
  pendants: 20,
  chains: 25,
  rings: 15,
  earrings: 15,
  hats: 120,
  't-shirts': 220,
  jumpers: 450,
  accessories: 150,
  // Sent by email: nothing is posted.
  'gift-cards': 0,
};

/** A demo product's weight as posted, in grams. */
export const packedGrams = (product: DemoProduct): number =>
  product.weightGrams ?? PACKED_GRAMS[product.category];

interface DemoPicture {
  /** `front` for the picture from the front, the product's first; else a word for the view. */
  view: string;
  alt: string;
  drawn?: ArtView;
}

interface DemoVariant {
  options: VariantOptions;
  sku: string;
  pricePence: number;
  countInStock: number;
}

const GOLD = '#c9a44c';
const SILVER = '#c0c4c8';
const ROSE_GOLD = '#d4a08a';
const NAVY = '#1f2f4a';
const FOREST = '#2f4b3a';
const OATMEAL = '#d8c9ae';
const CHARCOAL = '#3c3d40';
const BURGUNDY = '#6e2231';
const CAMEL = '#b8874f';
const ECRU = '#efe8da';
const CHALK = '#f6f3ee';
const SAGE = '#9aab8f';
const TERRACOTTA = '#b8613f';
const MUSTARD = '#c99a2e';
const STONE = '#cbbfa8';
const OLIVE = '#6b6b3a';
const INK_BLACK = '#262626';
const POSTBOX_RED = '#b03a2e';

const MARLOW = 'Marlow & Finch';
const SALTMARSH = 'Saltmarsh Silver';
const HALDEN = 'Halden Studio';
const HEATHFOLD = 'Heathfold Knitwear';
const TIDEWELL = 'Tidewell & Co.';
const GREYFRIARS = 'Greyfriars Supply';
const ORIEL = 'Oriel & Ivy';

/** What a product sold in several versions carries: spread it in place of its price and stock. */
interface Sold {
  /** The cheapest variant's price, as the seeder would set it. */
  pricePence: number;
  /** Every variant's stock added up. */
  countInStock: number;
  options: OptionGroup[];
  variants: DemoVariant[];
}

interface Version {
  value: string;
  pricePence: number;
  countInStock: number;
}

/** `45 cm` → `45`, `XL` → `XL`: the value's part of a SKU. */
function skuPart(value: string): string {
  return value
    .replace(/\s*cm$/i, '')
    .replace('£', '')
    .replace(/\s+/g, '')
    .toUpperCase();
}

/** One option group, one variant per value, SKUs like `BRT-TEE-M`. */
function soldIn(group: string, skuPrefix: string, versions: readonly Version[]): Sold {
  return {
    pricePence: Math.min(...versions.map((version) => version.pricePence)),
    countInStock: versions.reduce((sum, version) => sum + version.countInStock, 0),
    options: [{ name: group, values: versions.map((version) => version.value) }],
    variants: versions.map((version) => ({
      options: { [group]: version.value },
      sku: `${skuPrefix}-${skuPart(version.value)}`,
      pricePence: version.pricePence,
      countInStock: version.countInStock,
    })),
  };
}

const CLOTHING_SIZES = ['XS', 'S', 'M', 'L', 'XL'] as const;
type ClothingSize = (typeof CLOTHING_SIZES)[number];

/** Tees and jumpers: XS to XL, all at one price, each size with its own stock. */
function clothingSizes(
  skuPrefix: string,
  pricePence: number,
  stockBySize: Record<ClothingSize, number>,
): Sold {
  return soldIn(
    'Size',
    skuPrefix,
    CLOTHING_SIZES.map((size) => ({ value: size, pricePence, countInStock: stockBySize[size] })),
  );
}

const RING_SIZES = ['J', 'K', 'L', 'M', 'N', 'O', 'P', 'Q', 'R', 'S'] as const;
type RingSize = (typeof RING_SIZES)[number];

/** Rings: UK sizes J to S, all at one price. */
function ringSizes(
  skuPrefix: string,
  pricePence: number,
  stockBySize: Record<RingSize, number>,
): Sold {
  return soldIn(
    'Ring size',
    skuPrefix,
    RING_SIZES.map((size) => ({ value: size, pricePence, countInStock: stockBySize[size] })),
  );
}

const PENDANT_CHAIN_LENGTHS = ['45 cm', '55 cm', '70 cm'] as const;
type PendantChainLength = (typeof PENDANT_CHAIN_LENGTHS)[number];
/** The 70 cm chain uses more metal, so it costs £5 more. */
const LONG_PENDANT_CHAIN_EXTRA_PENCE = 500;
// Said once, the same way on every pendant.
const PENDANT_CHAIN_CHOICE = 'Choose a 45, 55 or 70 cm chain.';

/** Pendants: on a 45, 55 or 70 cm chain; 45 and 55 cm at the pendant's price, 70 cm £5 more. */
function pendantChains(
  skuPrefix: string,
  pricePence: number,
  stockByLength: Record<PendantChainLength, number>,
): Sold {
  return soldIn(
    'Chain length',
    skuPrefix,
    PENDANT_CHAIN_LENGTHS.map((length) => ({
      value: length,
      pricePence: length === '70 cm' ? pricePence + LONG_PENDANT_CHAIN_EXTRA_PENCE : pricePence,
      countInStock: stockByLength[length],
    })),
  );
}

/**
 * Chains: two or three lengths (`'45 cm'`), shortest first at `pricePence`, each longer one
 * `stepPence` more than the one before.
 */
function chainLengths(
  skuPrefix: string,
  pricePence: number,
  stepPence: number,
  stockByLength: Record<`${number} cm`, number>,
): Sold {
  const lengths = Object.entries(stockByLength).sort(
    ([shorter], [longer]) => Number.parseInt(shorter, 10) - Number.parseInt(longer, 10),
  );
  return soldIn(
    'Chain length',
    skuPrefix,
    lengths.map(([length, countInStock], step) => ({
      value: length,
      pricePence: pricePence + step * stepPence,
      countInStock,
    })),
  );
}

/** `{ Metal: 'Sterling silver (925)' }` → rows of the product page's table, in that order. */
function specs(rows: Record<string, string>): Specification[] {
  return Object.entries(rows).map(([label, value]) => ({ label, value }));
}

type Metal = (typeof METALS)[number];
type Stone = (typeof STONES)[number];
type Colour = (typeof COLOURS)[number];
type Material = (typeof MATERIALS)[number];

/** A piece of jewellery's facets: its metal, its colour, and its stone if it has one. */
const jewel = (metal: Metal, colour: Colour, stone: Stone | null = null): ProductFacets => ({
  metal,
  stone,
  colour,
  material: null,
});

/** Clothes' and knitwear's facets: what they are made of and their colour. */
const made = (material: Material, colour: Colour): ProductFacets => ({
  metal: null,
  stone: null,
  colour,
  material,
});

const STERLING = 'Sterling silver (925)';
const STERLING_HALLMARK = 'Sterling silver, hallmarked (925)';
const VERMEIL_18CT = '18ct gold vermeil on sterling silver';
const VERMEIL_9CT = '9ct gold vermeil on sterling silver';
const WASH_30 = 'Machine wash at 30°C';
const HAND_WASH = 'Hand wash cold, dry flat';

const pendants: DemoProduct[] = [
  {
    slug: 'rose-gold-heart-pendant',
    name: 'Rose Gold Vermeil Heart Pendant',
    brand: MARLOW,
    category: 'pendants',
    facets: jewel('rose gold vermeil', 'rose gold'),
    ...pendantChains('HEART-PEND', 6500, { '45 cm': 9, '55 cm': 12, '70 cm': 6 }),
    description: `A softly puffed heart in 18ct rose gold vermeil over sterling silver, polished to a mirror finish. ${PENDANT_CHAIN_CHOICE}`,
    specifications: specs({
      Metal: '18ct rose gold vermeil on sterling silver',
      Hallmark: STERLING_HALLMARK,
      'Pendant size': '15 × 14 mm',
      'Chain width': '1.2 mm trace chain',
    }),
    art: { kind: 'pendant', colour: ROSE_GOLD, detail: 'heart' },
    pictures: [
      { view: 'front', alt: 'A rose gold heart pendant hanging from a fine trace chain' },
      {
        view: 'close-up',
        alt: 'Close up of the puffed heart, polished to a mirror shine, on its bail',
        drawn: { zoom: 2, focus: { x: 400, y: 470 } },
      },
      {
        view: 'turned',
        alt: 'The heart pendant turned a little to the side',
        drawn: { turned: true },
      },
    ],
    reviews: [
      {
        name: 'Sophie',
        rating: 5,
        comment:
          'Bought this for my sister’s 30th and she hasn’t taken it off. Beautiful packaging too.',
        daysAgo: 12,
      },
      {
        name: 'Hannah W.',
        rating: 5,
        comment:
          'Lovely weight to it and the rose gold is subtle rather than pink. Arrived next day.',
        daysAgo: 41,
      },
      {
        name: 'Priya',
        rating: 4,
        comment: 'Really pretty. I chose the 70 cm chain and it sits just right.',
        daysAgo: 88,
      },
    ],
  },
  {
    slug: 'crescent-moon-pendant',
    name: 'Crescent Moon Pendant',
    brand: MARLOW,
    category: 'pendants',
    facets: jewel('gold vermeil', 'gold', 'sapphire'),
    ...pendantChains('MOON-PEND', 7800, { '45 cm': 8, '55 cm': 11, '70 cm': 0 }),
    description: `A slim crescent moon in 9ct gold vermeil, set with a single blue sapphire on its curve. ${PENDANT_CHAIN_CHOICE}`,
    specifications: specs({
      Metal: VERMEIL_9CT,
      Hallmark: STERLING_HALLMARK,
      Stone: 'Blue sapphire, 2 mm',
      'Pendant size': '18 × 9 mm',
      'Chain width': '1 mm trace chain',
    }),
    art: { kind: 'pendant', colour: GOLD, accent: '#3a5fa8', detail: 'moon' },
    reviews: [
      {
        name: 'Ellie M.',
        rating: 5,
        comment: 'Dainty but catches the light beautifully. Gets compliments every time I wear it.',
        daysAgo: 6,
      },
      {
        name: 'Rachel',
        rating: 4,
        comment: 'Gorgeous pendant. The chain is finer than I expected, but it has held up well.',
        daysAgo: 57,
      },
    ],
  },
  {
    slug: 'north-star-pendant',
    name: 'North Star Pendant',
    brand: SALTMARSH,
    category: 'pendants',
    facets: jewel('sterling silver', 'silver'),
    ...pendantChains('STAR-PEND', 4500, { '45 cm': 12, '55 cm': 14, '70 cm': 8 }),
    description: `A faceted five-point star cut from solid sterling silver, hand finished in our Cornish workshop. ${PENDANT_CHAIN_CHOICE}`,
    specifications: specs({
      Metal: STERLING,
      Hallmark: STERLING_HALLMARK,
      'Pendant size': '16 mm across',
      'Chain width': '1.2 mm trace chain',
    }),
    art: { kind: 'pendant', colour: SILVER, detail: 'star' },
    reviews: [
      {
        name: 'James T.',
        rating: 5,
        comment:
          'Got this for my daughter starting university. Solid and well made, not flimsy at all.',
        daysAgo: 23,
      },
    ],
  },
  {
    slug: 'emerald-disc-pendant',
    name: 'Emerald Disc Pendant',
    brand: MARLOW,
    category: 'pendants',
    facets: jewel('9ct gold', 'gold', 'emerald'),
    ...pendantChains('EMERALD-PEND', 18000, { '45 cm': 0, '55 cm': 0, '70 cm': 0 }),
    description: `A solid 9ct gold disc with a ring of hand-engraved dots around a bezel-set emerald. Made to order in small batches, so each one is very slightly different. ${PENDANT_CHAIN_CHOICE}`,
    specifications: specs({
      Metal: '9ct yellow gold',
      Hallmark: 'Hallmarked at the London Assay Office',
      Stone: 'Emerald, 3 mm, bezel set',
      'Pendant size': '14 mm across',
      'Chain width': '1 mm trace chain',
    }),
    art: { kind: 'pendant', colour: GOLD, accent: '#2f8f6a', detail: 'disc' },
    reviews: [],
  },
  {
    slug: 'engravable-disc-pendant',
    name: 'Engravable Disc Pendant',
    brand: SALTMARSH,
    category: 'pendants',
    facets: jewel('sterling silver', 'silver'),
    ...pendantChains('ENGRAVE-PEND', 3800, { '45 cm': 12, '55 cm': 10, '70 cm': 6 }),
    description: `A smooth sterling silver disc, engraved by hand in our workshop with up to two lines of your choosing: initials, a name or a date. Engraved discs are made for you and cannot be returned for a change of mind. ${PENDANT_CHAIN_CHOICE}`,
    specifications: specs({
      Metal: STERLING,
      Hallmark: STERLING_HALLMARK,
      'Pendant size': '18 mm across',
      Engraving: 'Up to 2 lines of 12 letters, by hand',
      'Chain width': '1.2 mm trace chain',
    }),
    art: { kind: 'pendant', colour: SILVER, detail: 'engraved-disc' },
    personalisation: {
      label: 'Engraving',
      maxLength: 12,
      lines: 2,
      characters: 'letters',
      pricePence: 800,
      pricePerCharacterPence: 100,
      required: false,
    },
    reviews: [
      {
        name: 'Priya',
        rating: 5,
        comment: 'Had our initials engraved for our anniversary. Beautifully neat lettering.',
        daysAgo: 12,
      },
    ],
  },
  {
    slug: 'blue-topaz-teardrop-pendant',
    name: 'Blue Topaz Teardrop Pendant',
    brand: SALTMARSH,
    category: 'pendants',
    facets: jewel('sterling silver', 'blue', 'topaz'),
    ...pendantChains('TOPAZ-PEND', 8900, { '45 cm': 6, '55 cm': 7, '70 cm': 2 }),
    description: `A pear-cut Swiss blue topaz held in a sterling silver teardrop setting. The stone is the colour of a clear sea off the Lizard. ${PENDANT_CHAIN_CHOICE}`,
    specifications: specs({
      Metal: STERLING,
      Hallmark: STERLING_HALLMARK,
      Stone: 'Swiss blue topaz, pear cut, 8 × 6 mm',
      'Pendant size': '14 × 8 mm',
      'Chain width': '1.2 mm trace chain',
    }),
    art: { kind: 'pendant', colour: SILVER, accent: '#5fa8d3', detail: 'teardrop' },
    reviews: [
      {
        name: 'Charlotte',
        rating: 5,
        comment: 'The stone is even brighter in person. Perfect anniversary present.',
        daysAgo: 34,
      },
      {
        name: 'Tom B.',
        rating: 3,
        comment:
          'Lovely pendant but delivery took over a week. Customer service were helpful though.',
        daysAgo: 102,
      },
    ],
  },
  {
    slug: 'slim-gold-bar-pendant',
    name: 'Slim Gold Bar Pendant',
    brand: HALDEN,
    category: 'pendants',
    facets: jewel('gold vermeil', 'gold'),
    ...pendantChains('BAR-PEND', 3500, { '45 cm': 14, '55 cm': 16, '70 cm': 9 }),
    description: `A minimal vertical bar in 9ct gold vermeil that sits neatly on its own or layered with other chains. ${PENDANT_CHAIN_CHOICE}`,
    specifications: specs({
      Metal: VERMEIL_9CT,
      Hallmark: STERLING_HALLMARK,
      'Pendant size': '25 × 3 mm',
      'Chain width': '1 mm trace chain',
    }),
    art: { kind: 'pendant', colour: GOLD, detail: 'bar' },
    reviews: [],
  },
  {
    slug: 'freshwater-pearl-pendant',
    name: 'Freshwater Pearl Drop Pendant',
    brand: ORIEL,
    category: 'pendants',
    facets: jewel('gold vermeil', 'white', 'pearl'),
    ...pendantChains('PEARL-PEND', 5500, { '45 cm': 7, '55 cm': 9, '70 cm': 4 }),
    description: `A single lustrous freshwater pearl capped in 9ct gold vermeil. Every pearl is chosen by hand for its soft, even glow. ${PENDANT_CHAIN_CHOICE}`,
    specifications: specs({
      Metal: VERMEIL_9CT,
      Hallmark: STERLING_HALLMARK,
      Stone: 'Freshwater pearl, 7 to 8 mm',
      'Chain width': '1 mm trace chain',
    }),
    art: { kind: 'pendant', colour: GOLD, detail: 'pearl' },
    reviews: [],
  },
];

const chains: DemoProduct[] = [
  {
    slug: 'gold-curb-chain',
    name: 'Classic Curb Chain',
    brand: HALDEN,
    category: 'chains',
    facets: jewel('gold vermeil', 'gold'),
    ...chainLengths('GOLD-CURB', 8500, 500, { '45 cm': 9, '50 cm': 11, '55 cm': 7 }),
    description:
      'Flat, tightly linked curb chain in 18ct gold vermeil over sterling silver, finished with a sturdy lobster clasp. Choose 45, 50 or 55 cm; heavy enough to wear alone.',
    specifications: specs({
      Metal: VERMEIL_18CT,
      Hallmark: STERLING_HALLMARK,
      'Chain width': '4 mm',
      Clasp: 'Lobster clasp',
    }),
    art: { kind: 'chain', colour: GOLD, detail: 'curb' },
    pictures: [
      { view: 'front', alt: 'A gold curb chain laid out in a deep U' },
      {
        view: 'links',
        alt: 'Close up of the flattened, interlocking curb links',
        drawn: { zoom: 3.5, focus: { x: 300, y: 560 } },
      },
      {
        view: 'turned',
        alt: 'The curb chain seen from a little to the side',
        drawn: { turned: true },
      },
    ],
    reviews: [
      {
        name: 'Daniel',
        rating: 5,
        comment: 'Proper weight to it and the gold hasn’t faded after months of daily wear.',
        daysAgo: 19,
      },
      {
        name: 'Amira K.',
        rating: 4,
        comment: 'Looks far more expensive than it is. Clasp is a little stiff at first.',
        daysAgo: 63,
      },
      {
        name: 'Luke',
        rating: 5,
        comment: 'Second one I’ve bought, this time for my brother. Excellent quality.',
        daysAgo: 140,
      },
    ],
  },
  {
    slug: 'twisted-rope-chain',
    name: 'Twisted Rope Chain',
    brand: HALDEN,
    category: 'chains',
    facets: jewel('gold vermeil', 'gold'),
    ...chainLengths('ROPE-CHAIN', 9900, 1000, { '50 cm': 10, '60 cm': 6 }),
    description:
      'A tightly twisted rope chain in 9ct gold vermeil that catches the light from every angle. Strong enough to carry a pendant, in 50 or 60 cm.',
    specifications: specs({
      Metal: VERMEIL_9CT,
      Hallmark: STERLING_HALLMARK,
      'Chain width': '2.5 mm',
      Clasp: 'Lobster clasp',
    }),
    art: { kind: 'chain', colour: GOLD, detail: 'rope' },
    reviews: [],
  },
  {
    slug: 'silver-figaro-chain',
    name: 'Sterling Silver Figaro Chain',
    brand: SALTMARSH,
    category: 'chains',
    facets: jewel('sterling silver', 'silver'),
    ...chainLengths('FIGARO-CHAIN', 5400, 500, { '50 cm': 11, '55 cm': 12, '60 cm': 6 }),
    description:
      'The classic Italian pattern of three short links and one long, in solid sterling silver. Hallmarked in Birmingham, in 50, 55 or 60 cm.',
    specifications: specs({
      Metal: STERLING,
      Hallmark: 'Hallmarked at the Birmingham Assay Office',
      'Chain width': '3 mm',
      Clasp: 'Lobster clasp',
    }),
    art: { kind: 'chain', colour: SILVER, detail: 'figaro' },
    reviews: [],
  },
  {
    slug: 'fine-box-chain',
    name: 'Fine Box Chain',
    brand: SALTMARSH,
    category: 'chains',
    facets: jewel('sterling silver', 'silver'),
    ...chainLengths('BOX-CHAIN', 2500, 500, { '45 cm': 12, '55 cm': 10 }),
    description:
      'A delicate square-link box chain in sterling silver, ideal for carrying a small pendant. Lies flat and resists tangling, in 45 or 55 cm with a 5 cm extender.',
    specifications: specs({
      Metal: STERLING,
      Hallmark: STERLING_HALLMARK,
      'Chain width': '1 mm',
      Clasp: 'Spring ring with a 5 cm extender',
    }),
    art: { kind: 'chain', colour: SILVER, detail: 'box' },
    reviews: [
      {
        name: 'Megan',
        rating: 4,
        comment: 'Bought to replace a broken chain on my grandmother’s locket. Fits perfectly.',
        daysAgo: 71,
      },
    ],
  },
  {
    slug: 'liquid-gold-snake-chain',
    name: 'Liquid Gold Snake Chain',
    brand: MARLOW,
    category: 'chains',
    facets: jewel('gold vermeil', 'gold'),
    ...chainLengths('SNAKE-CHAIN', 14000, 1000, { '45 cm': 0, '50 cm': 0 }),
    description:
      'A smooth, supple snake chain in 9ct gold vermeil that drapes like liquid metal. Our best-selling chain, restocked every few weeks.',
    specifications: specs({
      Metal: VERMEIL_9CT,
      Hallmark: STERLING_HALLMARK,
      'Chain width': '1.8 mm',
      Clasp: 'Lobster clasp',
    }),
    art: { kind: 'chain', colour: GOLD, detail: 'snake' },
    reviews: [],
  },
  {
    slug: 'rose-gold-trace-chain',
    name: 'Rose Gold Trace Chain',
    brand: HALDEN,
    category: 'chains',
    facets: jewel('rose gold vermeil', 'rose gold'),
    ...chainLengths('TRACE-CHAIN', 3900, 500, { '45 cm': 8, '50 cm': 10, '55 cm': 0 }),
    description:
      'An everyday trace chain of alternating round and flat links in rose gold vermeil. Light and comfortable, in 45, 50 or 55 cm.',
    specifications: specs({
      Metal: 'Rose gold vermeil on sterling silver',
      Hallmark: STERLING_HALLMARK,
      'Chain width': '1.5 mm',
      Clasp: 'Spring ring',
    }),
    art: { kind: 'chain', colour: ROSE_GOLD, detail: 'cable' },
    reviews: [],
  },
  {
    slug: 'heavy-silver-curb-chain',
    name: 'Heavy Silver Curb Chain',
    brand: SALTMARSH,
    category: 'chains',
    facets: jewel('sterling silver', 'silver'),
    weightGrams: 60,
    ...chainLengths('SILVER-CURB', 7900, 1000, { '50 cm': 5, '60 cm': 3 }),
    description:
      'A chunky, diamond-cut curb chain in solid sterling silver with a satisfying weight. Made to be worn every day and hallmarked in the UK.',
    specifications: specs({
      Metal: STERLING,
      Hallmark: 'Hallmarked at the Birmingham Assay Office',
      'Chain width': '6 mm, diamond cut',
      Clasp: 'Lobster clasp',
    }),
    art: { kind: 'chain', colour: '#aeb3b9', detail: 'curb' },
    reviews: [],
  },
];

const hats: DemoProduct[] = [
  {
    slug: 'chunky-bobble-beanie',
    name: 'Chunky Bobble Beanie',
    brand: HEATHFOLD,
    category: 'hats',
    facets: made('lambswool', 'red'),
    pricePence: 2800,
    countInStock: 16,
    sale: { wasPence: 3500 },
    description:
      'A thick ribbed beanie in soft lambswool, topped with a generous oatmeal bobble. Knitted in the Scottish Borders.',
    specifications: specs({ Fabric: '100% lambswool', Care: HAND_WASH }),
    art: { kind: 'beanie', colour: BURGUNDY, accent: OATMEAL, detail: 'pompom' },
    pictures: [
      {
        view: 'front',
        alt: 'A burgundy knitted beanie with a turned-up cuff and an oatmeal bobble',
      },
      {
        view: 'bobble',
        alt: 'Close up of the fluffy oatmeal bobble on the crown',
        drawn: { zoom: 2.4, focus: { x: 400, y: 210 } },
      },
      {
        view: 'knit',
        alt: 'Close up of the chunky rib knit',
        drawn: { zoom: 2.6, focus: { x: 400, y: 330 } },
      },
    ],
    reviews: [
      {
        name: 'Grace',
        rating: 5,
        comment: 'So warm and not itchy at all. The colour is a lovely deep berry.',
        daysAgo: 9,
      },
      {
        name: 'Oliver P.',
        rating: 4,
        comment: 'Great hat. Slightly big on me, but the deep cuff sorts that out.',
        daysAgo: 48,
      },
    ],
  },
  {
    slug: 'forest-fisherman-beanie',
    name: 'Fisherman Beanie',
    brand: HEATHFOLD,
    category: 'hats',
    facets: made('merino', 'green'),
    pricePence: 2200,
    countInStock: 0,
    description:
      'A short, close-fitting fisherman beanie in forest green merino. Sits above the ears for that harbourside look.',
    specifications: specs({ Fabric: '100% merino wool', Care: HAND_WASH }),
    art: { kind: 'beanie', colour: FOREST, detail: 'cuff' },
    reviews: [],
  },
  {
    slug: 'navy-stripe-beanie',
    name: 'Merino Stripe Beanie',
    brand: HEATHFOLD,
    category: 'hats',
    facets: made('merino', 'navy'),
    pricePence: 2500,
    countInStock: 11,
    description:
      'A fine-gauge merino beanie in navy with a single mustard stripe around the cuff. Warm, breathable and easy to pack.',
    specifications: specs({ Fabric: '100% fine-gauge merino wool', Care: HAND_WASH }),
    art: { kind: 'beanie', colour: NAVY, accent: MUSTARD, detail: 'stripe' },
    reviews: [],
  },
  {
    slug: 'washed-cotton-cap',
    name: 'Washed Cotton Cap',
    brand: GREYFRIARS,
    category: 'hats',
    facets: made('cotton', 'cream'),
    pricePence: 1800,
    countInStock: 19,
    description:
      'A six-panel cap in garment-washed cotton twill with a soft, pre-curved peak. Adjustable strap at the back.',
    specifications: specs({
      Fabric: '100% cotton twill, garment washed',
      Care: 'Hand wash cold, reshape while damp',
    }),
    art: { kind: 'cap', colour: STONE, detail: 'plain' },
    reviews: [],
  },
  {
    slug: 'moorland-patch-cap',
    name: 'Moorland Patch Cap',
    brand: GREYFRIARS,
    category: 'hats',
    facets: made('cotton', 'grey'),
    pricePence: 2000,
    countInStock: 9,
    description:
      'Charcoal cotton cap with a woven terracotta hills patch on the front. Brass-buckle strap for an easy fit.',
    specifications: specs({
      Fabric: '100% cotton twill',
      Care: 'Hand wash cold, reshape while damp',
    }),
    art: { kind: 'cap', colour: CHARCOAL, accent: TERRACOTTA, detail: 'patch' },
    reviews: [],
  },
  {
    slug: 'corduroy-bucket-hat',
    name: 'Corduroy Bucket Hat',
    brand: GREYFRIARS,
    category: 'hats',
    facets: made('cotton', 'green'),
    pricePence: 3200,
    countInStock: 13,
    description:
      'A soft, structured bucket hat in olive needlecord with a stitched brim. Fully lined in cotton, with brass eyelets.',
    specifications: specs({ Fabric: 'Cotton needlecord, lined in cotton', Care: 'Hand wash cold' }),
    art: { kind: 'bucket-hat', colour: OLIVE, detail: 'cord' },
    reviews: [
      {
        name: 'Isla',
        rating: 5,
        comment:
          'Exactly the shade of olive I wanted. Cord is thick and the lining is really nice.',
        daysAgo: 27,
      },
    ],
  },
  {
    slug: 'gingham-bucket-hat',
    name: 'Gingham Bucket Hat',
    brand: TIDEWELL,
    category: 'hats',
    facets: made('organic cotton', 'green'),
    pricePence: 2600,
    countInStock: 6,
    description:
      'A summery bucket hat in ecru and forest green gingham, made from organic cotton. Packs flat into a beach bag.',
    specifications: specs({ Fabric: '100% organic cotton', Care: WASH_30 }),
    art: { kind: 'bucket-hat', colour: ECRU, accent: FOREST, detail: 'check' },
    reviews: [],
  },
];

const tShirts: DemoProduct[] = [
  {
    slug: 'essential-cotton-tee',
    name: 'Essential Cotton Tee',
    brand: TIDEWELL,
    category: 't-shirts',
    facets: made('organic cotton', 'white'),
    ...clothingSizes('ESS-TEE', 800, { XS: 6, S: 12, M: 14, L: 12, XL: 6 }),
    description:
      'A simple crew-neck tee in soft organic cotton jersey. The one you will reach for every morning.',
    specifications: specs({
      Fabric: '100% organic cotton jersey, 160 gsm',
      Care: WASH_30,
      Fit: 'Regular',
    }),
    art: { kind: 'tshirt', colour: CHALK, detail: 'plain' },
    reviews: [
      {
        name: 'Ben',
        rating: 4,
        comment: 'Great value. Washed well and kept its shape, bought three more.',
        daysAgo: 15,
      },
      {
        name: 'Lucy H.',
        rating: 2,
        comment:
          'Nice fabric but a bit see-through in white. Would go for a darker colour next time.',
        daysAgo: 96,
      },
    ],
  },
  {
    slug: 'breton-stripe-tee',
    name: 'Breton Stripe Tee',
    brand: TIDEWELL,
    category: 't-shirts',
    facets: made('organic cotton', 'navy'),
    ...clothingSizes('BRT-TEE', 3200, { XS: 0, S: 8, M: 10, L: 7, XL: 2 }),
    description:
      'The classic seaside stripe in heavyweight organic cotton, ecru with navy. Cut slightly boxy with a dropped shoulder.',
    specifications: specs({
      Fabric: '100% organic cotton, 220 gsm',
      Care: WASH_30,
      Fit: 'Boxy, with a dropped shoulder',
    }),
    art: { kind: 'tshirt', colour: ECRU, accent: NAVY, detail: 'stripe' },
    reviews: [
      {
        name: 'Emily R.',
        rating: 5,
        comment:
          'Thick, soft and the stripes line up at the seams. Feels like it will last for years.',
        daysAgo: 4,
      },
      {
        name: 'Sam',
        rating: 5,
        comment: 'Perfect Breton. I’m usually a medium and the medium fits just right.',
        daysAgo: 37,
      },
      {
        name: 'Chloe',
        rating: 4,
        comment: 'Love it, although it shrank slightly on a 40° wash. Go cool.',
        daysAgo: 80,
      },
      {
        name: 'Matthew J.',
        rating: 3,
        comment: 'Good quality but the fit is wider than I’d like. Sized down and it is fine.',
        daysAgo: 152,
      },
    ],
  },
  {
    slug: 'sage-pocket-tee',
    name: 'Organic Pocket Tee',
    brand: TIDEWELL,
    category: 't-shirts',
    facets: made('organic cotton', 'green'),
    ...clothingSizes('SAGE-TEE', 2200, { XS: 5, S: 9, M: 11, L: 9, XL: 5 }),
    description:
      'A relaxed sage green tee with a neat patch pocket on the chest. Made from GOTS-certified organic cotton in Portugal.',
    specifications: specs({
      Fabric: '100% GOTS-certified organic cotton, 180 gsm',
      Care: WASH_30,
      Fit: 'Relaxed',
    }),
    art: { kind: 'tshirt', colour: SAGE, detail: 'pocket' },
    reviews: [],
  },
  {
    slug: 'sunrise-logo-tee',
    name: 'Sunrise Logo Tee',
    brand: GREYFRIARS,
    category: 't-shirts',
    facets: made('organic cotton', 'grey'),
    ...clothingSizes('SUN-TEE', 2500, { XS: 0, S: 0, M: 0, L: 0, XL: 0 }),
    description:
      'Charcoal organic cotton tee with our little embroidered sun-over-the-sea emblem in gold thread. Regular fit.',
    specifications: specs({
      Fabric: '100% organic cotton, 180 gsm',
      Care: 'Machine wash at 30°C, inside out',
      Fit: 'Regular',
    }),
    art: { kind: 'tshirt', colour: CHARCOAL, accent: MUSTARD, detail: 'logo' },
    reviews: [],
  },
  {
    slug: 'heavyweight-boxy-tee',
    name: 'Heavyweight Boxy Tee',
    brand: TIDEWELL,
    category: 't-shirts',
    facets: made('cotton', 'black'),
    ...clothingSizes('BOXY-TEE', 3500, { XS: 4, S: 7, M: 9, L: 7, XL: 0 }),
    description:
      'A substantial 240 gsm cotton tee in black with a boxy cut and a ribbed neck that keeps its shape. Pre-shrunk.',
    specifications: specs({
      Fabric: '100% cotton, 240 gsm, pre-shrunk',
      Care: WASH_30,
      Fit: 'Boxy',
    }),
    art: { kind: 'tshirt', colour: INK_BLACK, detail: 'plain' },
    reviews: [],
  },
  {
    slug: 'seaside-stripe-tee',
    name: 'Seaside Stripe Tee',
    brand: TIDEWELL,
    category: 't-shirts',
    facets: made('organic cotton', 'red'),
    ...clothingSizes('SEA-TEE', 2800, { XS: 5, S: 8, M: 9, L: 8, XL: 4 }),
    description:
      'Chalk white organic cotton with bold postbox red stripes, made for weekends by the sea. Soft from the very first wear.',
    specifications: specs({
      Fabric: '100% organic cotton, 180 gsm',
      Care: WASH_30,
      Fit: 'Regular',
    }),
    art: { kind: 'tshirt', colour: CHALK, accent: POSTBOX_RED, detail: 'stripe' },
    reviews: [],
  },
  {
    slug: 'terracotta-pocket-tee',
    name: 'Garment-Dyed Pocket Tee',
    brand: GREYFRIARS,
    category: 't-shirts',
    facets: made('cotton', 'orange'),
    ...clothingSizes('TERRA-TEE', 2450, { XS: 6, S: 10, M: 11, L: 10, XL: 5 }),
    description:
      'Garment-dyed in a warm terracotta for a soft, lived-in colour, with a contrast oatmeal chest pocket. Cotton jersey, regular fit.',
    specifications: specs({
      Fabric: '100% cotton jersey, garment dyed',
      Care: 'Machine wash at 30°C with similar colours',
      Fit: 'Regular',
    }),
    art: { kind: 'tshirt', colour: TERRACOTTA, accent: OATMEAL, detail: 'pocket' },
    reviews: [],
  },
];

const jumpers: DemoProduct[] = [
  {
    slug: 'aran-cable-jumper',
    name: 'Aran Cable Jumper',
    brand: HEATHFOLD,
    category: 'jumpers',
    facets: made('wool', 'cream'),
    weightGrams: 800,
    ...clothingSizes('ARAN-JMP', 11000, { XS: 0, S: 3, M: 5, L: 4, XL: 0 }),
    description:
      'A traditional Aran in undyed oatmeal wool with deep cable panels down the front. Knitted in Donegal and built to last for decades.',
    specifications: specs({ Fabric: '100% undyed wool', Care: HAND_WASH, Fit: 'Relaxed' }),
    art: { kind: 'jumper', colour: OATMEAL, detail: 'cable' },
    pictures: [
      { view: 'front', alt: 'An oatmeal Aran jumper with three cable panels down the front' },
      {
        view: 'cables',
        alt: 'Close up of the twisted cables and the moss stitch between them',
        drawn: { zoom: 2.8, focus: { x: 400, y: 360 } },
      },
      {
        view: 'cuff',
        alt: 'Close up of a ribbed cuff and the ribbed hem',
        drawn: { zoom: 2.4, focus: { x: 640, y: 540 } },
      },
      { view: 'turned', alt: 'The jumper turned a little to the side', drawn: { turned: true } },
    ],
    reviews: [
      {
        name: 'William',
        rating: 5,
        comment: 'Proper heavyweight Aran. Warm enough to wear instead of a coat in autumn.',
        daysAgo: 22,
      },
      {
        name: 'Fiona G.',
        rating: 5,
        comment: 'Bought for my husband, and now I borrow it. Beautiful cables.',
        daysAgo: 74,
      },
      {
        name: 'Jack',
        rating: 4,
        comment: 'Brilliant jumper. A little scratchy at first but softened after a wash.',
        daysAgo: 190,
      },
    ],
  },
  {
    slug: 'navy-lambswool-crew',
    name: 'Lambswool Crew Neck',
    brand: HEATHFOLD,
    category: 'jumpers',
    facets: made('lambswool', 'navy'),
    ...clothingSizes('LAMB-JMP', 6500, { XS: 5, S: 8, M: 9, L: 7, XL: 0 }),
    sale: { wasPence: 8000 },
    description:
      'A classic crew neck in pure Scottish lambswool, dyed a deep navy. Light enough to layer under a jacket.',
    specifications: specs({ Fabric: '100% Scottish lambswool', Care: HAND_WASH, Fit: 'Regular' }),
    art: { kind: 'jumper', colour: NAVY, detail: 'crew' },
    reviews: [
      {
        name: 'Harry',
        rating: 5,
        comment: 'Fits true to size and the navy is rich and dark. Great quality for the price.',
        daysAgo: 31,
      },
      {
        name: 'Alice D.',
        rating: 4,
        comment: 'Lovely and soft. Bobbled a little under the arms after a month.',
        daysAgo: 119,
      },
    ],
  },
  {
    slug: 'charcoal-merino-roll-neck',
    name: 'Merino Roll Neck',
    brand: HEATHFOLD,
    category: 'jumpers',
    facets: made('merino', 'grey'),
    ...clothingSizes('CHAR-ROLL', 7900, { XS: 4, S: 7, M: 8, L: 6, XL: 4 }),
    description:
      'A slim roll neck in fine extra-fine merino, in a versatile charcoal grey. Soft against the skin and machine washable on a wool cycle.',
    specifications: specs({
      Fabric: '100% extra-fine merino wool',
      Care: 'Machine wash on a wool cycle at 30°C, dry flat',
      Fit: 'Slim',
    }),
    art: { kind: 'jumper', colour: CHARCOAL, detail: 'rollneck' },
    reviews: [
      {
        name: 'Nathan',
        rating: 5,
        comment: 'Wear it to the office and at weekends. Doesn’t itch at all.',
        daysAgo: 45,
      },
    ],
  },
  {
    slug: 'fair-isle-yoke-jumper',
    name: 'Fair Isle Yoke Jumper',
    brand: HEATHFOLD,
    category: 'jumpers',
    facets: made('lambswool', 'cream'),
    ...clothingSizes('FAIR-JMP', 9500, { XS: 0, S: 0, M: 0, L: 0, XL: 0 }),
    description:
      'A cream lambswool jumper with a traditional Fair Isle band across the yoke in burgundy. Knitted in Shetland in very small runs.',
    specifications: specs({ Fabric: '100% lambswool', Care: HAND_WASH, Fit: 'Regular' }),
    art: { kind: 'jumper', colour: '#efe6d2', accent: BURGUNDY, detail: 'fairisle' },
    reviews: [],
  },
  {
    slug: 'forest-fisherman-cable-jumper',
    name: 'Fisherman Cable Jumper',
    brand: HEATHFOLD,
    category: 'jumpers',
    facets: made('wool', 'green'),
    ...clothingSizes('FISH-JMP', 12000, { XS: 0, S: 0, M: 4, L: 5, XL: 1 }),
    description:
      'A heavyweight cable knit in forest green British wool, finished with ribbed cuffs and hem. Made to weather a Cumbrian winter.',
    specifications: specs({ Fabric: '100% British wool', Care: HAND_WASH, Fit: 'Relaxed' }),
    art: { kind: 'jumper', colour: FOREST, detail: 'cable' },
    reviews: [],
  },
  {
    slug: 'organic-cotton-crew-jumper',
    name: 'Organic Cotton Crew Jumper',
    brand: TIDEWELL,
    category: 'jumpers',
    facets: made('organic cotton', 'red'),
    ...clothingSizes('COTTON-JMP', 4999, { XS: 4, S: 6, M: 7, L: 5, XL: 4 }),
    description:
      'A midweight crew neck in burgundy organic cotton, perfect for spring evenings. Soft, breathable and easy to care for.',
    specifications: specs({
      Fabric: '100% organic cotton, midweight knit',
      Care: WASH_30,
      Fit: 'Regular',
    }),
    art: { kind: 'jumper', colour: BURGUNDY, detail: 'crew' },
    reviews: [],
  },
  {
    slug: 'camel-merino-roll-neck',
    name: 'Camel Merino Roll Neck',
    brand: HEATHFOLD,
    category: 'jumpers',
    facets: made('merino', 'brown'),
    ...clothingSizes('CAMEL-ROLL', 8500, { XS: 0, S: 5, M: 6, L: 6, XL: 4 }),
    description:
      'Our merino roll neck in a warm camel, with a generous fold-over collar. Pairs beautifully with gold jewellery.',
    specifications: specs({
      Fabric: '100% extra-fine merino wool',
      Care: 'Machine wash on a wool cycle at 30°C, dry flat',
      Fit: 'Slim',
    }),
    art: { kind: 'jumper', colour: CAMEL, detail: 'rollneck' },
    reviews: [],
  },
];

const accessories: DemoProduct[] = [
  {
    slug: 'lambswool-tartan-scarf',
    name: 'Lambswool Tartan Scarf',
    brand: HEATHFOLD,
    category: 'accessories',
    facets: made('lambswool', 'multicolour'),
    weightGrams: 250,
    pricePence: 4500,
    countInStock: 10,
    sale: { wasPence: 6000 },
    description:
      'A generous scarf in burgundy and forest green tartan, woven from soft lambswool with a twisted fringe. Measures 180 by 30 cm.',
    specifications: specs({ Fabric: '100% lambswool', Care: HAND_WASH, Size: '180 × 30 cm' }),
    art: { kind: 'scarf', colour: BURGUNDY, accent: FOREST, detail: 'check' },
    reviews: [],
  },
  {
    slug: 'canvas-stripe-tote',
    name: 'Canvas Stripe Tote',
    brand: TIDEWELL,
    category: 'accessories',
    facets: made('canvas', 'cream'),
    weightGrams: 200,
    pricePence: 1800,
    countInStock: 25,
    description:
      'A sturdy natural canvas tote with a navy stripe and long handles that go over the shoulder, even in a winter coat. Fits a laptop and the weekly shop.',
    specifications: specs({ Material: '100% cotton canvas', Care: 'Spot clean' }),
    art: { kind: 'tote', colour: '#e6dcc6', accent: NAVY, detail: 'stripe' },
    reviews: [
      {
        name: 'Zoe',
        rating: 5,
        comment: 'Really strong canvas. It has survived a lot of heavy shopping already.',
        daysAgo: 11,
      },
      {
        name: 'Kate L.',
        rating: 4,
        comment: 'Nice bag. Would love an inside pocket, but otherwise perfect.',
        daysAgo: 66,
      },
    ],
  },
  {
    slug: 'sterling-silver-bangle',
    name: 'Sterling Silver Bangle',
    brand: SALTMARSH,
    category: 'accessories',
    facets: jewel('sterling silver', 'silver'),
    weightGrams: 40,
    pricePence: 4800,
    countInStock: 11,
    description:
      'A smooth, rounded bangle in solid sterling silver with a high polish. Slips easily over the hand and stacks well.',
    specifications: specs({
      Metal: STERLING,
      Hallmark: STERLING_HALLMARK,
      'Inner diameter': '65 mm',
      Width: '4 mm',
    }),
    art: { kind: 'bracelet', colour: SILVER, detail: 'bangle' },
    reviews: [],
  },
  {
    slug: 'chunky-gold-hoops',
    name: 'Chunky Gold Hoop Earrings',
    brand: ORIEL,
    category: 'earrings',
    facets: jewel('gold vermeil', 'gold'),
    pricePence: 3800,
    countInStock: 15,
    description:
      'Bold, lightweight hoops in 18ct gold vermeil with a hinged click fastening. Comfortable enough to wear all day.',
    specifications: specs({
      Metal: VERMEIL_18CT,
      Hallmark: STERLING_HALLMARK,
      'Hoop size': '25 mm across, 5 mm thick',
      Fastening: 'Hinged click',
    }),
    art: { kind: 'earrings', colour: GOLD, detail: 'hoop' },
    reviews: [
      {
        name: 'Jess',
        rating: 5,
        comment: 'Look chunky but weigh almost nothing. My new everyday earrings.',
        daysAgo: 3,
      },
      {
        name: 'Aisha',
        rating: 5,
        comment: 'Bought a second pair as a gift. The click fastening feels really secure.',
        daysAgo: 52,
      },
      {
        name: 'Laura S.',
        rating: 4,
        comment: 'Gorgeous shine. Slightly smaller than I pictured, so check the size.',
        daysAgo: 130,
      },
    ],
  },
  {
    slug: 'silver-solitaire-ring',
    name: 'Sterling Silver Solitaire Ring',
    brand: ORIEL,
    category: 'rings',
    facets: jewel('sterling silver', 'silver', 'sapphire'),
    ...ringSizes('SOL-RING', 5500, { J: 4, K: 5, L: 6, M: 8, N: 8, O: 0, P: 6, Q: 5, R: 2, S: 0 }),
    description:
      'A slender sterling silver band with a single sparkling white sapphire held in four claws. Comfortable enough to wear every day.',
    specifications: specs({
      Metal: STERLING,
      Hallmark: STERLING_HALLMARK,
      Stone: 'White sapphire, 4 mm, four-claw setting',
      'Band width': '1.8 mm',
    }),
    art: { kind: 'ring', colour: SILVER, accent: '#cfe0ee', detail: 'solitaire' },
    reviews: [],
  },
  {
    slug: 'gold-vermeil-court-band',
    name: 'Gold Vermeil Court Band',
    brand: ORIEL,
    category: 'rings',
    facets: jewel('gold vermeil', 'gold'),
    // Sold out in N, which the silver solitaire has, and in stock in O, which it has not.
    ...ringSizes('CRT-BAND', 4800, { J: 5, K: 6, L: 0, M: 7, N: 0, O: 9, P: 6, Q: 4, R: 0, S: 5 }),
    description:
      'A plain court band in 18ct gold vermeil over sterling silver, gently domed outside and rounded within, so it slips on easily and sits comfortably all day.',
    specifications: specs({
      Metal: VERMEIL_18CT,
      Hallmark: STERLING_HALLMARK,
      'Band width': '3 mm',
    }),
    art: { kind: 'ring', colour: GOLD, detail: 'band' },
    reviews: [],
  },
  {
    slug: 'charcoal-knit-gloves',
    name: 'Merino Knit Gloves',
    brand: HEATHFOLD,
    category: 'accessories',
    facets: made('merino', 'grey'),
    weightGrams: 100,
    pricePence: 2400,
    countInStock: 14,
    description:
      'Warm charcoal merino gloves with deep oatmeal ribbed cuffs. Touchscreen-friendly fingertips for cold commutes.',
    specifications: specs({ Fabric: '100% merino wool', Care: HAND_WASH }),
    art: { kind: 'gloves', colour: CHARCOAL, accent: OATMEAL, detail: 'knit' },
    reviews: [],
  },
  {
    slug: 'mustard-stripe-socks',
    name: 'Wool Stripe Socks',
    brand: GREYFRIARS,
    category: 'accessories',
    facets: made('wool blend', 'yellow'),
    weightGrams: 90,
    pricePence: 1200,
    countInStock: 21,
    description:
      'Cosy wool-blend socks in mustard with navy stripes, heels and toes. Reinforced where it matters, one size fits UK 4 to 8.',
    specifications: specs({
      Fabric: 'Wool blend, reinforced heels and toes',
      Care: WASH_30,
      Size: 'One size, UK 4 to 8',
    }),
    art: { kind: 'socks', colour: MUSTARD, accent: NAVY, detail: 'stripe' },
    reviews: [
      {
        name: 'Georgia',
        rating: 4,
        comment: 'Bright, warm and very comfy. Bought a pair for everyone at Christmas.',
        daysAgo: 58,
      },
    ],
  },
];

/** Gift cards have no stock limit: each amount shows a stock that is never taken from. */
const ALWAYS_AVAILABLE = 9999;

const giftCards: DemoProduct[] = [
  {
    slug: 'gift-card',
    name: 'Gift card',
    brand: 'Larkspur',
    ...soldIn('Amount', 'GIFT', [
      { value: '£10', pricePence: 1000, countInStock: ALWAYS_AVAILABLE },
      { value: '£25', pricePence: 2500, countInStock: ALWAYS_AVAILABLE },
      { value: '£50', pricePence: 5000, countInStock: ALWAYS_AVAILABLE },
      { value: '£100', pricePence: 10_000, countInStock: ALWAYS_AVAILABLE },
      // Priced at the least a card may be; the buyer names its amount, up to £250.
      { value: GIFT_CARD_OWN_AMOUNT, pricePence: 500, countInStock: ALWAYS_AVAILABLE },
    ]),
    category: 'gift-cards',
    facets: NO_FACETS,
    description:
      'A gift card for anything in the shop, emailed to the person you choose on the day you choose, with your message. Spend it in one go or over several orders; it lasts two years.',
    art: { kind: 'gift-card', colour: NAVY, accent: GOLD },
    reviews: [],
  },
];

/** Made for the buyer: a jumper knitted to order, and a pendant on pre-order before its launch. */
const madeForYou: DemoProduct[] = [
  {
    slug: 'made-to-order-fisherman-jumper',
    name: 'Made to Order Fisherman Jumper',
    brand: HEATHFOLD,
    category: 'jumpers',
    facets: made('wool', 'green'),
    weightGrams: 750,
    ...clothingSizes('KNIT-TO-ORDER', 9500, { XS: 0, S: 0, M: 0, L: 0, XL: 0 }),
    madeToOrder: { leadDays: 15 },
    description:
      'A fisherman’s jumper hand-knitted for you once you order, in British wool in the shade you ask for in your order note (moss green unless you say). It takes about three weeks to knit.',
    specifications: specs({ Fabric: '100% British wool', Care: HAND_WASH, Fit: 'Relaxed' }),
    art: { kind: 'jumper', colour: SAGE, detail: 'cable' },
    reviews: [],
  },
  {
    slug: 'solstice-moon-pendant',
    name: 'Solstice Moon Pendant',
    brand: SALTMARSH,
    category: 'pendants',
    facets: jewel('sterling silver', 'silver'),
    ...pendantChains('SOLSTICE-PEND', 5200, { '45 cm': 0, '55 cm': 0, '70 cm': 0 }),
    preorder: { releaseInDays: 21, limit: 20 },
    description: `A new crescent moon in solid sterling silver from our winter collection: on pre-order now, posted from its launch day. ${PENDANT_CHAIN_CHOICE}`,
    specifications: specs({
      Metal: STERLING,
      Hallmark: STERLING_HALLMARK,
      'Pendant size': '18 × 9 mm',
      'Chain width': '1 mm trace chain',
    }),
    art: { kind: 'pendant', colour: SILVER, detail: 'moon' },
    reviews: [],
  },
];

export const demoProducts: readonly DemoProduct[] = [
  ...pendants,
  ...chains,
  ...hats,
  ...tShirts,
  ...jumpers,
  ...madeForYou,
  ...accessories,
  ...giftCards,
];
