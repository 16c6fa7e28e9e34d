import { useBackOfficeRole } from '../state/roles';
import { ButtonLink } from '../ui/Button';
import { backOfficeLinksFor } from './back-office-links';

/** The Manage menu: the back office's pages that the role may use. The server checks every call. */
export function AdminMenuPanel({ onClose }: { onClose: () => void }) {
  const role = useBackOfficeRole();
  if (!role) return <p className="text-muted">Only the shop&rsquo;s staff can manage the shop.</p>;
  return (
    <nav aria-label="Manage the shop">
      <ul className="flex flex-col gap-3">
        {backOfficeLinksFor(role).map((link) => (
          <li key={link.to}>
            <ButtonLink to={link.to} variant="secondary" className="w-full" onClick={onClose}>
              {link.label}
            </ButtonLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
