import { Link } from 'react-router';
import { SHELF_NAMES, SHELVES } from '../../../../shared/catalog/shelves';
import { textLinkClass } from '../../../ui/Button';

interface NoMatchesProps {
  keyword: string;
  /** A keyword the shop says would find something ("pendant" for "pendnat"). */
  suggestion: string | undefined;
  /** The words that found nothing and are near nothing the shop sells ("hoodie"). */
  unmatched: readonly string[] | undefined;
}

const quoted = (words: readonly string[]) => words.map((word) => `‘${word}’`).join(' or ');

/**
 * A search that found nothing: says so (naming the words that found nothing, when the shop
 * knows them), offers the shop's suggestion, and every shelf, departments first.
 */
export function NoMatches({ keyword, suggestion, unmatched }: NoMatchesProps) {
  const missing = unmatched && unmatched.length > 0 ? unmatched : [keyword];
  return (
    <div className="py-10">
      <p>Nothing matches {quoted(missing)}.</p>
      {suggestion && (
        <p className="mt-2">
          Did you mean{' '}
          <Link to={`/search/${encodeURIComponent(suggestion)}`} className={textLinkClass}>
            {suggestion}
          </Link>
          ?
        </p>
      )}
      <nav aria-labelledby="browse-shelves" className="mt-6">
        <h2 id="browse-shelves" className="text-base font-normal text-muted">
          Browse the shelves instead:
        </h2>
        <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          {SHELVES.map((shelf) => (
            <li key={shelf}>
              <Link to={`/category/${shelf}`} className={textLinkClass}>
                {SHELF_NAMES[shelf]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
