import { useSession } from '../../state/session-store';
import { ButtonLink } from '../../ui/Button';

const ADMIN_LINKS = [
  { to: '/admin/userlist', label: 'Users' },
  { to: '/admin/productlist', label: 'Products' },
  { to: '/admin/orderlist', label: 'Orders' },
  { to: '/admin/refunds', label: 'Failed refunds' },
  { to: '/admin/voucherlist', label: 'Vouchers' },
  { to: '/admin/subscriberlist', label: 'Subscribers' },
] as const;

/** The admin's Manage menu. The server refuses every admin call to anyone else. */
export function AdminMenuPanel({ onClose }: { onClose: () => void }) {
  const isAdmin = useSession((state) => state.userInfo?.isAdmin === true);
  if (!isAdmin) return <p className="text-muted">Only admins can manage the shop.</p>;
  return (
    <nav aria-label="Manage the shop">
      <ul className="flex flex-col gap-3">
        {ADMIN_LINKS.map((link) => (
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
