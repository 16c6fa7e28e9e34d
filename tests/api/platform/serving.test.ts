import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../support/test-shop';

describe('serving the browser app and stored images', () => {
  let shop: TestShop;
  let webRoot: string;
  let dataDir: string;
  const script = `console.log(${JSON.stringify('shop '.repeat(400))});`;

  beforeAll(async () => {
    // Pictures an older shop left in its uploads folder are taken into the database on start.
    dataDir = await mkdtemp(path.join(tmpdir(), 'shop-data-'));
    const uploads = path.join(dataDir, 'uploads');
    await mkdir(uploads);
    await writeFile(path.join(uploads, 'photo.webp'), Buffer.from('RIFF0000WEBPVP8 '));
    await writeFile(path.join(uploads, 'sneaky.html'), '<script>alert(1)</script>');
    webRoot = await mkdtemp(path.join(tmpdir(), 'shop-web-'));
    await mkdir(path.join(webRoot, 'assets'));
    await writeFile(
      path.join(webRoot, 'index.html'),
      '<!doctype html><title>Shop</title><div id="root"></div>',
    );
    await writeFile(path.join(webRoot, 'assets', 'app-1234.js'), script);
    await writeFile(path.join(webRoot, 'assets', 'app-1234.js.gz'), gzipSync(script));
    shop = await startTestShop('sqlite', { DATA_DIR: dataDir }, { webRoot });
  });
  afterAll(async () => {
    await shop.close();
    await rm(webRoot, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  it.each([
    '/',
    '/product/abc',
    '/search/gold/page/2',
    '/account/login?redirect=/checkout/shipping',
  ])('answers the page %s with the app, never cached', async (address) => {
    const response = await shop.request(address);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('<div id="root">');
  });

  it('sends hashed assets compressed and cached for a year', async () => {
    const response = await shop.request('/assets/app-1234.js', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(await response.text()).toBe(script);
  });

  it.each(['/assets/gone-999.js', '/apple-touch-icon.png', '/api/nope', '/uploads/missing.webp'])(
    'answers a missing file %s with 404, not the app',
    async (address) => {
      const response = await shop.request(address);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('<div id="root">');
    },
  );

  it('serves stored files only ever as images that must not be sniffed', async () => {
    for (const name of ['photo.webp', 'sneaky.html']) {
      const response = await shop.request(`/uploads/${name}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'");
      // Names are random and never reused, so browsers and CDNs may keep them for a year.
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
  });

  it('refuses to walk out of the uploads folder', async () => {
    for (const address of [
      '/uploads/..%2f..%2fjwt-secret',
      '/uploads/..%2fjwt-secret',
      '/uploads/%2e%2e%2fjwt-secret',
      '/uploads/..%5cjwt-secret',
      '/uploads/.env',
    ]) {
      const response = await shop.request(address);
      expect(response.status, address).toBeGreaterThanOrEqual(400);
      expect(await response.text()).not.toContain(shop.config.jwtSecret);
    }
  });

  it('reports the database down as 503 with a readable message', async () => {
    const broken = await startTestShop('sqlite');
    await broken.database.close();
    const response = await broken.request('/api/health');
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toEqual({
      message: 'The database is not answering',
      code: 'SERVICE_UNAVAILABLE',
    });
    // Every other call that needs the database says the same, not 500.
    const listing = await broken.request('/api/products?keyword=ring');
    expect(listing.status).toBe(503);
    expect(listing.headers.get('retry-after')).toBe('5');
    expect(await listing.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    await broken.app.close();
  });
});
