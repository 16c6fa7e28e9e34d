import type { Product } from '../../../../shared/catalog/catalog';
import { Skeleton } from '../../../ui/Skeleton';
import { ProductCard } from './ProductCard';

const gridClass = 'grid grid-cols-2 gap-x-4 gap-y-10 sm:grid-cols-3 lg:grid-cols-4 lg:gap-x-8';

interface ProductGridProps {
  products: readonly Product[];
  label: string;
  /**
   * How many of the first pictures a phone shows before any scrolling, fetched at once and first;
   * the rest load as they come near. None when something else fills the first screen (the home
   * page's banner, the product above similar items), so they do not hold that back.
   */
  firstInView?: number;
}

export function ProductGrid({ products, label, firstInView = 0 }: ProductGridProps) {
  return (
    <ul className={gridClass} aria-label={label}>
      {products.map((product, index) => (
        <ProductCard key={product._id} product={product} priority={index < firstInView} />
      ))}
    </ul>
  );
}

const rowClass =
  'flex snap-x snap-mandatory gap-4 overflow-x-auto pb-4 lg:gap-8 [&>li]:w-[42%] [&>li]:shrink-0 [&>li]:snap-start sm:[&>li]:w-[30%] lg:[&>li]:w-[calc(25%-1.5rem)]';

/**
 * One row of cards that scrolls sideways when there are more than fit (four on a wide screen,
 * two and a bit on a phone, so the cut card says there is more).
 */
export function ProductRow({ products, label }: { products: readonly Product[]; label: string }) {
  return (
    <ul className={rowClass} aria-label={label}>
      {products.map((product) => (
        <ProductCard key={product._id} product={product} />
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div className={gridClass} aria-busy="true">
      <span className="sr-only">Loading products…</span>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="flex flex-col gap-3">
          <Skeleton className="aspect-square w-full" />
          <Skeleton className="h-3 w-1/3" />
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-5 w-1/4" />
        </div>
      ))}
    </div>
  );
}
