import type { ArtSpec } from './art/draw-product';

export type DemoCategory = 'pendants' | 'chains' | 'hats' | 't-shirts' | 'jumpers' | 'accessories';

export interface DemoReview {
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
  description: string;
  art: ArtSpec;
  reviews: DemoReview[];
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

// Every pendant ships on the same chain, so the copy says so in one consistent sentence.
const PENDANT_CHAIN_NOTE =
  'Comes on a 55 cm chain as standard; ask for 70 cm in the order notes and we will swap it at no extra cost.';

const pendants: DemoProduct[] = [
  {
    slug: 'rose-gold-heart-pendant',
    name: 'Rose Gold Vermeil Heart Pendant',
    brand: MARLOW,
    category: 'pendants',
    pricePence: 6500,
    countInStock: 12,
    description: `A softly puffed heart in 18ct rose gold vermeil over sterling silver, polished to a mirror finish. ${PENDANT_CHAIN_NOTE}`,
    art: { kind: 'pendant', colour: ROSE_GOLD, detail: 'heart' },
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
        comment:
          'Really pretty. I asked for the 70 cm chain in the notes and it came exactly as asked.',
        daysAgo: 88,
      },
    ],
  },
  {
    slug: 'crescent-moon-pendant',
    name: 'Crescent Moon Pendant',
    brand: MARLOW,
    category: 'pendants',
    pricePence: 7800,
    countInStock: 8,
    description: `A slim crescent moon in 9ct gold vermeil, set with a single blue sapphire on its curve. ${PENDANT_CHAIN_NOTE}`,
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
    pricePence: 4500,
    countInStock: 15,
    description: `A faceted five-point star cut from solid sterling silver, hand finished in our Cornish workshop. ${PENDANT_CHAIN_NOTE}`,
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
    pricePence: 18000,
    countInStock: 0,
    description: `A solid 9ct gold disc with a ring of hand-engraved dots around a bezel-set emerald. Made to order in small batches, so each one is very slightly different. ${PENDANT_CHAIN_NOTE}`,
    art: { kind: 'pendant', colour: GOLD, accent: '#2f8f6a', detail: 'disc' },
    reviews: [],
  },
  {
    slug: 'blue-topaz-teardrop-pendant',
    name: 'Blue Topaz Teardrop Pendant',
    brand: SALTMARSH,
    category: 'pendants',
    pricePence: 8900,
    countInStock: 6,
    description: `A pear-cut Swiss blue topaz held in a sterling silver teardrop setting. The stone is the colour of a clear sea off the Lizard. ${PENDANT_CHAIN_NOTE}`,
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
    pricePence: 3500,
    countInStock: 20,
    description: `A minimal vertical bar in 9ct gold vermeil that sits neatly on its own or layered with other chains. ${PENDANT_CHAIN_NOTE}`,
    art: { kind: 'pendant', colour: GOLD, detail: 'bar' },
    reviews: [],
  },
  {
    slug: 'freshwater-pearl-pendant',
    name: 'Freshwater Pearl Drop Pendant',
    brand: ORIEL,
    category: 'pendants',
    pricePence: 5500,
    countInStock: 9,
    description: `A single lustrous freshwater pearl capped in 9ct gold vermeil. Every pearl is chosen by hand for its soft, even glow. ${PENDANT_CHAIN_NOTE}`,
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
    pricePence: 8500,
    countInStock: 10,
    description:
      'Flat, tightly linked curb chain in 18ct gold vermeil over sterling silver, finished with a sturdy lobster clasp. Available in 50 cm, heavy enough to wear alone.',
    art: { kind: 'chain', colour: GOLD, detail: 'curb' },
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
    pricePence: 9900,
    countInStock: 7,
    description:
      'A tightly twisted rope chain in 9ct gold vermeil that catches the light from every angle. Strong enough to carry a pendant, 50 cm long.',
    art: { kind: 'chain', colour: GOLD, detail: 'rope' },
    reviews: [],
  },
  {
    slug: 'silver-figaro-chain',
    name: 'Sterling Silver Figaro Chain',
    brand: SALTMARSH,
    category: 'chains',
    pricePence: 5400,
    countInStock: 14,
    description:
      'The classic Italian pattern of three short links and one long, in solid sterling silver. Hallmarked in Birmingham and 55 cm long.',
    art: { kind: 'chain', colour: SILVER, detail: 'figaro' },
    reviews: [],
  },
  {
    slug: 'fine-box-chain',
    name: 'Fine Box Chain',
    brand: SALTMARSH,
    category: 'chains',
    pricePence: 2500,
    countInStock: 22,
    description:
      'A delicate square-link box chain in sterling silver, ideal for carrying a small pendant. Lies flat and resists tangling, 45 cm with an extender.',
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
    pricePence: 14000,
    countInStock: 0,
    description:
      'A smooth, supple snake chain in 9ct gold vermeil that drapes like liquid metal. Our best-selling chain, restocked every few weeks.',
    art: { kind: 'chain', colour: GOLD, detail: 'snake' },
    reviews: [],
  },
  {
    slug: 'rose-gold-trace-chain',
    name: 'Rose Gold Trace Chain',
    brand: HALDEN,
    category: 'chains',
    pricePence: 3900,
    countInStock: 18,
    description:
      'An everyday trace chain of alternating round and flat links in rose gold vermeil. Light and comfortable, 45 cm long.',
    art: { kind: 'chain', colour: ROSE_GOLD, detail: 'cable' },
    reviews: [],
  },
  {
    slug: 'heavy-silver-curb-chain',
    name: 'Heavy Silver Curb Chain',
    brand: SALTMARSH,
    category: 'chains',
    pricePence: 7900,
    countInStock: 5,
    description:
      'A chunky, diamond-cut curb chain in solid sterling silver with a satisfying weight. Made to be worn every day and hallmarked in the UK.',
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
    pricePence: 2800,
    countInStock: 16,
    description:
      'A thick ribbed beanie in soft lambswool, topped with a generous oatmeal bobble. Knitted in the Scottish Borders.',
    art: { kind: 'beanie', colour: BURGUNDY, accent: OATMEAL, detail: 'pompom' },
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
    pricePence: 2200,
    countInStock: 0,
    description:
      'A short, close-fitting fisherman beanie in forest green merino. Sits above the ears for that harbourside look.',
    art: { kind: 'beanie', colour: FOREST, detail: 'cuff' },
    reviews: [],
  },
  {
    slug: 'navy-stripe-beanie',
    name: 'Merino Stripe Beanie',
    brand: HEATHFOLD,
    category: 'hats',
    pricePence: 2500,
    countInStock: 11,
    description:
      'A fine-gauge merino beanie in navy with a single mustard stripe around the cuff. Warm, breathable and easy to pack.',
    art: { kind: 'beanie', colour: NAVY, accent: MUSTARD, detail: 'stripe' },
    reviews: [],
  },
  {
    slug: 'washed-cotton-cap',
    name: 'Washed Cotton Cap',
    brand: GREYFRIARS,
    category: 'hats',
    pricePence: 1800,
    countInStock: 19,
    description:
      'A six-panel cap in garment-washed cotton twill with a soft, pre-curved peak. Adjustable strap at the back.',
    art: { kind: 'cap', colour: STONE, detail: 'plain' },
    reviews: [],
  },
  {
    slug: 'moorland-patch-cap',
    name: 'Moorland Patch Cap',
    brand: GREYFRIARS,
    category: 'hats',
    pricePence: 2000,
    countInStock: 9,
    description:
      'Charcoal cotton cap with a woven terracotta hills patch on the front. Brass-buckle strap for an easy fit.',
    art: { kind: 'cap', colour: CHARCOAL, accent: TERRACOTTA, detail: 'patch' },
    reviews: [],
  },
  {
    slug: 'corduroy-bucket-hat',
    name: 'Corduroy Bucket Hat',
    brand: GREYFRIARS,
    category: 'hats',
    pricePence: 3200,
    countInStock: 13,
    description:
      'A soft, structured bucket hat in olive needlecord with a stitched brim. Fully lined in cotton, with brass eyelets.',
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
    pricePence: 2600,
    countInStock: 6,
    description:
      'A summery bucket hat in ecru and forest green gingham, made from organic cotton. Packs flat into a beach bag.',
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
    pricePence: 800,
    countInStock: 25,
    description:
      'A simple crew-neck tee in soft organic cotton jersey. The one you will reach for every morning.',
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
    pricePence: 3200,
    countInStock: 10,
    description:
      'The classic seaside stripe in heavyweight organic cotton, ecru with navy. Cut slightly boxy with a dropped shoulder.',
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
    pricePence: 2200,
    countInStock: 14,
    description:
      'A relaxed sage green tee with a neat patch pocket on the chest. Made from GOTS-certified organic cotton in Portugal.',
    art: { kind: 'tshirt', colour: SAGE, detail: 'pocket' },
    reviews: [],
  },
  {
    slug: 'sunrise-logo-tee',
    name: 'Sunrise Logo Tee',
    brand: GREYFRIARS,
    category: 't-shirts',
    pricePence: 2500,
    countInStock: 0,
    description:
      'Charcoal organic cotton tee with our little embroidered sun-over-the-sea emblem in gold thread. Regular fit.',
    art: { kind: 'tshirt', colour: CHARCOAL, accent: MUSTARD, detail: 'logo' },
    reviews: [],
  },
  {
    slug: 'heavyweight-boxy-tee',
    name: 'Heavyweight Boxy Tee',
    brand: TIDEWELL,
    category: 't-shirts',
    pricePence: 3500,
    countInStock: 8,
    description:
      'A substantial 240 gsm cotton tee in black with a boxy cut and a ribbed neck that keeps its shape. Pre-shrunk.',
    art: { kind: 'tshirt', colour: INK_BLACK, detail: 'plain' },
    reviews: [],
  },
  {
    slug: 'seaside-stripe-tee',
    name: 'Seaside Stripe Tee',
    brand: TIDEWELL,
    category: 't-shirts',
    pricePence: 2800,
    countInStock: 12,
    description:
      'Chalk white organic cotton with bold postbox red stripes, made for weekends by the sea. Soft from the very first wear.',
    art: { kind: 'tshirt', colour: CHALK, accent: POSTBOX_RED, detail: 'stripe' },
    reviews: [],
  },
  {
    slug: 'terracotta-pocket-tee',
    name: 'Garment-Dyed Pocket Tee',
    brand: GREYFRIARS,
    category: 't-shirts',
    pricePence: 2450,
    countInStock: 17,
    description:
      'Garment-dyed in a warm terracotta for a soft, lived-in colour, with a contrast oatmeal chest pocket. Cotton jersey, regular fit.',
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
    pricePence: 11000,
    countInStock: 4,
    description:
      'A traditional Aran in undyed oatmeal wool with deep cable panels down the front. Knitted in Donegal and built to last for decades.',
    art: { kind: 'jumper', colour: OATMEAL, detail: 'cable' },
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
    pricePence: 6500,
    countInStock: 12,
    description:
      'A classic crew neck in pure Scottish lambswool, dyed a deep navy. Light enough to layer under a jacket.',
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
    pricePence: 7900,
    countInStock: 9,
    description:
      'A slim roll neck in fine extra-fine merino, in a versatile charcoal grey. Soft against the skin and machine washable on a wool cycle.',
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
    pricePence: 9500,
    countInStock: 0,
    description:
      'A cream lambswool jumper with a traditional Fair Isle band across the yoke in burgundy. Knitted in Shetland in very small runs.',
    art: { kind: 'jumper', colour: '#efe6d2', accent: BURGUNDY, detail: 'fairisle' },
    reviews: [],
  },
  {
    slug: 'forest-fisherman-cable-jumper',
    name: 'Fisherman Cable Jumper',
    brand: HEATHFOLD,
    category: 'jumpers',
    pricePence: 12000,
    countInStock: 3,
    description:
      'A heavyweight cable knit in forest green British wool, finished with ribbed cuffs and hem. Made to weather a Cumbrian winter.',
    art: { kind: 'jumper', colour: FOREST, detail: 'cable' },
    reviews: [],
  },
  {
    slug: 'organic-cotton-crew-jumper',
    name: 'Organic Cotton Crew Jumper',
    brand: TIDEWELL,
    category: 'jumpers',
    pricePence: 4999,
    countInStock: 7,
    description:
      'A midweight crew neck in burgundy organic cotton, perfect for spring evenings. Soft, breathable and easy to care for.',
    art: { kind: 'jumper', colour: BURGUNDY, detail: 'crew' },
    reviews: [],
  },
  {
    slug: 'camel-merino-roll-neck',
    name: 'Camel Merino Roll Neck',
    brand: HEATHFOLD,
    category: 'jumpers',
    pricePence: 8500,
    countInStock: 6,
    description:
      'Our merino roll neck in a warm camel, with a generous fold-over collar. Pairs beautifully with gold jewellery.',
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
    pricePence: 4500,
    countInStock: 10,
    description:
      'A generous scarf in burgundy and forest green tartan, woven from soft lambswool with a twisted fringe. Measures 180 by 30 cm.',
    art: { kind: 'scarf', colour: BURGUNDY, accent: FOREST, detail: 'check' },
    reviews: [],
  },
  {
    slug: 'canvas-stripe-tote',
    name: 'Canvas Stripe Tote',
    brand: TIDEWELL,
    category: 'accessories',
    pricePence: 1800,
    countInStock: 25,
    description:
      'A sturdy natural canvas tote with a navy stripe and long handles that go over the shoulder, even in a winter coat. Fits a laptop and the weekly shop.',
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
    pricePence: 4800,
    countInStock: 11,
    description:
      'A smooth, rounded bangle in solid sterling silver with a high polish. Slips easily over the hand and stacks well.',
    art: { kind: 'bracelet', colour: SILVER, detail: 'bangle' },
    reviews: [],
  },
  {
    slug: 'chunky-gold-hoops',
    name: 'Chunky Gold Hoop Earrings',
    brand: ORIEL,
    category: 'accessories',
    pricePence: 3800,
    countInStock: 15,
    description:
      'Bold, lightweight hoops in 18ct gold vermeil with a hinged click fastening. Comfortable enough to wear all day.',
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
    category: 'accessories',
    pricePence: 5500,
    countInStock: 8,
    description:
      'A slender sterling silver band with a single sparkling white sapphire held in four claws. Available in UK sizes J to S.',
    art: { kind: 'ring', colour: SILVER, accent: '#cfe0ee', detail: 'solitaire' },
    reviews: [],
  },
  {
    slug: 'charcoal-knit-gloves',
    name: 'Merino Knit Gloves',
    brand: HEATHFOLD,
    category: 'accessories',
    pricePence: 2400,
    countInStock: 14,
    description:
      'Warm charcoal merino gloves with deep oatmeal ribbed cuffs. Touchscreen-friendly fingertips for cold commutes.',
    art: { kind: 'gloves', colour: CHARCOAL, accent: OATMEAL, detail: 'knit' },
    reviews: [],
  },
  {
    slug: 'mustard-stripe-socks',
    name: 'Wool Stripe Socks',
    brand: GREYFRIARS,
    category: 'accessories',
    pricePence: 1200,
    countInStock: 21,
    description:
      'Cosy wool-blend socks in mustard with navy stripes, heels and toes. Reinforced where it matters, one size fits UK 4 to 8.',
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

export const demoProducts: readonly DemoProduct[] = [
  ...pendants,
  ...chains,
  ...hats,
  ...tShirts,
  ...jumpers,
  ...accessories,
];
