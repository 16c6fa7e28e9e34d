import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPageSchema, type ProductPage } from '../../../src/shared/catalog/catalog';
import {
  FACET_NAMES,
  type FacetName,
  type ListingFacets,
} from '../../../src/shared/catalog/facets';
import { addUser, type TestUser } from '../../support/account-fixtures';
import {
  addProduct,
  addProductWithVariants,
  addReview,
  type FixtureVariant,
} from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { openPayment, placeOrder } from '../../support/order-fixtures';
import { startTestShop, type TestShop } from '../../support/test-shop';

/** A product of the test's own catalogue, as the test itself knows it. */
interface Known {
  name: string;
  category: string;
  pricePence: number;
  metal: string | null;
  stone: string | null;
  colour: string | null;
  material: string | null;
  /** Ring sizes or sizes, with their stock; none for a product sold one way. */
  sizes?: Record<string, number>;
  /** For a product sold one way. */
  stock?: number;
}

const RINGS: Known[] = [
  {
    name: 'Silver Stacking Ring',
    category: 'rings',
    pricePence: 3000,
    metal: 'sterling silver',
    stone: null,
    colour: 'silver',
    material: null,
    sizes: { L: 2, M: 0, N: 3 },
  },
  {
    name: 'Gold Court Band',
    category: 'rings',
    pricePence: 12000,
    metal: '9ct gold',
    stone: null,
    colour: 'gold',
    material: null,
    // N sold out here, in stock in the silver ring.
    sizes: { M: 1, N: 0 },
  },
  {
    name: 'Topaz Cocktail Ring',
    category: 'rings',
    pricePence: 4500,
    metal: 'sterling silver',
    stone: 'topaz',
    colour: 'blue',
    material: null,
    stock: 0,
  },
  {
    name: 'Rose Signet',
    category: 'rings',
    pricePence: 6500,
    metal: 'rose gold vermeil',
    stone: null,
    colour: 'rose gold',
    material: null,
    sizes: { N: 1, P: 2 },
  },
];

const JUMPERS: Known[] = [
  {
    name: 'Navy Merino Jumper',
    category: 'jumpers',
    pricePence: 6000,
    metal: null,
    stone: null,
    colour: 'navy',
    material: 'merino',
    sizes: { S: 1, M: 0, L: 2 },
  },
  {
    name: 'Cream Lambswool Jumper',
    category: 'jumpers',
    pricePence: 7500,
    metal: null,
    stone: null,
    colour: 'cream',
    material: 'lambswool',
    sizes: { M: 3 },
  },
  {
    name: 'Charcoal Cashmere Jumper',
    category: 'jumpers',
    pricePence: 14000,
    metal: null,
    stone: null,
    colour: 'grey',
    material: 'cashmere',
    sizes: { M: 1, L: 1 },
  },
];

/** The filters the test asks for, as it reads them itself. */
interface Asked {
  size?: string[];
  metal?: string[];
  stone?: string[];
  colour?: string[];
  material?: string[];
  priceMin?: number;
  priceMax?: number;
  inStock?: boolean;
}

const sizesInStock = (product: Known) =>
  Object.entries(product.sizes ?? {})
    .filter(([, stock]) => stock > 0)
    .map(([size]) => size);
const inStock = (product: Known) =>
  product.sizes ? sizesInStock(product).length > 0 : (product.stock ?? 0) > 0;

/** Whether a product passes one of the filters asked. */
function passes(product: Known, filter: keyof Asked, asked: Asked): boolean {
  switch (filter) {
    case 'size':
      return !asked.size || sizesInStock(product).some((size) => asked.size?.includes(size));
    case 'priceMin':
      return asked.priceMin === undefined || product.pricePence >= asked.priceMin * 100;
    case 'priceMax':
      return asked.priceMax === undefined || product.pricePence <= asked.priceMax * 100;
    case 'inStock':
      return !asked.inStock || inStock(product);
    default: {
      const values = asked[filter];
      const value = product[filter];
      return !values || (value !== null && values.includes(value));
    }
  }
}

