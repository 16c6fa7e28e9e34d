import { useState } from 'react';
import { useMatch, useNavigate } from 'react-router';
import { SearchIcon } from '../ui/icons';

/** The box shows the term of the results page it is on, and starts empty elsewhere. */
export function SearchBox({ className = '' }: { className?: string }) {
  const searched = useMatch('/search/:keyword/*')?.params.keyword ?? '';
  return <SearchForm key={searched} initialTerm={searched} className={className} />;
}

/**
 * A term goes to its results page; a blank one goes home. Without JavaScript the form is sent
 * to /search?q=, which the server sends on to the same page.
 */
function SearchForm({ initialTerm, className }: { initialTerm: string; className: string }) {
  const [term, setTerm] = useState(initialTerm);
  const navigate = useNavigate();
  return (
    <form
      role="search"
      action="/search"
      method="get"
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
        name="q"
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
