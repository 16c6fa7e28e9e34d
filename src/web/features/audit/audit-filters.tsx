import { useId, type ChangeEvent, type ComponentProps, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '../../../shared/audit/audit';
import type { AuditSearch } from '../../api/audit-search';
import { Button, textLinkClass } from '../../ui/Button';
import { fieldClass } from '../../ui/field';
import { pageFromParam } from '../../ui/Pagination';
import { AUDIT_ACTION_WORDS } from './audit-changes';

export const AUDIT_PATH = '/admin/audit';

const isAction = (word: string): word is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(word);
const isDay = (word: string) => /^\d{4}-\d{2}-\d{2}$/.test(word);

/** The audit log's filters and page, from its address; what it cannot read is left out. */
export function useAuditFilters(): AuditSearch {
  const [params] = useSearchParams();
  const word = (name: string) => (params.get(name) ?? '').trim();
  const action = word('action');
  return {
    q: word('q'),
    action: isAction(action) ? action : '',
    actor: word('actor').slice(0, 64),
    from: isDay(word('from')) ? word('from') : '',
    to: isDay(word('to')) ? word('to') : '',
    page: pageFromParam(params.get('page')),
  };
}

export const isNarrowed = ({ q, action, actor, from, to }: AuditSearch) =>
  [q, action, actor, from, to].some((value) => value !== '');

/** The log's address with its filters, at a page; blank filters are left out. */
export function auditAddress(search: AuditSearch): string {
  const params = new URLSearchParams();
  const words: [string, string][] = [
    ['q', search.q],
    ['action', search.action],
    ['actor', search.actor],
    ['from', search.from],
    ['to', search.to],
  ];
  for (const [name, value] of words) if (value !== '') params.set(name, value);
  if (search.page > 1) params.set('page', String(search.page));
  const query = params.toString();
  return query === '' ? AUDIT_PATH : `${AUDIT_PATH}?${query}`;
}

type Person = AuditEntry['actor'] & { _id: string };

/** The people who made the changes shown, once each, by name; those since deleted cannot be chosen. */
function peopleOf(entries: readonly AuditEntry[]): Person[] {
  const people = new Map<string, Person>();
  for (const { actor } of entries) {
    if (actor._id !== null && !people.has(actor._id))
      people.set(actor._id, { ...actor, _id: actor._id });
  }
  return [...people.values()].sort((a, b) => a.name.localeCompare(b.name));
}

type ChoiceProps = { id: string; label: string; children: ReactNode } & ComponentProps<'select'>;

/** A labelled select of the filters. */
function Choice(props: ChoiceProps) {
  const { id, label, children, ...select } = props;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select id={id} className={fieldClass} {...select}>
        {children}
      </select>
    </div>
  );
}

const read = (form: HTMLFormElement, name: string) => {
  const value = new FormData(form).get(name);
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * Narrows the audit log: words (what was changed, or who changed it, by name or email), the kind
 * of change, the person, and the days from and to. A kind or a person applies when chosen; words
 * and days with Search. The filters go into the address, from the first page.
 */
export function AuditFilters(props: { search: AuditSearch; entries: readonly AuditEntry[] }) {
  const { search, entries } = props;
  const navigate = useNavigate();
  const id = useId();
  const people = peopleOf(entries);
  const chosenUnseen = search.actor !== '' && !people.some((person) => person._id === search.actor);
  const apply = (form: HTMLFormElement) => {
    const action = read(form, 'action');
    void navigate(
      auditAddress({
        q: read(form, 'q'),
        action: isAction(action) ? action : '',
        actor: read(form, 'actor'),
        from: read(form, 'from'),
        to: read(form, 'to'),
        page: 1,
      }),
    );
  };
  const applyNow = (event: ChangeEvent<HTMLSelectElement>) => {
    if (event.currentTarget.form) apply(event.currentTarget.form);
  };
  // Each field starts again from the address when it changes (a link, the browser's Back).
  const keyOf = (name: keyof AuditSearch) => `${name}:${String(search[name])}`;
  return (
    <form
      role="search"
      aria-label="Find changes"
      className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-[minmax(14rem,2fr)_repeat(4,minmax(9rem,1fr))_auto] lg:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        apply(event.currentTarget);
      }}
    >
      <div className="flex flex-col gap-1.5 sm:col-span-2 lg:col-span-1">
        <label htmlFor={`${id}-q`} className="text-sm font-medium">
          Words
        </label>
        <input
          key={keyOf('q')}
          id={`${id}-q`}
          name="q"
          type="search"
          defaultValue={search.q}
          maxLength={100}
          aria-describedby={`${id}-hint`}
          className={fieldClass}
        />
      </div>
      <Choice
        key={keyOf('action')}
        id={`${id}-action`}
        label="Kind of change"
        name="action"
        defaultValue={search.action}
        onChange={applyNow}
      >
        <option value="">Every kind</option>
        {AUDIT_ACTIONS.map((action) => (
          <option key={action} value={action}>
            {AUDIT_ACTION_WORDS[action]}
          </option>
        ))}
      </Choice>
      <Choice
        key={keyOf('actor')}
        id={`${id}-actor`}
        label="Person"
        name="actor"
        defaultValue={search.actor}
        onChange={applyNow}
      >
        <option value="">Anyone</option>
        {chosenUnseen && <option value={search.actor}>The person chosen</option>}
        {people.map((person) => (
          <option key={person._id} value={person._id}>
            {person.name ? `${person.name} (${person.email})` : person.email}
          </option>
        ))}
      </Choice>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-from`} className="text-sm font-medium">
          From
        </label>
        <input
          key={keyOf('from')}
          id={`${id}-from`}
          name="from"
          type="date"
          defaultValue={search.from}
          max={search.to || undefined}
          className={fieldClass}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-to`} className="text-sm font-medium">
          To
        </label>
        <input
          key={keyOf('to')}
          id={`${id}-to`}
          name="to"
          type="date"
          defaultValue={search.to}
          min={search.from || undefined}
          className={fieldClass}
        />
      </div>
      <Button type="submit" variant="secondary" className="sm:self-end">
        Search
      </Button>
      <p id={`${id}-hint`} className="text-sm text-muted sm:col-span-2 lg:col-span-6">
        Words find what was changed (a product’s name, an order’s number, an email, a voucher’s
        code) or who changed it, by name or email. Days are UK days, both included.
        {isNarrowed(search) && (
          <>
            {' '}
            <Link to={AUDIT_PATH} className={textLinkClass}>
              Show every change
            </Link>
          </>
        )}
      </p>
    </form>
  );
}
