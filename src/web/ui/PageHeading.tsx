import type { ReactNode } from 'react';

export function PageHeading({ children, lead }: { children: ReactNode; lead?: ReactNode }) {
  return (
    <header className="mb-8">
      <h1 className="text-2xl md:text-3xl">{children}</h1>
      {lead && <p className="mt-2 max-w-prose text-muted">{lead}</p>}
    </header>
  );
}
