import { useQueries } from '@tanstack/react-query';
import type { ProductDetail } from '../../../../shared/catalog/catalog';
import type { DeliveryAnswer } from '../../../../shared/delivery/delivery';
import { deliveryQuery, pricedDeliveryLines } from '../../../api/delivery';
import { SHOP_NAME } from '../../../../shared/settings/shop';
import { variantLabel } from '../../../../shared/catalog/variants';
import { useSite } from '../../../state/site';

const IN_STOCK = 'https://schema.org/InStock';
const OUT_OF_STOCK = 'https://schema.org/OutOfStock';
const UK = 'GB';

/** Days, as schema.org counts them: from the fewest to the most. */
const days = (minValue: number, maxValue: number) => ({
  '@type': 'QuantitativeValue',
  minValue,
  maxValue,
  unitCode: 'DAY',
});

/**
 * Each service that sends a parcel at this price (collection is no delivery), at its price for
 * one item, to the UK. Handling counts from the day the order is taken: an order paid after the
 * cut-off is taken the next working day, so it may take a day more than the settings' handling.
 */
function shippingDetailsOf(answer: DeliveryAnswer) {
  return answer.services
    .filter((service) => !service.collect)
    .map((service) => ({
      '@type': 'OfferShippingDetails',
      shippingRate: { '@type': 'MonetaryAmount', value: service.price, currency: 'GBP' },
      shippingDestination: { '@type': 'DefinedRegion', addressCountry: UK },
      deliveryTime: {
        '@type': 'ShippingDeliveryTime',
        handlingTime: days(answer.handlingDays, answer.handlingDays + 1),
        transitTime: days(service.days.min, service.days.max),
      },
    }));
}

/** The shop's returns, as the settings say: so many days from delivery, by post. */
const returnPolicyOf = ({ returns }: DeliveryAnswer) => ({
  '@type': 'MerchantReturnPolicy',
  applicableCountry: UK,
  returnPolicyCountry: UK,
  returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
  merchantReturnDays: returns.days,
  returnMethod: 'https://schema.org/ReturnByMail',
  returnFees: returns.freeReturns
    ? 'https://schema.org/FreeReturn'
    : 'https://schema.org/ReturnFeesCustomerResponsibility',
});

/** What an offer at a price says of delivery and returns, when the delivery answer is had. */
function deliveryTermsOf(answer: DeliveryAnswer | undefined) {
  if (!answer) return {};
  const shippingDetails = shippingDetailsOf(answer);
  return {
    ...(shippingDetails.length > 0 ? { shippingDetails } : {}),
    hasMerchantReturnPolicy: returnPolicyOf(answer),
  };
}

/** The product as schema.org data: what search engines show as price, stock and stars. */
function productStructuredData(
  product: ProductDetail,
  origin: string,
  deliveryAt: ReadonlyMap<number, DeliveryAnswer>,
) {
  const url = `${origin}/product/${product._id}`;
  const offer = (price: number, countInStock: number, extra: Record<string, string> = {}) => ({
    '@type': 'Offer',
    price: price.toFixed(2),
    priceCurrency: 'GBP',
    availability: countInStock > 0 ? IN_STOCK : OUT_OF_STOCK,
    itemCondition: 'https://schema.org/NewCondition',
    seller: { '@type': 'Organization', name: SHOP_NAME },
    ...extra,
    ...deliveryTermsOf(deliveryAt.get(price)),
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

/**
 * The delivery answer for one item at each price the product sells at, as the server fetched
 * them for the page's first HTML, which is what search engines read. They are not asked for in
 * the browser: a shopper's page has no use for them.
 */
function useDeliveryAtEachPrice(product: ProductDetail): ReadonlyMap<number, DeliveryAnswer> {
  const lines = [...pricedDeliveryLines(product)];
  const answers = useQueries({
    queries: lines.map(([, line]) => ({ ...deliveryQuery([line]), enabled: false })),
  });
  return new Map(
    lines.flatMap(([price], index) => {
      const answer = answers[index]?.data;
      return answer ? [[price, answer] as const] : [];
    }),
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
  const deliveryAt = useDeliveryAtEachPrice(product);
  return (
    <>
      <JsonLd data={productStructuredData(product, origin, deliveryAt)} />
      <JsonLd data={breadcrumbData(trail, origin)} />
    </>
  );
}
