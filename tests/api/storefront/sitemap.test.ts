import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../src/server/catalog/product-writes.repository';
import {
  productSitemapFile,
  productSitemapFileCount,
  type SitemapFiles,
} from '../../../src/server/catalog/sitemap.service';
import { newId } from '../../../src/server/sql/ids';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { startTestShop, type TestShop } from '../../support/test-shop';

/** jsdom (which the web tests run in) comes without its types: the one part of it used here. */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (text: string, options: { contentType: string }) => { window: { document: Document } };
};

const ORIGIN = 'https://shop.example.test';
const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XML = 'application/xml; charset=utf-8';
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

interface Located {
  loc: string;
  lastmod: string | undefined;
}

/**
 * A sitemap as a search engine reads it: strict XML (a stray `&` or an unclosed tag throws), whose
 * root and entries are in the sitemap namespace.
 */
function readSitemap(xml: string, root: 'sitemapindex' | 'urlset'): Located[] {
  const { document } = new JSDOM(xml, { contentType: 'application/xml' }).window;
  expect(document.documentElement.localName).toBe(root);
  expect(document.documentElement.namespaceURI).toBe(SITEMAP_NAMESPACE);
  const entry = root === 'sitemapindex' ? 'sitemap' : 'url';
  return [...document.getElementsByTagNameNS(SITEMAP_NAMESPACE, entry)].map((element) => {
    const field = (name: string) =>
      element.getElementsByTagNameNS(SITEMAP_NAMESPACE, name)[0]?.textContent ?? undefined;
    return { loc: field('loc') ?? '', lastmod: field('lastmod') };
  });
}

const productAddress = (id: string) => `${ORIGIN}/product/${id}`;

describe.each(testDialects())('the sitemap, 10 addresses a file, on %s', (dialect) => {
  let shop: TestShop;
  const live: string[] = [];
  const drafts: string[] = [];

  const fetchXml = async (address: string) => {
    const response = await fetch(`${shop.baseUrl}${address}`);
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      xml: await response.text(),
    };
  };

  /** Every file the index names, read as a search engine reads them, in turn. */
  async function crawl() {
    const index = await fetchXml('/sitemap.xml');
    expect({ status: index.status, type: index.type }).toEqual({ status: 200, type: XML });
    const files = readSitemap(index.xml, 'sitemapindex');
    const read = [];
    for (const file of files) {
      const answer = await fetchXml(file.loc.slice(ORIGIN.length));
      expect({ file: file.loc, status: answer.status, type: answer.type }).toEqual({
        file: file.loc,
        status: 200,
        type: XML,
      });
      read.push({ ...file, urls: readSitemap(answer.xml, 'urlset') });
    }
    return read;
  }

  beforeAll(async () => {
    shop = await startTestShop(dialect, { PUBLIC_URL: ORIGIN, SITEMAP_URLS_PER_FILE: '10' });
    for (let made = 0; made < 28; made += 1) {
      // Every tenth is a draft, which no shopper can open.
      const draft = made % 10 === 3;
      const product = await addProduct(shop.database, { status: draft ? 'draft' : 'live' });
      (draft ? drafts : live).push(product.id);
    }
  });
  afterAll(() => shop.close());

  it('names the pages and a file per 10 live products, and lists each live product once', async () => {
    expect(live).toHaveLength(25);
    const files = await crawl();
    expect(files.map((file) => file.loc)).toEqual([
      `${ORIGIN}/sitemaps/pages.xml`,
      `${ORIGIN}/sitemaps/products-1.xml`,
      `${ORIGIN}/sitemaps/products-2.xml`,
      `${ORIGIN}/sitemaps/products-3.xml`,
    ]);
    const [pages, ...products] = files;
    expect(pages?.lastmod).toBeUndefined();
    expect(pages?.urls.map((url) => url.loc)).toEqual(
      expect.arrayContaining([
        `${ORIGIN}/`,
        `${ORIGIN}/category/jewellery`,
        `${ORIGIN}/category/knitwear`,
        `${ORIGIN}/faq`,
        `${ORIGIN}/privacy`,
      ]),
    );
    expect(pages?.urls.some((url) => url.loc.includes('/product/'))).toBe(false);

    expect(products.map((file) => file.urls.length)).toEqual([10, 10, 5]);
    const listed = products.flatMap((file) => file.urls.map((url) => url.loc));
    expect(listed).toEqual(live.map(productAddress));
    for (const file of products) {
      for (const url of file.urls) expect(url.lastmod).toMatch(ISO_TIME);
      // Each product is dated in its file; the index does not date the files.
      expect(file.lastmod).toBeUndefined();
    }
    for (const draft of drafts) expect(listed.join(' ')).not.toContain(draft);
  });

  it('makes the same files however few products it reads, and places it steps over, at once', async () => {
    const { db } = shop.database;
    const idsOf = async (number: number, files: SitemapFiles) => {
      const reads = await productSitemapFile(db, number, files);
      const ids = [];
      for await (const read of reads ?? []) ids.push(...read.map((product) => product.id));
      return ids;
    };
    const whole = { perFile: 10, perRead: 500 };
    for (const piecemeal of [
      { perFile: 10, perRead: 3, placesAStep: 4 },
      { perFile: 10, perRead: 1, placesAStep: 1 },
      { perFile: 10, perRead: 10, placesAStep: 10 },
    ]) {
      expect(await productSitemapFileCount(db, piecemeal)).toBe(3);
      for (const number of [1, 2, 3, 4]) {
        expect({ number, ids: await idsOf(number, piecemeal) }).toEqual({
          number,
          ids: await idsOf(number, whole),
        });
      }
    }
    expect(await idsOf(3, whole)).toEqual(live.slice(20));
    expect(await productSitemapFile(db, 4, whole)).toBeUndefined();
  });

  it('answers not found for a file past the last, and for a file numbered otherwise', async () => {
    for (const address of [
      '/sitemaps/products-4.xml',
      '/sitemaps/products-0.xml',
      '/sitemaps/products-01.xml',
      '/sitemaps/products-x.xml',
      '/sitemaps/products-1.5.xml',
      `/sitemaps/products-${'9'.repeat(40)}.xml`,
      '/sitemaps/other.xml',
    ]) {
      const response = await fetch(`${shop.baseUrl}${address}`);
      expect({ address, status: response.status }).toEqual({ address, status: 404 });
    }
  });

  it('lists a product added or taken down the next time the files are read, each live one once', async () => {
    const before = await crawl();
    // The index is kept between reads, so what follows shows it dropped as the products change.
    const kept = await fetch(`${shop.baseUrl}/sitemap.xml`);
    expect(kept.headers.get('x-cache')).toBe('hit');
    const added = [];
    for (let made = 0; made < 6; made += 1) added.push(await addProduct(shop.database));
    const grown = await crawl();
    expect(grown.map((file) => file.loc).at(-1)).toBe(`${ORIGIN}/sitemaps/products-4.xml`);
    const everyLive = [...live, ...added.map((product) => product.id)].map(productAddress);
    expect(grown.slice(1).flatMap((file) => file.urls.map((url) => url.loc))).toEqual(everyLive);
    // The files before the last kept what they held: new products come last.
    expect(grown.slice(1, 3)).toEqual(before.slice(1, 3));

    const [gone] = live;
    await shop.database.db
      .deleteFrom('products')
      .where('id', '=', gone ?? '')
      .execute();
    const shrunk = await crawl();
    expect(shrunk).toHaveLength(4);
    expect(shrunk.slice(1).flatMap((file) => file.urls.map((url) => url.loc))).toEqual(
      everyLive.slice(1),
    );

    // A product drafted leaves the files; drafts put live come in, and the index names a file more.
    await shop.database.db
      .updateTable('products')
      .set({ status: 'draft' })
      .where('id', '=', live[1] ?? '')
      .execute();
    await shop.database.db
      .updateTable('products')
      .set({ status: 'live' })
      .where('id', 'in', drafts)
      .execute();
    const moved = await crawl();
    expect(moved.map((file) => file.loc).at(-1)).toBe(`${ORIGIN}/sitemaps/products-4.xml`);
    const nowLive = new Set([...everyLive.slice(2), ...drafts.map(productAddress)]);
    const listed = moved.slice(1).flatMap((file) => file.urls.map((url) => url.loc));
    expect(listed).toHaveLength(nowLive.size);
    expect(new Set(listed)).toEqual(nowLive);
  });
});

