import type { Timestamp } from '../db/timestamps';

export type Role = 'customer' | 'admin';

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  password_hash: string;
  role: Role;
  created_at: Timestamp;
  updated_at: Timestamp;
}
