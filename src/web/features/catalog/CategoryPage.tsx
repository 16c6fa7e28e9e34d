import { useParams } from 'react-router';
import { isNarrowed } from '../../../shared/catalog/listing-query';
import { isShelf, SHELF_NAMES, type Shelf } from '../../../shared/catalog/shelves';
import { NotFoundPage } from '../../layout/NotFoundPage';
import { PageHead } from '../../ui/PageHead';
import { LISTING_HEADING, pageFromParam } from '../../ui/Pagination';
import { FilteredListing } from './FilteredListing';
import { useListing } from './filters/use-listing';

const SHELF_LEADS: Record<Shelf, string> = {
  jewellery: 'Pendants, chains, rings, bangles and earrings in hallmarked silver and gold.',
  knitwear: 'Jumpers, beanies, scarves and gloves knitted from wool, merino and lambswool.',
  pendants: 'Pendants in silver, gold and rose gold, each on a chain of the length you choose.',
  chains: 'Curb, rope, box, snake and trace chains in the lengths you choose.',
  rings: 'Rings in hallmarked silver and gold, in UK ring sizes.',
  earrings: 'Hoops and studs in hallmarked silver and gold, light enough to wear all day.',
  hats: 'Beanies, caps and bucket hats for every season.',
  't-shirts': 'Soft cotton tees, plain and striped, from XS to XL.',
  jumpers: 'Cable knits, crew necks and roll necks in wool and cotton.',
  accessories: 'Bangles, scarves, gloves, socks and bags.',
  'gift-cards':
    'Gift cards for anything in the shop, emailed on the day you choose with your message.',
};

/** One category or department, 12 products a page, with its filters and sort. */
export function CategoryPage() {
  const { category = '', pageNumber } = useParams();
  const { listing, refused } = useListing();
  if (!isShelf(category)) return <NotFoundPage />;
  const shelf = category;
  const page = pageFromParam(pageNumber);
  const path = `/category/${shelf}`;
  const name = SHELF_NAMES[shelf];
  // A filtered or sorted shelf is a copy of the shelf for search engines: not listed, and
  // pointing at the shelf itself.
  const narrowed = isNarrowed(listing) || refused.length > 0;
  return (
    <>
      <PageHead
        title={page === 1 ? name : `${name}, page ${page}`}
        description={SHELF_LEADS[shelf]}
        path={page === 1 ? path : `${path}/page/${page}`}
        noindex={narrowed}
        canonicalPath={narrowed ? path : undefined}
      />
      <header className="mb-8">
        <h1 className="scroll-mt-6 text-2xl md:text-3xl" {...LISTING_HEADING}>
          {name}
        </h1>
        <p className="mt-2 max-w-prose text-muted">{SHELF_LEADS[shelf]}</p>
      </header>
      <FilteredListing
        place={{ path, keyword: '', shelf }}
        page={page}
        label={name}
        hrefFor={(number) => (number === 1 ? path : `${path}/page/${number}`)}
        emptyMessage={`There is nothing in ${name.toLowerCase()} just now.`}
      />
    </>
  );
}