const FILTERS: (keyof Asked)[] = [
  'size',
  'metal',
  'stone',
  'colour',
  'material',
  'priceMin',
  'priceMax',
  'inStock',
];
const passesAll = (product: Known, asked: Asked, except: (keyof Asked)[] = []) =>
  FILTERS.every((filter) => except.includes(filter) || passes(product, filter, asked));

/** The facets as the test counts them: each with every other filter applied. */
function countedHere(products: readonly Known[], asked: Asked): ListingFacets {
  const tally = (values: string[], chosen: string[] = []) => {
    const counts = new Map<string, number>();
    for (const value of [...values, ...chosen]) counts.set(value, counts.get(value) ?? 0);
    for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
    return counts;
  };
  const facet = (name: FacetName) => {
    const values = products
      .filter((product) => passesAll(product, asked, [name]))
      .flatMap((product) => (product[name] === null ? [] : [product[name]]));
    return tally(values, asked[name]);
  };
  const sizes = tally(
    products
      .filter((product) => passesAll(product, asked, ['size']))
      .flatMap((product) => sizesInStock(product)),
    asked.size,
  );
  const priced = products
    .filter((product) => passesAll(product, asked, ['priceMin', 'priceMax']))
    .map((product) => product.pricePence / 100);
  const asList = (counts: Map<string, number>) =>
    [...counts].map(([value, count]) => ({ value, count }));
  return {
    size: asList(sizes),
    ...(Object.fromEntries(FACET_NAMES.map((name) => [name, asList(facet(name))])) as Record<
      FacetName,
      { value: string; count: number }[]
    >),
    price: {
      min: priced.length === 0 ? null : Math.min(...priced),
      max: priced.length === 0 ? null : Math.max(...priced),
    },
  };
}

/** Facets with their values in any order, for comparing with the test's own count. */
const unordered = (facets: ListingFacets) => ({
  ...facets,
  ...Object.fromEntries(
    (['size', ...FACET_NAMES] as const).map((name) => [
      name,
      [...facets[name]].sort((a, b) => a.value.localeCompare(b.value)),
    ]),
  ),
});

function queryOf(asked: Asked): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(asked)) {
    params.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  return params.toString();
}

async function addKnown(shop: TestShop, known: Known) {
  const fields = {
    name: known.name,
    category: known.category,
    pricePence: known.pricePence,
    countInStock: known.stock ?? 0,
    facets: {
      metal: known.metal,
      stone: known.stone,
      colour: known.colour,
      material: known.material,
    },
  };
  if (!known.sizes) return (await addProduct(shop.database, fields)).id;
  const group = known.category === 'rings' ? 'Ring size' : 'Size';
  const variants: FixtureVariant[] = Object.entries(known.sizes).map(([size, countInStock]) => ({
    options: { [group]: size },
    countInStock,
  }));
  const { product } = await addProductWithVariants(
    shop.database,
    [{ name: group, values: Object.keys(known.sizes) }],
    variants,
    fields,
  );
  return product.id;
}