describe.each(testDialects())('a large sitemap file on %s', (dialect) => {
  let shop: TestShop;
  const PRODUCTS = 2000;

  beforeAll(async () => {
    // Ten products a read: the file takes 200 reads, with everyone else's turn between them.
    shop = await startTestShop(
      dialect,
      { PUBLIC_URL: ORIGIN, SITEMAP_URLS_PER_FILE: '50000' },
      { sitemapProductsPerRead: 10 },
    );
    await shop.database.db.transaction().execute(async (trx) => {
      for (let made = 0; made < PRODUCTS; made += 1) {
        await insertProduct(trx, {
          id: newId(),
          name: `Bulk product ${made}`,
          brand: 'Test Brand',
          image: '/uploads/test.webp',
          pricePence: 1000,
          description: 'A product for tests.',
          category: 'accessories',
          countInStock: 5,
          status: 'live',
          createdAt: new Date(Date.UTC(2025, 0, 1) + made * 1000).toISOString(),
        });
      }
    });
  });
  afterAll(() => shop.close());

  it('is made without holding up a shopper: a page asked for meanwhile is answered first', async () => {
    const cached = await fetch(`${shop.baseUrl}/api/products`);
    expect(cached.status).toBe(200);
    await cached.text();

    const finished: string[] = [];
    // Its headers come with the first read; the other 199 are still to be made.
    const sitemap = await fetch(`${shop.baseUrl}/sitemaps/products-1.xml`);
    expect(sitemap.status).toBe(200);
    const sitemapRead = sitemap.text().then((xml) => {
      finished.push('sitemap');
      return xml;
    });
    const page = await fetch(`${shop.baseUrl}/api/products`);
    expect(page.status).toBe(200);
    await page.text();
    finished.push('page');

    const urls = readSitemap(await sitemapRead, 'urlset');
    expect(finished).toEqual(['page', 'sitemap']);
    expect(urls).toHaveLength(PRODUCTS);
    expect(new Set(urls.map((url) => url.loc)).size).toBe(PRODUCTS);
  });
});
