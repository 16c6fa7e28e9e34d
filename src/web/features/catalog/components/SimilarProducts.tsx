import { useSimilarProducts } from '../../../api/products';
import { ProductGrid, ProductGridSkeleton } from './ProductGrid';

/**
 * "You may also like": others of the product's shelf, those sharing the most of its facets first,
 * leaving out any the shopper already has (`except`, the basket's).
 */
export function SimilarProducts({
  productId,
  except = [],
}: {
  productId: string;
  except?: readonly string[];
}) {
  const { data, isPending, isError } = useSimilarProducts(productId);
  const shown = data?.filter((product) => !except.includes(product._id));
  if (isError || (shown && shown.length === 0)) return null;
  return (
    <section aria-labelledby="similar-heading" className="mt-20">
      <h2 id="similar-heading" className="mb-6 text-xl">
        You may also like
      </h2>
      {shown ? (
        <ProductGrid products={shown} label="You may also like" />
      ) : (
        isPending && <ProductGridSkeleton count={4} />
      )}
    </section>
  );
}
