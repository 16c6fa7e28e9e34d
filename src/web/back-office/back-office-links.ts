import type { BackOfficeRole } from '../state/roles';

export interface BackOfficeLink {
  to: string;
  label: string;
  /** Staff use it too; the others are the owner's alone. */
  forStaff: boolean;
  /** Where the section's own pages start (an order, a product's form): the section is current there. */
  inside?: readonly string[];
}

/** The back office's pages, in the order of the day's work. */
const BACK_OFFICE_LINKS: readonly BackOfficeLink[] = [
  { to: '/admin', label: 'Desk', forStaff: true },
  {
    to: '/admin/orderlist',
    label: 'Orders',
    forStaff: true,
    inside: ['/admin/order/', '/admin/slips'],
  },
  { to: '/admin/productlist', label: 'Products', forStaff: true, inside: ['/admin/product/'] },
  { to: '/admin/customers', label: 'Customers', forStaff: true, inside: ['/admin/customers/'] },
  { to: '/admin/voucherlist', label: 'Vouchers', forStaff: false },
  { to: '/admin/promotions', label: 'Promotions', forStaff: false },
  { to: '/admin/gift-cards', label: 'Gift cards', forStaff: false },
  { to: '/admin/vat', label: 'VAT', forStaff: false },
  { to: '/admin/exports', label: 'Exports', forStaff: false },
  { to: '/admin/userlist', label: 'Users', forStaff: false, inside: ['/admin/user/'] },
  { to: '/admin/refunds', label: 'Failed refunds', forStaff: false },
  { to: '/admin/reviews', label: 'Reviews', forStaff: false },
  { to: '/admin/subscriberlist', label: 'Subscribers', forStaff: false },
  {
    to: '/admin/newsletters',
    label: 'Newsletters',
    forStaff: false,
    inside: ['/admin/newsletter/'],
  },
  { to: '/admin/audit', label: 'Audit log', forStaff: false },
  { to: '/admin/settings', label: 'Settings', forStaff: false },
];

/** The pages a role may use: staff see orders, stock and customers; the owner sees everything. */
export const backOfficeLinksFor = (role: BackOfficeRole): readonly BackOfficeLink[] =>
  role === 'admin' ? BACK_OFFICE_LINKS : BACK_OFFICE_LINKS.filter((link) => link.forStaff);

/**
 * How a link stands to the page shown: `page` on its own page (any page of its list), `true`
 * inside its section (an order of the order list), otherwise not current.
 */
export function currentOf(link: BackOfficeLink, pathname: string): 'page' | 'true' | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (link.to === '/admin') return path === '/admin' ? 'page' : undefined;
  if (path === link.to || path.startsWith(`${link.to}/`)) return 'page';
  return link.inside?.some((start) => path.startsWith(start)) ? 'true' : undefined;
}
