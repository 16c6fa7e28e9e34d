import { Link, useParams } from 'react-router';
import { PageHead } from '../../ui/PageHead';
import { pageFromParam } from '../../ui/Pagination';
import { ProductListing } from './components/ProductListing';

export function SearchPage() {
  const { keyword = '', pageNumber } = useParams();
  const page = pageFromParam(pageNumber);
  const path = `/search/${encodeURIComponent(keyword)}`;
  return (
    <>
      <PageHead
        title={`Search results for ${keyword}`}
        path={page === 1 ? path : `${path}/page/${page}`}
        noindex
      />
      <header className="mb-8">
        <h1 className="text-2xl md:text-3xl">
          Search results for <span className="italic">‘{keyword}’</span>
        </h1>
        <Link to="/" className="mt-2 inline-block text-sm text-accent underline underline-offset-4">
          Back to all products
        </Link>
      </header>
      <ProductListing
        keyword={keyword}
        page={page}
        label={`Search results for ${keyword}`}
        hrefFor={(number) => (number === 1 ? path : `${path}/page/${number}`)}
        emptyMessage={`Nothing matches ‘${keyword}’. Try another word, such as pendant, chain or jumper.`}
      />
    </>
  );
}
