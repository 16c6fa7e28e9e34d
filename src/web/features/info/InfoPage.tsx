import type { ReactNode } from 'react';
import { PageHead } from '../../ui/PageHead';

interface InfoPageProps {
  /** Shown as the page's heading and in the browser tab. */
  title: string;
  /** The page's address, `/faq`. */
  path: string;
  lead?: string;
  children: ReactNode;
}

/** The frame of every information page: a readable column of text with the shop's headings. */
export function InfoPage({ title, path, lead, children }: InfoPageProps) {
  return (
    <article className="mx-auto max-w-2xl py-4">
      <PageHead title={title} path={path} {...(lead ? { description: lead } : {})} />
      <h1 className="text-2xl md:text-3xl">{title}</h1>
      {lead && <p className="mt-3 text-lg text-muted">{lead}</p>}
      <div className="mt-8 space-y-8 [&_h2]:mb-3 [&_h2]:text-xl [&_li]:ml-5 [&_li]:list-disc [&_li]:pl-1 [&_p+p]:mt-3 [&_ul]:space-y-1.5">
        {children}
      </div>
    </article>
  );
}

/** One titled part of an information page. */
export function InfoSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={title.toLowerCase().replaceAll(/[^a-z0-9]+/g, '-')}>
      <h2 id={title.toLowerCase().replaceAll(/[^a-z0-9]+/g, '-')}>{title}</h2>
      {children}
    </section>
  );
}
