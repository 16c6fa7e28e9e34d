import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WARMING_PAGES, warmStorefront } from '../../../src/server/storefront/warm-storefront';
import { addUser, apiCaller, type TestUser } from '../../support/account-fixtures';
import { addProduct, addProductWithVariants, addReview } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { startTestShop, type TestShop } from '../../support/test-shop';

const ORIGIN = 'https://shop.example.test';
const WEB_ROOT = path.resolve('dist/web');

/** The first HTML of a page, as a search engine or a link preview fetches it: no JavaScript. */
interface FetchedPage {
  status: number;
  html: string;
  head: string;
  body: string;
}

const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];

const jsonLd = (html: string): Record<string, unknown>[] =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? 'null') as Record<string, unknown>,
  );

describe.each(testDialects())('the storefront as HTML on %s', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  const call = apiCaller(() => shop);

  const fetchPage = async (address: string): Promise<FetchedPage> => {
    const response = await fetch(`${shop.baseUrl}${address}`);
    const html = await response.text();
    const [head = '', body = ''] = html.split('</head>');
    return { status: response.status, html, head, body };
  };

  beforeAll(async () => {
    if (!existsSync(path.join(WEB_ROOT, '..', 'ssr', 'entry-server.js'))) {
      throw new Error('The storefront is rendered from the built app: run `npm run build` first');
    }
    shop = await startTestShop(dialect, { PUBLIC_URL: ORIGIN }, { webRoot: WEB_ROOT });
    admin = await addUser(shop, { role: 'admin' });
  });
  afterAll(() => shop.close());

  it("opens a mail's link as a page whatever its token, and a missing file as no page", async () => {
    // A token is an id, a dot and a secret, whose last letters may be letters and digits only.
    const token = `${'4a80'.repeat(6)}.${'fLZJKGtNdyX4XUVoF0yA'.repeat(2)}Jc0`;
    for (const link of [
      `/newsletter/confirm/${token}`,
      `/unsubscribe/${token}`,
      `/password-reset/reset/${token}`,
    ]) {
      const page = await fetchPage(link);
      expect({ link, status: page.status, html: page.html.startsWith('<!') }).toEqual({
        link,
        status: 200,
        html: true,
      });
    }
    for (const file of ['/gone-icon.png', '/site.webmanifest', '/assets/gone-1a2b3c.js']) {
      const missing = await fetch(`${shop.baseUrl}${file}`);
      expect({ file, status: missing.status }).toEqual({ file, status: 404 });
      expect(await missing.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('sends the home page with its products, prices and head tags in the first HTML', async () => {
    const product = await addProduct(shop.database, {
      name: 'Harbour Light Pendant',
      pricePence: 4550,
    });
    const page = await fetchPage('/');
    expect(page.status).toBe(200);
    expect(page.body).toContain(product.name);
    expect(page.body).toContain('£45.50');
    expect(page.head).toMatch(/<title>[^<]+ \| Larkspur<\/title>/);
    expect(page.head).toContain(`<link rel="canonical" href="${ORIGIN}/"/>`);
    expect(metaContent(page.head, 'og:title')).toBeTruthy();
    expect(metaContent(page.head, 'description')).toBeTruthy();
    expect(page.html).toContain('id="page-state"');
    // One title only: the shell's own is replaced, not repeated.
    expect(page.html.match(/<title>/g)).toHaveLength(1);
  });

  it('sends a product page with its picture, price and schema.org data matching the product', async () => {
    const { product, variantIds } = await addProductWithVariants(
      shop.database,
      [{ name: 'Size', values: ['S', 'M'] }],
      [
        { options: { Size: 'S' }, countInStock: 0, pricePence: 2800, sku: 'TEE-S' },
        { options: { Size: 'M' }, countInStock: 4, pricePence: 3000, sku: 'TEE-M' },
      ],
      { name: 'Quayside Stripe Tee', brand: 'Tidewell', category: 't-shirts' },
    );
    await addReview(shop.database, product.id, 4, 'Soft and true to size.', '2026-03-01T10:00:00Z');
    const page = await fetchPage(`/product/${product.id}`);
    expect(page.status).toBe(200);
    expect(page.head).toContain('<title>Quayside Stripe Tee | Larkspur</title>');
    expect(page.head).toContain(`<link rel="canonical" href="${ORIGIN}/product/${product.id}"/>`);
    expect(metaContent(page.head, 'og:type')).toBe('product');
    expect(metaContent(page.head, 'og:image')).toBe(`${ORIGIN}${product.image}`);
    expect(metaContent(page.head, 'twitter:image')).toBe(`${ORIGIN}${product.image}`);
    expect(page.body).toContain('<h1');
    expect(page.body).toContain('Quayside Stripe Tee');
    expect(page.body).toContain('£28.00');

    const [data, breadcrumbs] = jsonLd(page.body);
    expect(data).toMatchObject({
      '@type': 'ProductGroup',
      name: 'Quayside Stripe Tee',
      productGroupID: product.id,
      variesBy: ['https://schema.org/size'],
      brand: { '@type': 'Brand', name: 'Tidewell' },
      image: [`${ORIGIN}${product.image}`],
      aggregateRating: { ratingValue: '4.0', reviewCount: 1 },
    });
    // Each variant a product of its own, with its size and its offer.
    expect(data?.hasVariant).toEqual([
      expect.objectContaining({
        sku: 'TEE-S',
        size: 'S',
        offers: expect.objectContaining({
          price: '28.00',
          priceCurrency: 'GBP',
          availability: 'https://schema.org/OutOfStock',
          url: `${ORIGIN}/product/${product.id}?variant=${variantIds[0]}`,
        }) as unknown,
      }) as unknown,
      expect.objectContaining({
        sku: 'TEE-M',
        size: 'M',
        offers: expect.objectContaining({
          price: '30.00',
          availability: 'https://schema.org/InStock',
        }) as unknown,
      }) as unknown,
    ]);
    expect(breadcrumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, item: `${ORIGIN}/` },
        { position: 2, name: 'T-shirts', item: `${ORIGIN}/category/t-shirts` },
        { position: 3, name: 'Quayside Stripe Tee' },
      ],
    });
  });

  it('gives a product sold one way a single offer and no rating until it is reviewed', async () => {
    const product = await addProduct(shop.database, {
      name: 'Plain Silver Cuff',
      pricePence: 6400,
    });
    const [data] = jsonLd((await fetchPage(`/product/${product.id}`)).body);
    expect(data?.offers).toMatchObject({ price: '64.00', priceCurrency: 'GBP' });
    expect(data).not.toHaveProperty('aggregateRating');
  });

  it('lists every picture of a gallery in the product’s data, and shows only the first large', async () => {
    const images = ['front', 'side', 'clasp'].map((view) => ({
      url: `/uploads/bracelet-${view}.webp`,
      alt: `The bracelet, ${view}`,
    }));
    const product = await addProduct(shop.database, {
      name: 'Woven Silver Bracelet',
      image: '/uploads/bracelet-front.webp',
      images,
    });
    const page = await fetchPage(`/product/${product.id}`);
    const [data] = jsonLd(page.body);
    expect(data?.image).toEqual(images.map((picture) => `${ORIGIN}${picture.url}`));
    expect(metaContent(page.head, 'og:image')).toBe(`${ORIGIN}/uploads/bracelet-front.webp`);
    // The page names each picture by a button, and loads only the first large with it.
    expect(page.body).toContain('aria-label="Picture 2 of 3: The bracelet, side"');
    expect(page.body).toContain('src="/uploads/bracelet-front.webp"');
    expect(page.body).not.toContain('src="/uploads/bracelet-side.webp"');
  });

  it('keeps text a product says from breaking out of its script element', async () => {
    const product = await addProduct(shop.database, {
      name: 'Sneaky </script><script>alert(1)</script> Ring',
    });
    const page = await fetchPage(`/product/${product.id}`);
    expect(page.html).not.toContain('<script>alert(1)</script>');
    expect(jsonLd(page.body)[0]?.name).toBe(product.name);
  });

  it('answers 404 with the not-found page for a product or an address that is not there', async () => {
    const missing = await fetchPage('/product/no-such-product');
    expect(missing.status).toBe(404);
    expect(missing.head).toContain('<title>Product not found | Larkspur</title>');
    expect(missing.head).toContain('noindex');
    const unknown = await fetchPage('/no/such/page');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain('couldn’t find that page');
    expect((await fetchPage('/category/spaceships')).status).toBe(404);
  });

  it('answers 404 for a page past the end of a listing, saying so and linking back', async () => {
    await addProduct(shop.database, { name: 'Lone Hat', category: 'hats' });
    const past = await fetchPage('/page/99');
    expect(past.status).toBe(404);
    expect(past.body.replaceAll('<!-- -->', '')).toContain('There is no page 99');
    expect((await fetchPage('/category/hats/page/99')).status).toBe(404);
    expect((await fetchPage('/search/hat/page/99')).status).toBe(404);
    expect((await fetchPage('/category/hats')).status).toBe(200);
  });

  it('marks search pages noindex and lists what they find', async () => {
    await addProduct(shop.database, { name: 'Moonstone Drop Pendant', category: 'pendants' });
    const page = await fetchPage('/search/moonstone');
    expect(page.status).toBe(200);
    expect(metaContent(page.head, 'robots')).toBe('noindex, follow');
    expect(page.head).not.toContain('rel="canonical"');
    expect(page.body).toContain('Moonstone Drop Pendant');
  });

  it('sends the header search form, sent without JavaScript, on to the results page', async () => {
    const response = await fetch(`${shop.baseUrl}/search?q=${encodeURIComponent(' moon stone ')}`, {
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/search/moon%20stone');
    const blank = await fetch(`${shop.baseUrl}/search?q=`, { redirect: 'manual' });
    expect(blank.headers.get('location')).toBe('/');
    const tooLong = await fetch(`${shop.baseUrl}/search?q=${'a'.repeat(500)}`, {
      redirect: 'manual',
    });
    expect(tooLong.status).toBe(400);
  });

  it('sends a category page and the information pages rendered', async () => {
    await addProduct(shop.database, { name: 'Fisher Rib Beanie', category: 'hats' });
    const hats = await fetchPage('/category/hats');
    expect(hats.status).toBe(200);
    expect(hats.head).toContain('<title>Hats | Larkspur</title>');
    expect(hats.body).toContain('Fisher Rib Beanie');
    const faq = await fetchPage('/faq');
    expect(faq.status).toBe(200);
    expect(faq.head).toContain(`<link rel="canonical" href="${ORIGIN}/faq"/>`);
    expect(faq.body).toContain('<h1');
  });

  it("asks first for the pictures a phone's first screen shows, and only those", async () => {
    const jumpers = [];
    for (const number of [1, 2, 3, 4, 5, 6]) {
      jumpers.push(
        await addProduct(shop.database, {
          name: `Harbour Knit ${number}`,
          category: 'jumpers',
          image: `/uploads/harbour-knit-${number}.webp`,
        }),
      );
    }
    const imagePreloads = (head: string) =>
      [...head.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map(([link]) => link);

    // A category starts with its grid: its first four pictures come at once.
    const category = await fetchPage('/category/jumpers');
    const preloaded = imagePreloads(category.head);
    expect(preloaded).toHaveLength(4);
    for (const link of preloaded) expect(link).toMatch(/harbour-knit-\d\.webp/);

    // The home page starts with its banner: the grid's pictures wait until they come near.
    const home = await fetchPage('/');
    expect(imagePreloads(home.head)).toEqual([]);
    expect(home.body).toMatch(/<img[^>]*harbour-knit-6[^>]*loading="lazy"/);

    // A product page asks for its own picture first, not for the similar items' below it.
    const product = jumpers[0];
    if (!product) throw new Error('no product');
    const page = await fetchPage(`/product/${product.id}`);
    const productPreloads = imagePreloads(page.head);
    expect(productPreloads).toHaveLength(1);
    expect(productPreloads[0]).toContain('harbour-knit-1');
  });

  it('leaves account and checkout screens to the browser', async () => {
    const page = await fetchPage('/account/profile');
    expect(page.status).toBe(200);
    expect(page.html).toContain('<div id="root"></div>');
    expect(page.html).not.toContain('id="page-state"');
  });

  it('tells search engines what to read, and lists every live product in the sitemap, no draft', async () => {
    const robots = await fetchPage('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.html).toContain('Disallow: /admin');
    expect(robots.html).toContain('Disallow: /account');
    expect(robots.html).toContain('Disallow: /checkout');
    expect(robots.html).toContain('Disallow: /order/');
    expect(robots.html).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);

    const live = await addProduct(shop.database, { name: 'Listed Bangle' });
    const draft = await call('POST', '/api/products', admin.token);
    expect(draft.statusCode).toBe(201);
    const draftId = draft.json<{ _id: string }>()._id;

    // An index of sitemaps: the shop's pages, and its products in files of 50,000.
    const sitemap = await fetchPage('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.html).toContain(`<sitemap><loc>${ORIGIN}/sitemaps/pages.xml</loc></sitemap>`);
    expect(sitemap.html).toContain(`<sitemap><loc>${ORIGIN}/sitemaps/products-1.xml</loc>`);
    expect(sitemap.html).not.toContain('products-2.xml');

    const products = await fetchPage('/sitemaps/products-1.xml');
    expect(products.status).toBe(200);
    expect(products.html).toMatch(
      new RegExp(`<loc>${ORIGIN}/product/${live.id}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT`),
    );
    expect(products.html).not.toContain(draftId);
    const pages = await fetchPage('/sitemaps/pages.xml');
    expect(pages.status).toBe(200);
    expect(pages.html).toContain(`<loc>${ORIGIN}/category/jewellery</loc>`);
    expect(pages.html).toContain(`<loc>${ORIGIN}/faq</loc>`);
  });

  it('renders the home page and a shelf before it opens, so the first shopper has them made', async () => {
    const opening = await startTestShop(dialect, { PUBLIC_URL: ORIGIN }, { webRoot: WEB_ROOT });
    try {
      await warmStorefront(opening.app);
      const cached = async (address: string) =>
        (await fetch(`${opening.baseUrl}${address}`)).headers.get('x-cache');
      expect(WARMING_PAGES).toContain('/');
      for (const address of WARMING_PAGES) {
        expect({ address, cache: await cached(address) }).toEqual({ address, cache: 'hit' });
      }
      expect(await cached('/faq')).toBe('miss');
    } finally {
      await opening.close();
    }
  });

  it('serves the favicon at /favicon.ico too', async () => {
    const response = await fetch(`${shop.baseUrl}/favicon.ico`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('still answers JSON for an API address that is not there', async () => {
    const response = await fetch(`${shop.baseUrl}/api/no-such-call`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
