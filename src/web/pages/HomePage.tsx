import { useParams } from 'react-router';
import { NewsletterForm } from '../features/newsletter/NewsletterForm';
import { HomeBanner } from '../features/catalog/components/HomeBanner';
import { isNarrowed } from '../../shared/catalog/listing-query';
import { FilteredListing } from '../features/catalog/FilteredListing';
import { useListing } from '../features/catalog/filters/use-listing';
import { PageHead } from '../ui/PageHead';
import { LISTING_HEADING, pageFromParam } from '../ui/Pagination';

export function HomePage() {
  const page = pageFromParam(useParams().pageNumber);
  const { listing, refused } = useListing();
  const narrowed = isNarrowed(listing) || refused.length > 0;
  return (
    <>
      <PageHead
        title={
          page === 1 ? 'Jewellery and knitwear from a small UK shop' : `All products, page ${page}`
        }
        path={page === 1 ? '/' : `/page/${page}`}
        noindex={narrowed}
        canonicalPath={narrowed ? '/' : undefined}
      />
      {page === 1 && <HomeBanner />}
      <section id="products" aria-labelledby="products-heading">
        <h2 id="products-heading" className="mb-6 scroll-mt-6 text-xl" {...LISTING_HEADING}>
          {page === 1 ? 'New in' : `All products, page ${page}`}
        </h2>
        <FilteredListing
          place={{ path: '/', keyword: '' }}
          page={page}
          label="Products"
          hrefFor={(number) => (number === 1 ? '/' : `/page/${number}`)}
          emptyMessage="There is nothing in the shop yet."
          belowTheFold={page === 1}
        />
      </section>
      <NewsletterForm />
    </>
  );
}
