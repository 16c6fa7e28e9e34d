import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SHOP_NAME } from '../../shared/settings/shop';
import { textLinkClass } from '../ui/Button';
import { PageHeading } from '../ui/PageHeading';

interface AdminEditPageProps {
  /** The page's heading and the start of its title ('Edit product'). */
  heading: string;
  /** The list the page came from, and the link's words ('Back to products'). */
  back: { to: string; label: string };
  /** How wide the form may grow, as a Tailwind class ('max-w-xl'). */
  width: string;
  /** The form. */
  children: ReactNode;
}

/** A page that edits one item at its own address, with a link back to the list. */
export function AdminEditPage({ heading, back, width, children }: AdminEditPageProps) {
  return (
    <div className={`mx-auto ${width}`}>
      <title>{`${heading} | ${SHOP_NAME}`}</title>
      <p className="mb-6">
        <Link to={back.to} className={textLinkClass}>
          <span aria-hidden="true">← </span>
          {back.label}
        </Link>
      </p>
      <PageHeading>{heading}</PageHeading>
      {children}
    </div>
  );
}
