import { useQueries } from '@tanstack/react-query';
import type { ProductDetail } from '../../../../shared/catalog/catalog';
import type { DeliveryAnswer } from '../../../../shared/delivery/delivery';
import { SHOP_NAME } from '../../../../shared/settings/shop';
import {
  breadcrumbStructuredData,
  productStructuredData,
} from '../../../../shared/storefront/structured-data';
import { deliveryQuery, pricedDeliveryLines } from '../../../api/delivery';
import { useSite } from '../../../state/site';

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
      <JsonLd
        data={productStructuredData(product, {
          origin,
          seller: SHOP_NAME,
          deliveryAt: (price) => deliveryAt.get(price),
        })}
      />
      <JsonLd data={breadcrumbStructuredData(trail, origin)} />
    </>
  );
}
