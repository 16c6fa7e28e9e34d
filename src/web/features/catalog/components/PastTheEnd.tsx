import { Link } from 'react-router';
import { textLinkClass } from '../../../ui/Button';

interface PastTheEndProps {
  /** The page asked for, past the last. */
  page: number;
  /** How many pages the list has. */
  pages: number;
  hrefFor: (page: number) => string;
}

/** A page number past the end of a list (an old link, a typed address): where the pages are. */
export function PastTheEnd({ page, pages, hrefFor }: PastTheEndProps) {
  return (
    <div className="py-10">
      <p>
        There is no page {page}.{' '}
        {pages === 1 ? 'There is only one page.' : `There are ${String(pages)} pages.`}
      </p>
      <ul className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
        {pages > 1 && (
          <li>
            <Link to={hrefFor(pages)} className={textLinkClass}>
              Go to the last page (page {pages})
            </Link>
          </li>
        )}
        <li>
          <Link to={hrefFor(1)} className={textLinkClass}>
            Go to page 1
          </Link>
        </li>
      </ul>
    </div>
  );
}
