import { Link } from 'react-router';
import { SHELF_NAMES, SHELVES } from '../../../../shared/shelves';
import { textLinkClass } from '../../../ui/Button';

interface NoMatchesProps {
  keyword: string;
  /** A keyword the shop says would find something ("pendant" for "pendnat"). */
  suggestion: string | undefined;
}

/** A search that found nothing: says so, offers the shop's suggestion, and every shelf. */
export function NoMatches({ keyword, suggestion }: NoMatchesProps) {
  return (
    <div className="py-10">
      <p>Nothing matches ‘{keyword}’.</p>
      {suggestion && (
        <p className="mt-2">
          Did you mean{' '}
          <Link to={`/search/${encodeURIComponent(suggestion)}`} className={textLinkClass}>
            {suggestion}
          </Link>
          ?
        </p>
      )}
      <p className="mt-6 text-muted">Or browse a shelf:</p>
      <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
        {SHELVES.map((shelf) => (
          <li key={shelf}>
            <Link to={`/category/${shelf}`} className={textLinkClass}>
              {SHELF_NAMES[shelf]}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
