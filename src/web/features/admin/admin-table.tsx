import { Skeleton } from '../../ui/Skeleton';

/** The one look of the back office's tables. */
export const headCell = 'px-3 py-3 text-left text-sm font-medium text-muted';
export const cell = 'px-3 py-2 align-middle';
export const rowButton =
  'min-h-11 rounded-shop px-3 text-sm underline-offset-4 hover:bg-sand hover:underline disabled:opacity-50';

/** Shown while a list loads: three rows' worth of placeholder, announced by `label`. */
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
