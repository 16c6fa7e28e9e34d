import type { Generated } from 'kysely';
import type { Timestamp } from '../sql/timestamps';
import type { Role } from './user-account';

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  password_hash: string;
  role: Role;
  /** Raised when every existing session must end (a new password, say). */
  session_version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** When a link mailed to `email` was followed; null until then, and again after a change. */
  email_proved_at: Timestamp | null;
}

export interface PasswordResetsTable {
  /** SHA-256 of the token sent by mail; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}
