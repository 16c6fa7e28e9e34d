import type { ReactNode } from 'react';

/** The title of one of a long form's sections (Options, Variants, Specifications). */
export function SectionLegend({ children }: { children: ReactNode }) {
  return <legend className="mb-1 font-serif text-lg">{children}</legend>;
}