describe.each(testDialects())('filters and sort on %s', (dialect) => {
  let shop: TestShop;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    shop = await startTestShop(dialect);
    for (const known of [...RINGS, ...JUMPERS]) ids.set(known.name, await addKnown(shop, known));
    // A draft is never listed, filtered or counted.
    await addProduct(shop.database, {
      name: 'Unfinished Silver Ring',
      category: 'rings',
      status: 'draft',
      facets: { metal: 'sterling silver', stone: null, colour: 'silver', material: null },
    });
  });
  afterAll(() => shop.close());

  async function list(query: string): Promise<ProductPage> {
    const response = await shop.request(`/api/products?${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return productPageSchema.parse(await response.json());
  }
  const names = async (query: string) =>
    (await list(query)).products.map((product) => product.name).sort();
  const expected = (products: readonly Known[], asked: Asked) =>
    products
      .filter((product) => passesAll(product, asked))
      .map((product) => product.name)
      .sort();

  const ringCases: [string, Asked][] = [
    ['a size in stock', { size: ['N'] }],
    ['a metal', { metal: ['sterling silver'] }],
    ['a stone', { stone: ['topaz'] }],
    ['a colour', { colour: ['gold'] }],
    ['a lowest price', { priceMin: 40 }],
    ['a highest price', { priceMax: 50 }],
    ['in stock only', { inStock: true }],
    ['two metals', { metal: ['sterling silver', '9ct gold'] }],
    ['two sizes', { size: ['M', 'P'] }],
    ['a size and a metal', { size: ['N'], metal: ['sterling silver'] }],
    [
      'a metal, a price range and stock',
      { metal: ['sterling silver'], priceMin: 20, priceMax: 50, inStock: true },
    ],
    ['a size no ring has', { size: ['Z'] }],
  ];

  it.each(ringCases)(
    'lists the rings of %s, each facet counted with the other filters',
    async (_, asked) => {
      const page = await list(`category=rings&${queryOf(asked)}`);
      expect(page.products.map((product) => product.name).sort()).toEqual(expected(RINGS, asked));
      expect(page.total).toBe(expected(RINGS, asked).length);
      expect(unordered(page.facets)).toEqual(unordered(countedHere(RINGS, asked)));
    },
  );

  it('lists a size only where a variant of that size is in stock', async () => {
    // N is sold out in the gold band and in stock in the silver ring and the signet.
    expect(await names('category=rings&size=N')).toEqual(['Rose Signet', 'Silver Stacking Ring']);
    expect(await names('category=rings&size=n')).toEqual(['Rose Signet', 'Silver Stacking Ring']);
    const sizes = (await list('category=rings')).facets.size;
    expect(sizes).toEqual([
      { value: 'L', count: 1 },
      { value: 'M', count: 1 },
      { value: 'N', count: 2 },
      { value: 'P', count: 1 },
    ]);
  });

  it('takes several values of a filter as a list or repeated, any of which matches', async () => {
    const both = ['Gold Court Band', 'Silver Stacking Ring', 'Topaz Cocktail Ring'];
    expect(await names('category=rings&metal=sterling%20silver,9ct%20gold')).toEqual(both);
    expect(await names('category=rings&metal=sterling-silver&metal=9CT%20GOLD')).toEqual(both);
  });

  it('filters jumpers by size, material and price together, on a shelf and across the shop', async () => {
    const asked: Asked = { size: ['M'], material: ['cashmere', 'lambswool'], priceMax: 100 };
    expect(await names(`category=jumpers&${queryOf(asked)}`)).toEqual(['Cream Lambswool Jumper']);
    expect(await names(queryOf(asked))).toEqual(['Cream Lambswool Jumper']);
    const page = await list(`category=knitwear&${queryOf(asked)}`);
    expect(unordered(page.facets)).toEqual(unordered(countedHere(JUMPERS, asked)));
  });

  it('filters a search the same way', async () => {
    const page = await list('keyword=ring&metal=sterling%20silver');
    expect(page.products.map((product) => product.name).sort()).toEqual([
      'Silver Stacking Ring',
      'Topaz Cocktail Ring',
    ]);
    expect(page.facets.metal).toEqual([
      { value: 'sterling silver', count: 2 },
      { value: '9ct gold', count: 1 },
      { value: 'rose gold vermeil', count: 1 },
    ]);
    expect(await names('keyword=jumper&size=L&inStock=true')).toEqual([
      'Charcoal Cashmere Jumper',
      'Navy Merino Jumper',
    ]);
  });

  it('follows stock as it moves: a size sold out leaves the filter, and comes back with it', async () => {
    const signet = ids.get('Rose Signet') ?? '';
    const variant = await shop.database.db
      .selectFrom('product_variants')
      .select('id')
      .where('product_id', '=', signet)
      .where('options', 'like', '%"N"%')
      .executeTakeFirstOrThrow();
    const setStock = (count: number) =>
      shop.database.db
        .updateTable('product_variants')
        .set({ count_in_stock: count })
        .where('id', '=', variant.id)
        .execute();
    await setStock(0);
    expect(await names('category=rings&size=N')).toEqual(['Silver Stacking Ring']);
    await setStock(1);
    expect(await names('category=rings&size=N')).toEqual(['Rose Signet', 'Silver Stacking Ring']);
  });

  it('follows a product changed where it stands, in the counts and filters of every order kept', async () => {
    const band = ids.get('Gold Court Band') ?? '';
    const setMetal = (metal: string) =>
      shop.database.db.updateTable('products').set({ metal }).where('id', '=', band).execute();
    const metals = async (query: string) => (await list(query)).facets.metal;
    // Both orders kept, and their counts, before the change.
    expect(await metals('category=rings')).toEqual([
      { value: 'sterling silver', count: 2 },
      { value: '9ct gold', count: 1 },
      { value: 'rose gold vermeil', count: 1 },
    ]);
    expect(await names('category=rings&metal=9ct+gold&sort=price-asc')).toEqual([
      'Gold Court Band',
    ]);
    await setMetal('18ct gold');
    expect(await metals('category=rings')).toEqual([
      { value: 'sterling silver', count: 2 },
      { value: '18ct gold', count: 1 },
      { value: 'rose gold vermeil', count: 1 },
    ]);
    expect(await names('category=rings&metal=9ct+gold&sort=price-asc')).toEqual([]);
    expect(await names('category=rings&metal=18ct+gold&sort=price-asc')).toEqual([
      'Gold Court Band',
    ]);
    await setMetal('9ct gold');
    expect(await names('category=rings&metal=9ct+gold&sort=price-asc')).toEqual([
      'Gold Court Band',
    ]);
  });

  it('counts a jumper made to order as in stock, in every size it comes in', async () => {
    const { product } = await addProductWithVariants(
      shop.database,
      [{ name: 'Size', values: ['S', 'XL'] }],
      [
        { options: { Size: 'S' }, countInStock: 0 },
        { options: { Size: 'XL' }, countInStock: 0 },
      ],
      {
        name: 'Knitted To Order Jumper',
        category: 'jumpers',
        pricePence: 9500,
        facets: { metal: null, stone: null, colour: 'green', material: 'merino' },
      },
    );
    const madeToOrder = (days: number | null) =>
      shop.database.db
        .updateTable('products')
        .set({ made_to_order_days: days })
        .where('id', '=', product.id)
        .execute();
    try {
      expect(await names('category=jumpers&size=XL')).toEqual([]);
      expect(await names('category=jumpers&inStock=true')).not.toContain('Knitted To Order Jumper');
      await madeToOrder(15);
      expect(await names('category=jumpers&size=XL')).toEqual(['Knitted To Order Jumper']);
      expect(await names('category=jumpers&inStock=true')).toContain('Knitted To Order Jumper');
    } finally {
      await shop.database.db
        .updateTable('products')
        .set({ status: 'draft' })
        .where('id', '=', product.id)
        .execute();
    }
  });

  it('follows a product to another shelf, in the orders kept', async () => {
    const band = ids.get('Gold Court Band') ?? '';
    const move = (category: string) =>
      shop.database.db.updateTable('products').set({ category }).where('id', '=', band).execute();
    expect(await names('category=rings&sort=price-asc')).toContain('Gold Court Band');
    await move('chains');
    expect(await names('category=rings&sort=price-asc')).not.toContain('Gold Court Band');
    expect(await names('category=chains&sort=price-asc')).toEqual(['Gold Court Band']);
    await move('rings');
    expect(await names('category=rings&sort=price-asc')).toContain('Gold Court Band');
    expect(await names('category=chains&sort=price-asc')).toEqual([]);
  });

  it.each([
    ['metal=unobtainium', 'metal'],
    ['colour=plaid', 'colour'],
    ['stone=granite', 'stone'],
    ['material=polyester', 'material'],
    ['sort=cheapest', 'sort'],
    ['priceMin=abc', 'priceMin'],
    ['priceMin=-5', 'priceMin'],
    ['priceMax=1e9', 'priceMax'],
    ['priceMin=50&priceMax=10', 'priceMin'],
    ['inStock=yes', 'inStock'],
    [`size=${'L'.repeat(30)}`, 'size'],
    ['size=%3Cscript%3E', 'size'],
  ])('refuses %s with a 400 that names it', async (query, field) => {
    const response = await shop.request(`/api/products?category=rings&${query}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string };
    expect(body.message).toContain(field);
  });
});

