import { useSimilarProducts } from '../../../api/products';
import { ProductGrid, ProductGridSkeleton } from './ProductGrid';

export function SimilarProducts({ productId }: { productId: string }) {
  const { data, isPending, isError } = useSimilarProducts(productId);
  if (isError || (data && data.length === 0)) return null;
  return (
    <section aria-labelledby="similar-heading" className="mt-20">
      <h2 id="similar-heading" className="mb-6 text-xl">
        You may also like
      </h2>
      {isPending ? (
        <ProductGridSkeleton count={4} />
      ) : (
        <ProductGrid products={data} label="Similar items" />
      )}
    </section>
  );
}
