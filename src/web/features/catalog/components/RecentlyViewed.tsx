import { useQueries } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Product } from '../../../../shared/catalog/catalog';
import { ApiError } from '../../../api/client';
import { productQuery } from '../../../api/products';
import { useHydrated } from '../../../state/hydrated';
import { useRecentlyViewed } from '../../../state/recently-viewed-store';
import { ProductRow } from './ProductGrid';

/**
 * The products this browser opened lately, as the shop shows them now, leaving out those in
 * `except` (the product on show, or the basket's). Drawn only once the page is the browser's
 * (the server knows nothing of what this browser kept); nothing at all when there are none.
 */
export function RecentlyViewed({ except = [] }: { except?: readonly string[] }) {
  const hydrated = useHydrated();
  const ids = useRecentlyViewed((state) => state.ids);
  const forget = useRecentlyViewed((state) => state.forget);
  const wanted = hydrated ? ids.filter((id) => !except.includes(id)) : [];
  const answers = useQueries({ queries: wanted.map((id) => productQuery(id)) });

  // A product the shop no longer shows is forgotten, so it is not asked for again.
  const gone = wanted.filter((_, index) => {
    const error = answers[index]?.error;
    return error instanceof ApiError && error.status === 404;
  });
  const goneKey = gone.join(',');
  useEffect(() => {
    for (const id of goneKey.split(',')) if (id !== '') forget(id);
  }, [goneKey, forget]);

  const products = answers.flatMap((answer): Product[] => (answer.data ? [answer.data] : []));
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="recently-viewed-heading" className="mt-20">
      <h2 id="recently-viewed-heading" className="mb-6 text-xl">
        Recently viewed
      </h2>
      <ProductRow products={products} label="Recently viewed" />
    </section>
  );
}