describe.each(testDialects())('sorting across pages on %s', (dialect) => {
  let shop: TestShop;
  let customer: TestUser;
  /** Fifteen pairs of earrings: two pages. */
  const earrings: { id: string; name: string; pricePence: number; createdAt: string }[] = [];
  const sold = new Map<string, number>();
  const ratings = new Map<string, number[]>();

  beforeAll(async () => {
    shop = await startTestShop(dialect);
    customer = await addUser(shop, { name: 'Bea Buyer' });
    for (let index = 0; index < 15; index += 1) {
      // Prices out of step with the order they were added in, two of them equal.
      const pricePence = index === 7 ? 2500 : 1000 + ((index * 7) % 15) * 500;
      const createdAt = new Date(Date.UTC(2026, 1, 1) + index * 60_000).toISOString();
      const product = await addProduct(shop.database, {
        name: `Earrings ${String(index).padStart(2, '0')}`,
        category: 'earrings',
        pricePence,
        countInStock: 20,
        createdAt,
      });
      earrings.push({ id: product.id, name: product.name, pricePence, createdAt });
    }
    for (const [index, stars] of [
      [3, [5, 5]],
      [9, [5, 4]],
      [12, [4]],
      [1, [2, 3]],
    ] as const) {
      const id = earrings[index]?.id ?? '';
      ratings.set(id, [...stars]);
      for (const rating of stars) {
        await addReview(shop.database, id, rating, 'Lovely.', new Date().toISOString());
      }
    }
    for (const [index, qty] of [
      [4, 3],
      [11, 2],
      [0, 1],
    ] as const) {
      const id = earrings[index]?.id ?? '';
      const lines = [{ product: id, qty }];
      const payment = await openPayment(shop, customer.token, lines);
      const placed = await placeOrder(shop, customer.token, payment.id, lines);
      expect(placed.statusCode, placed.body).toBe(201);
      sold.set(id, qty);
    }
  });
  afterAll(() => shop.close());

  const newest = (a: (typeof earrings)[number], b: (typeof earrings)[number]) =>
    b.createdAt.localeCompare(a.createdAt);
  const average = (id: string) => {
    const stars = ratings.get(id) ?? [];
    return stars.length === 0 ? 0 : stars.reduce((sum, star) => sum + star, 0) / stars.length;
  };
  const ORDERS: Record<
    string,
    (a: (typeof earrings)[number], b: (typeof earrings)[number]) => number
  > = {
    featured: newest,
    newest,
    'price-asc': (a, b) => a.pricePence - b.pricePence || newest(a, b),
    'price-desc': (a, b) => b.pricePence - a.pricePence || newest(a, b),
    bestselling: (a, b) => (sold.get(b.id) ?? 0) - (sold.get(a.id) ?? 0) || newest(a, b),
    rating: (a, b) =>
      average(b.id) - average(a.id) ||
      (ratings.get(b.id)?.length ?? 0) - (ratings.get(a.id)?.length ?? 0) ||
      newest(a, b),
  };

  it.each(Object.keys(ORDERS))('sorts by %s across both pages, each product once', async (sort) => {
    const pageOf = async (pageNumber: number) => {
      const response = await shop.request(
        `/api/products?category=earrings&sort=${sort}&pageNumber=${pageNumber}`,
      );
      expect(response.status).toBe(200);
      return productPageSchema.parse(await response.json());
    };
    const [first, second] = await Promise.all([pageOf(1), pageOf(2)]);
    expect([first.pages, second.pages, first.total]).toEqual([2, 2, 15]);
    expect([...first.products, ...second.products].map((product) => product.name)).toEqual(
      [...earrings].sort(ORDERS[sort]).map((product) => product.name),
    );
  });
});
