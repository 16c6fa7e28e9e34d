import type { ReactNode } from 'react';
import { usePanels, type PanelRequest } from '../state/panel-store';
import { ErrorBox } from '../ui/ErrorBox';
import { ScrollRegion } from '../ui/ScrollRegion';
import { Skeleton } from '../ui/Skeleton';
import type { ConfirmedDelete } from './confirmed-delete';

/** The one look of the back office's tables. */
export const headCell = 'px-3 py-3 text-left text-sm font-medium text-muted';
export const cell = 'px-3 py-2 align-middle';
export const rowButton =
  'min-h-11 rounded-shop px-3 text-sm underline-offset-4 hover:bg-sand hover:underline disabled:opacity-50';

/** Shown while a list loads: three rows' worth of placeholder, announced by `label`. */
/**
 * An id cell: whole on a wide screen, its last six characters on a phone, where 24 characters in
 * a narrow column broke one to a line.
 */
export function IdCell({ id }: { id: string }) {
  return (
    <td className={`${cell} font-mono text-xs whitespace-nowrap`}>
      <span className="hidden lg:inline">{id}</span>
      <span className="lg:hidden">…{id.slice(-6)}</span>
    </td>
  );
}

export function TableLoading({ label }: { label: string }) {
  return (
    <div aria-busy="true" className="flex flex-col gap-3">
      <span className="sr-only">{label}</span>
      <Skeleton className="h-11 w-full" />
      <Skeleton className="h-11 w-full" />
      <Skeleton className="h-11 w-full" />
    </div>
  );
}

/** Marks a product or voucher that shoppers cannot see or use until it is saved complete. */
export function DraftBadge() {
  return (
    <span className="ml-2 inline-block rounded-shop bg-warning/10 px-2 py-0.5 text-xs font-medium text-warning">
      Draft
    </span>
  );
}

interface AdminTableProps {
  /** Names the region the table scrolls sideways in ('Products'). */
  label: string;
  /** How narrow the table may get before it scrolls, as a Tailwind class ('min-w-[52rem]'). */
  minWidth: string;
  /** The column headings, in order. */
  headings: readonly string[];
  /** The last column's heading, for screen readers only: its cells hold buttons or a link. */
  actions?: string;
  /** What went wrong with a row's action, said above the table. */
  error?: Error | null;
  /** The rows, a `<tr>` for each item. */
  children: ReactNode;
}

/** A back office list as a table: column headings, then one row per item. */
export function AdminTable({
  label,
  minWidth,
  headings,
  actions,
  error,
  children,
}: AdminTableProps) {
  return (
    <>
      {error && (
        <div className="mb-4">
          <ErrorBox error={error} />
        </div>
      )}
      <ScrollRegion label={label}>
        <table className={`w-full ${minWidth} border-collapse`}>
          <thead className="border-b border-line">
            <tr>
              {headings.map((heading) => (
                <th key={heading} scope="col" className={headCell}>
                  {heading}
                </th>
              ))}
              {actions !== undefined && (
                <th scope="col" className={headCell}>
                  <span className="sr-only">{actions}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">{children}</tbody>
        </table>
      </ScrollRegion>
    </>
  );
}

interface RowActionsProps {
  /** The item's id. */
  id: string;
  /** How the buttons name the item to screen readers ('Edit voucher SUMMER'). */
  what: string;
  /** The side panel that edits the item. */
  panelFor: (id: string) => PanelRequest;
  deletion: ConfirmedDelete;
}

/** A row's last cell: Edit opens the item's panel, Delete asks first (see `useConfirmedDelete`). */
export function RowActions({ id, what, panelFor, deletion }: RowActionsProps) {
  const openPanel = usePanels((state) => state.open);
  return (
    <td className={`${cell} whitespace-nowrap`}>
      <button
        type="button"
        className={rowButton}
        aria-label={`Edit ${what}`}
        onClick={() => openPanel(panelFor(id))}
      >
        Edit
      </button>
      <button
        type="button"
        className={`${rowButton} text-error`}
        disabled={deletion.isDeleting(id)}
        aria-label={`Delete ${what}`}
        onClick={() => deletion.remove(id)}
      >
        Delete
      </button>
    </td>
  );
}
