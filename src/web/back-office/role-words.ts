import type { Role } from '../../shared/accounts/users';

/** Each role as the back office names it. */
export const ROLE_WORDS: Record<Role, string> = {
  customer: 'Customer',
  staff: 'Staff',
  admin: 'Owner (admin)',
};
