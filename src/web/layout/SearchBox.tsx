import { useEffect, useState } from 'react';
import { useMatch, useNavigate } from 'react-router';
import { SearchIcon } from '../ui/icons';

/** A term goes to its results page; a blank one goes home. */
export function SearchBox({ className = '' }: { className?: string }) {
  const searched = useMatch('/search/:keyword/*')?.params.keyword ?? '';
  const [term, setTerm] = useState(searched);
  const navigate = useNavigate();
  // The box shows what the results page is showing, and empties when the shopper leaves it.
  useEffect(() => setTerm(searched), [searched]);
  return (
    <form
      role="search"
      className={`relative ${className}`}
      onSubmit={(event) => {
        event.preventDefault();
        const keyword = term.trim();
        void navigate(keyword ? `/search/${encodeURIComponent(keyword)}` : '/');
      }}
    >
      <label htmlFor="site-search" className="sr-only">
        Search products
      </label>
      <input
        id="site-search"
        type="search"
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        placeholder="Search pendants, chains, jumpers…"
        className="min-h-11 w-full rounded-shop border border-line bg-surface py-2 pr-12 pl-4 text-base placeholder:text-muted"
      />
      <button
        type="submit"
        className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center text-muted hover:text-ink"
        aria-label="Search"
      >
        <SearchIcon />
      </button>
    </form>
  );
}
