import { isFiltered } from '../../../../shared/catalog/facets';
import { NO_LISTING, type Listing } from '../../../../shared/catalog/listing-query';
import type { Shelf } from '../../../../shared/catalog/shelves';
import { useProducts } from '../../../api/products';
import { ErrorBox } from '../../../ui/ErrorBox';
import { Pagination } from '../../../ui/Pagination';
import { PastTheEnd } from './PastTheEnd';
import { ProductGrid, ProductGridSkeleton } from './ProductGrid';

interface ProductListingProps {
  keyword: string;
  /** One category's or department's products. */
  shelf?: Shelf | undefined;
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
  keyword,
  shelf,
  listing = NO_LISTING,
  page,
  label,
  hrefFor,
  emptyMessage,
  belowTheFold = false,
}: ProductListingProps) {
  const { data, isPending, error } = useProducts(keyword, page, shelf, listing);
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
