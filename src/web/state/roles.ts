import type { Role, UserInfo } from '../../shared/accounts/users';
import { useSession } from './session-store';

/** Who may open the back office: staff (orders, stock, customers) and the owner (everything). */
export type BackOfficeRole = Exclude<Role, 'customer'>;

export function backOfficeRoleOf(userInfo: UserInfo | null): BackOfficeRole | null {
  if (userInfo === null) return null;
  return userInfo.role === 'customer' ? null : userInfo.role;
}

/** The signed-in user's back office role, or null for a customer or a visitor. */
export const useBackOfficeRole = () => useSession((state) => backOfficeRoleOf(state.userInfo));
