import { useParams } from 'react-router';
import { NewsletterForm } from '../features/newsletter/NewsletterForm';
import { HomeBanner } from '../features/catalog/components/HomeBanner';
import { ProductListing } from '../features/catalog/components/ProductListing';
import { pageFromParam } from '../ui/Pagination';

export function HomePage() {
  const page = pageFromParam(useParams().pageNumber);
  return (
    <>
      <title>{page === 1 ? 'Shop' : `Shop, page ${page}`}</title>
      {page === 1 && <HomeBanner />}
      <section id="products" aria-labelledby="products-heading">
        <h2 id="products-heading" className="mb-6 text-xl">
          {page === 1 ? 'New in' : `All products, page ${page}`}
        </h2>
        <ProductListing
          keyword=""
          page={page}
          label="Products"
          hrefFor={(number) => (number === 1 ? '/' : `/page/${number}`)}
          emptyMessage="There is nothing in the shop yet."
        />
      </section>
      <NewsletterForm />
    </>
  );
}
