import { SHELVES } from '../../shared/shelves';
import { listLiveProductDates } from '../catalog/catalog.service';
import type { ShopDatabase } from '../db/database';

/** The information pages, as the storefront names them. */
const INFO_PAGES = [
  '/faq',
  '/contact',
  '/dealers-notice',
  '/shipping-info',
  '/payment-info',
  '/privacy',
  '/terms',
] as const;

/** Search engines may read the storefront, not the account, checkout or back office. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /account',
    'Disallow: /checkout',
    'Disallow: /order/',
    'Disallow: /basket',
    'Disallow: /api/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** Home, every shelf, the information pages and every live product with when it last changed. */
export async function sitemapXml(database: ShopDatabase, publicUrl: string): Promise<string> {
  const products = await listLiveProductDates(database.db);
  const entry = (path: string, lastmod?: string) =>
    `<url><loc>${escapeXml(`${publicUrl}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    entry('/'),
    ...SHELVES.map((shelf) => entry(`/category/${shelf}`)),
    ...INFO_PAGES.map((path) => entry(path)),
    ...products.map((product) =>
      entry(`/product/${encodeURIComponent(product.id)}`, product.updatedAt),
    ),
    '</urlset>',
    '',
  ].join('\n');
}
