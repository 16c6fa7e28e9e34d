import { isFiltered } from '../../../../shared/catalog/facets';
import { NO_LISTING, type Listing } from '../../../../shared/catalog/listing-query';
import type { useProducts } from '../../../api/products';
import { ErrorBox } from '../../../ui/ErrorBox';
import { Pagination } from '../../../ui/Pagination';
import { PastTheEnd } from './PastTheEnd';
import { ProductGrid, ProductGridSkeleton } from './ProductGrid';

interface ProductListingProps {
  /** The page of products, asked for by the listing around it (which shows its count). */
  answer: ReturnType<typeof useProducts>;
  /** The filters and sort the address asks for. */
  listing?: Listing;
  page: number;
  label: string;
  hrefFor: (page: number) => string;
  emptyMessage: string;
  /** Whether something above the listing fills a phone's first screen (the home page's banner). */
  belowTheFold?: boolean;
}

export function ProductListing({
  answer: { data, isPending, error },
  listing = NO_LISTING,
  page,
  label,
  hrefFor,
  emptyMessage,
  belowTheFold = false,
}: ProductListingProps) {
  if (isPending) return <ProductGridSkeleton />;
  if (error) return <ErrorBox error={error} title="The products could not be loaded" />;
  if (data.products.length === 0 && page > data.pages) {
    return <PastTheEnd page={page} pages={data.pages} hrefFor={hrefFor} />;
  }
  if (data.products.length === 0) {
    return (
      <p className="py-10 text-muted">
        {isFiltered(listing.filters)
          ? 'Nothing matches these filters. Take one off to see more.'
          : emptyMessage}
      </p>
    );
  }
  return (
    <>
      <ProductGrid products={data.products} label={label} firstInView={belowTheFold ? 0 : 4} />
      <Pagination page={data.page} pages={data.pages} hrefFor={hrefFor} />
    </>
  );
}
