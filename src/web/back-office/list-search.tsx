import { useId } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../ui/Button';
import { fieldClass } from '../ui/field';
import { Pagination, pageFromParam } from '../ui/Pagination';

/** A searched list's words and page, from its address (`?q=ann&page=2`). */
export function useListSearch() {
  const [params] = useSearchParams();
  return { q: (params.get('q') ?? '').trim(), page: pageFromParam(params.get('page')) };
}

const addressOf = (path: string, q: string, page = 1) => {
  const params = new URLSearchParams();
  if (q !== '') params.set('q', q);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search === '' ? path : `${path}?${search}`;
};

/**
 * The words of a back office search and its Search button, with a hint of what they find: `id`
 * names the field, for its label. Reset to the address's words when they change.
 */
export function SearchWordsField({ id, q, hint }: { id: string; q: string; hint: string }) {
  return (
    <>
      <div className="flex gap-2">
        <input
          key={q}
          id={id}
          name="q"
          type="search"
          defaultValue={q}
          maxLength={100}
          aria-describedby={`${id}-hint`}
          className={fieldClass}
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-sm text-muted">
        {hint}
      </p>
    </>
  );
}

/** The search box above a back office list: words go into the address, from the first page. */
export function ListSearch(props: { path: string; label: string; hint: string; q: string }) {
  const { path, label, hint, q } = props;
  const navigate = useNavigate();
  const id = useId();
  return (
    <form
      role="search"
      aria-label={label}
      className="mb-6 flex max-w-xl flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const words = new FormData(event.currentTarget).get('q');
        void navigate(addressOf(path, typeof words === 'string' ? words.trim() : ''));
      }}
    >
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <SearchWordsField id={id} q={q} hint={hint} />
    </form>
  );
}

/** A searched list's page links, keeping its words. */
export function ListPages(props: {
  of: { page: number; pages: number } | undefined;
  path: string;
  q: string;
  label: string;
}) {
  const { of, path, q, label } = props;
  if (!of) return null;
  return (
    <Pagination
      page={of.page}
      pages={of.pages}
      label={label}
      hrefFor={(number) => addressOf(path, q, number)}
    />
  );
}
