import type { ReactNode } from 'react';
import { CONTACT_EMAIL } from '../../../shared/settings/shop';

export const infoLinkClass = 'text-accent underline underline-offset-4';

/** The shop's address as a mail link, showing the address unless other words are given. */
export function ContactLink({ children }: { children?: ReactNode }) {
  return (
    <a href={`mailto:${CONTACT_EMAIL}`} className={infoLinkClass}>
      {children ?? CONTACT_EMAIL}
    </a>
  );
}
