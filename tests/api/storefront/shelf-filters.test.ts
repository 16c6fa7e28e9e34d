import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_FACETS } from '../../../src/shared/catalog/facets';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { startTestShop, type TestShop } from '../../support/test-shop';

const ORIGIN = 'https://shop.example.test';
const WEB_ROOT = path.resolve('dist/web');

/** The checkboxes of the filters' form that are ticked, as `name=value`. */
const ticked = (html: string) =>
  [...html.matchAll(/<input type="checkbox"[^>]*>/g)]
    .map(([input]) => input)
    .filter((input) => / checked=""/.test(input))
    .map((input) => `${/name="([^"]*)"/.exec(input)?.[1]}=${/value="([^"]*)"/.exec(input)?.[1]}`);

describe.each(testDialects())("a shelf's filters as HTML on %s", (dialect) => {
  let shop: TestShop;

  const fetchPage = async (address: string) => {
    const response = await fetch(`${shop.baseUrl}${address}`);
    const html = await response.text();
    const [head = '', body = ''] = html.split('</head>');
    return { status: response.status, head, body };
  };

  beforeAll(async () => {
    if (!existsSync(path.join(WEB_ROOT, '..', 'ssr', 'entry-server.js'))) {
      throw new Error('The storefront is rendered from the built app: run `npm run build` first');
    }
    shop = await startTestShop(dialect, { PUBLIC_URL: ORIGIN }, { webRoot: WEB_ROOT });
    await addProduct(shop.database, { name: 'Plain Band Ring', category: 'rings' });
    await addProduct(shop.database, { name: 'Signet Ring', category: 'rings' });
  });
  afterAll(() => shop.close());

  it('sends a filtered shelf with its form filled in, not to be listed, naming the shelf as the page', async () => {
    const page = await fetchPage('/category/rings?metal=sterling%20silver&sort=price-asc');
    expect(page.status).toBe(200);
    const form = /<form[^>]* action="\/category\/rings"[^>]*>/.exec(page.body)?.[0];
    expect(form).toContain('method="get"');
    expect(ticked(page.body)).toEqual(['metal=sterling silver']);
    expect(page.body).toMatch(/<option value="price-asc" selected="">Price, low to high<\/option>/);
    expect(page.body).toContain('Remove Sterling silver');
    expect(page.head).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(page.head).toContain(`<link rel="canonical" href="${ORIGIN}/category/rings"/>`);
  });

  it('keeps the head of a shelf that is not filtered', async () => {
    const page = await fetchPage('/category/rings');
    expect(page.status).toBe(200);
    expect(page.head).not.toContain('noindex');
    expect(page.head).toContain(`<link rel="canonical" href="${ORIGIN}/category/rings"/>`);
    expect(ticked(page.body)).toEqual([]);
    expect(page.body).toContain('Plain Band Ring');
    expect(page.body).toContain('Signet Ring');
  });

  it('shows the shelf without a filter it cannot read, and says so', async () => {
    const page = await fetchPage('/category/rings?metal=tin');
    expect(page.status).toBe(200);
    expect(page.body).toContain('could not be read (metal)');
    expect(page.body).toContain('Plain Band Ring');
    expect(page.body).toContain('Signet Ring');
    expect(page.head).toContain('noindex');
  });

  it('lists only what the filters let through', async () => {
    await addProduct(shop.database, {
      name: 'Halo Silver Ring',
      category: 'rings',
      facets: { ...NO_FACETS, metal: 'sterling silver' },
    });
    await addProduct(shop.database, {
      name: 'Halo Gold Ring',
      category: 'rings',
      facets: { ...NO_FACETS, metal: '9ct gold' },
    });
    const page = await fetchPage('/category/rings?metal=sterling%20silver');
    expect(page.status).toBe(200);
    expect(page.body).toContain('Halo Silver Ring');
    expect(page.body).not.toContain('Halo Gold Ring');
    expect(page.body).not.toContain('Signet Ring');
    expect(page.body).toContain('1 product');
    // The metal's count comes from the shop's facets.
    expect(page.body).toContain('Sterling silver (1)');
  });
});
