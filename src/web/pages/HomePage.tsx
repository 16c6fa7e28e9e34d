import { useParams } from 'react-router';
import { NewsletterForm } from '../features/newsletter/NewsletterForm';
import { HomeBanner } from '../features/catalog/components/HomeBanner';
import { ProductListing } from '../features/catalog/components/ProductListing';
import { PageHead } from '../ui/PageHead';
import { LISTING_HEADING, pageFromParam } from '../ui/Pagination';

export function HomePage() {
  const page = pageFromParam(useParams().pageNumber);
  return (
    <>
      <PageHead
        title={
          page === 1 ? 'Jewellery and knitwear from a small UK shop' : `All products, page ${page}`
        }
        path={page === 1 ? '/' : `/page/${page}`}
      />
      {page === 1 && <HomeBanner />}
      <section id="products" aria-labelledby="products-heading">
        <h2 id="products-heading" className="mb-6 scroll-mt-6 text-xl" {...LISTING_HEADING}>
          {page === 1 ? 'New in' : `All products, page ${page}`}
        </h2>
        <ProductListing
          keyword=""
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
