import type { ReactNode } from 'react';

/** One part of a back-office page (the desk's, the VAT quarter's): a heading with how many it holds, then the list or what its absence means. */
export function DeskSection(props: {
  id: string;
  title: string;
  count?: number | undefined;
  children: ReactNode;
}) {
  const { id, title, count, children } = props;
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-4">
      <h2 id={id} className="flex items-baseline gap-3 text-xl">
        {title}
        {count !== undefined && count > 0 && (
          <span className="rounded-shop bg-sand px-2 font-sans text-sm tabular-nums">{count}</span>
        )}
      </h2>
      {children}
    </section>
  );
}

export const Empty = ({ children }: { children: string }) => (
  <p className="text-muted">{children}</p>
);
