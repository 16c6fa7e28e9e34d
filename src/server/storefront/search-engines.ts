import { SHELVES } from '../../shared/catalog/shelves';
import {
  productSitemapFile,
  productSitemapFileCount,
  type SitemapFiles,
  type SitemapProduct,
} from '../catalog/sitemap.service';
import type { ShopDatabase } from '../db/database';
import type { TextPieces } from '../http/paged-text';

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

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const URLSET_OPENING = `<urlset xmlns="${SITEMAP_NAMESPACE}">`;

/** The sitemap of the shop's own pages: home, every shelf and the information pages. */
export const PAGES_SITEMAP = '/sitemaps/pages.xml';
/** Sitemap file `number` of live products, from 1. */
export const productSitemapPath = (number: number) => `/sitemaps/products-${number}.xml`;

/** An address of the shop, and when it last changed where that is known, as a sitemap names it. */
function located(tag: 'url' | 'sitemap', publicUrl: string, path: string, lastmod?: string) {
  const changed = lastmod ? `<lastmod>${lastmod}</lastmod>` : '';
  return `<${tag}><loc>${escapeXml(`${publicUrl}${path}`)}</loc>${changed}</${tag}>`;
}

/**
 * What search engines read first: the sitemap of the shop's pages and one of every `perFile` live
 * products. The files are not dated here (each product in them is): the newest change of each
 * would take a walk through the whole catalogue on every read.
 */
export async function sitemapIndexXml(
  { db }: ShopDatabase,
  publicUrl: string,
  files: SitemapFiles,
): Promise<string> {
  const productFiles = await productSitemapFileCount(db, files);
  return [
    XML_DECLARATION,
    `<sitemapindex xmlns="${SITEMAP_NAMESPACE}">`,
    located('sitemap', publicUrl, PAGES_SITEMAP),
    ...Array.from({ length: productFiles }, (_, index) =>
      located('sitemap', publicUrl, productSitemapPath(index + 1)),
    ),
    '</sitemapindex>',
    '',
  ].join('\n');
}

/** Home, every shelf and the information pages. */
export function pagesSitemapXml(publicUrl: string): string {
  return [
    XML_DECLARATION,
    URLSET_OPENING,
    located('url', publicUrl, '/'),
    ...SHELVES.map((shelf) => located('url', publicUrl, `/category/${shelf}`)),
    ...INFO_PAGES.map((path) => located('url', publicUrl, path)),
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * Sitemap file `number` of live products, each with when it last changed, as pieces of text to
 * write as each read of the database comes; undefined when there is no such file.
 */
export async function productSitemapXml(
  { db }: ShopDatabase,
  publicUrl: string,
  number: number,
  files: SitemapFiles,
): Promise<TextPieces | undefined> {
  const reads = await productSitemapFile(db, number, files);
  if (reads === undefined) return undefined;
  async function* pieces(productReads: AsyncIterable<SitemapProduct[]>) {
    yield `${XML_DECLARATION}\n${URLSET_OPENING}\n`;
    for await (const products of productReads) {
      let piece = '';
      for (const product of products) {
        const path = `/product/${encodeURIComponent(product.id)}`;
        piece += `${located('url', publicUrl, path, product.updatedAt)}\n`;
      }
      yield piece;
    }
    yield '</urlset>\n';
  }
  return pieces(reads);
}
