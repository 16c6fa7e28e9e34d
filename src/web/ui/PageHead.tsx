import { SHOP_NAME } from '../../shared/settings/shop';
import { useSite } from '../state/site';

const DEFAULT_DESCRIPTION = 'Fine jewellery and soft clothing from a small UK shop.';

interface PageHeadProps {
  /** The page's own title; the shop's name is added after it. */
  title: string;
  description?: string;
  /** The page's address on the shop, `/product/abc`; canonical and shared links use it. */
  path: string;
  /** A picture for link previews, as the shop serves it (`/uploads/x.webp`). */
  image?: string | undefined;
  type?: 'website' | 'product';
  /** Pages a search engine should not list (search results, a filtered shelf). */
  noindex?: boolean;
  /**
   * The page whose copy this is, when not `path` (a filtered shelf's: the shelf). Pages that are
   * `noindex` name one only when given it.
   */
  canonicalPath?: string;
}

/**
 * What a page says about itself to a browser tab, a search engine and a link preview. React
 * places these tags in the document's head, on the server and on every visit in the browser.
 */
export function PageHead({
  title,
  description = DEFAULT_DESCRIPTION,
  path,
  image,
  type = 'website',
  noindex = false,
  canonicalPath,
}: PageHeadProps) {
  const { origin } = useSite();
  const url = `${origin}${path}`;
  const fullTitle = `${title} | ${SHOP_NAME}`;
  const imageUrl = image ? new URL(image, `${origin || 'http://localhost'}/`).href : undefined;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      {noindex && <meta name="robots" content="noindex, follow" />}
      {(!noindex || canonicalPath !== undefined) && (
        <link rel="canonical" href={`${origin}${canonicalPath ?? path}`} />
      )}
      <meta property="og:site_name" content={SHOP_NAME} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:type" content={type} />
      <meta property="og:url" content={url} />
      {imageUrl && <meta property="og:image" content={imageUrl} />}
      <meta name="twitter:card" content={imageUrl ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      {imageUrl && <meta name="twitter:image" content={imageUrl} />}
    </>
  );
}
