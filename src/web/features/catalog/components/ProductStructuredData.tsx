import type { ProductDetail } from '../../../../shared/catalog';
import { SHOP_NAME } from '../../../../shared/shop';
import { variantLabel } from '../../../../shared/variants';
import { useSite } from '../../../state/site';

const IN_STOCK = 'https://schema.org/InStock';
const OUT_OF_STOCK = 'https://schema.org/OutOfStock';

/** The product as schema.org data: what search engines show as price, stock and stars. */
function productStructuredData(product: ProductDetail, origin: string) {
  const url = `${origin}/product/${product._id}`;
  const offer = (price: number, countInStock: number, extra: Record<string, string> = {}) => ({
    '@type': 'Offer',
    price: price.toFixed(2),
    priceCurrency: 'GBP',
    availability: countInStock > 0 ? IN_STOCK : OUT_OF_STOCK,
    itemCondition: 'https://schema.org/NewCondition',
    seller: { '@type': 'Organization', name: SHOP_NAME },
    ...extra,
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': url,
    name: product.name,
    image: product.images.map(
      (picture) => new URL(picture.url, `${origin || 'http://localhost'}/`).href,
    ),
    description: product.description,
    brand: { '@type': 'Brand', name: product.brand },
    category: product.category,
    url,
    offers:
      product.variants.length > 0
        ? product.variants.map((variant) =>
            offer(variant.price, variant.countInStock, {
              sku: variant.sku,
              name: `${product.name} (${variantLabel(product.options, variant.options)})`,
              url: `${url}?variant=${variant._id}`,
            }),
          )
        : offer(product.price, product.countInStock, { url }),
    ...(product.numReviews > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.rating.toFixed(1),
            reviewCount: product.numReviews,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** The trail from the shop to the product, as schema.org data. */
function breadcrumbData(trail: readonly { name: string; path: string }[], origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: `${origin}${step.path}`,
    })),
  };
}

/** JSON in a script tag, with `<` escaped so no text in it can end the tag. */
function JsonLd({ data }: { data: unknown }) {
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replaceAll('<', '\\u003c') }}
    />
  );
}

/** Product and breadcrumb data for the product page. */
export function ProductStructuredData({
  product,
  trail,
}: {
  product: ProductDetail;
  trail: readonly { name: string; path: string }[];
}) {
  const { origin } = useSite();
  return (
    <>
      <JsonLd data={productStructuredData(product, origin)} />
      <JsonLd data={breadcrumbData(trail, origin)} />
    </>
  );
}
