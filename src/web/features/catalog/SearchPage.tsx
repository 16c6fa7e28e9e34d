import { Link, useParams } from 'react-router';
import { isFiltered } from '../../../shared/catalog/facets';
import { useProducts } from '../../api/products';
import { textLinkClass } from '../../ui/Button';
import { PageHead } from '../../ui/PageHead';
import { LISTING_HEADING, pageFromParam } from '../../ui/Pagination';
import { NoMatches } from './components/NoMatches';
import { FilteredListing } from './FilteredListing';
import { useListing } from './filters/use-listing';

export function SearchPage() {
  const { keyword = '', pageNumber } = useParams();
  const page = pageFromParam(pageNumber);
  const path = `/search/${encodeURIComponent(keyword)}`;
  const { listing } = useListing();
  // The listing below asks for the same page; this reads what the shop made of the words.
  const { data } = useProducts(keyword, page, undefined, listing);
  const suggestion = data?.suggestion;
  // Words that find nothing are answered with other words to try; filters that leave nothing,
  // beside the filters.
  const nothingFound =
    data !== undefined &&
    data.products.length === 0 &&
    page <= data.pages &&
    !isFiltered(listing.filters);
  return (
    <>
      <PageHead
        title={`Search results for ${keyword}`}
        path={page === 1 ? path : `${path}/page/${page}`}
        noindex
      />
      <header className="mb-8">
        <h1 className="scroll-mt-6 text-2xl md:text-3xl" {...LISTING_HEADING}>
          Search results for <span className="italic">‘{keyword}’</span>
        </h1>
        {suggestion && !nothingFound && (
          <p className="mt-2">
            Showing results for{' '}
            <Link to={`/search/${encodeURIComponent(suggestion)}`} className={textLinkClass}>
              {suggestion}
            </Link>
            .
          </p>
        )}
        <Link to="/" className="mt-2 inline-block text-sm text-accent underline underline-offset-4">
          Back to all products
        </Link>
      </header>
      {nothingFound ? (
        <NoMatches keyword={keyword} suggestion={suggestion} unmatched={data.unmatched} />
      ) : (
        <FilteredListing
          place={{ path, keyword }}
          page={page}
          label={`Search results for ${keyword}`}
          hrefFor={(number) => (number === 1 ? path : `${path}/page/${number}`)}
          emptyMessage={`Nothing matches ‘${keyword}’.`}
        />
      )}
    </>
  );
}
