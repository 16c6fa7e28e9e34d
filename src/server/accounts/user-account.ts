import type { Role } from '../../shared/accounts/users';

export type { Role };

/**
 * A person with an account, as the shop's code passes them around (the signed-in caller of a
 * request among them): who they are and what they may do, never their password.
 */
export interface UserAccount {
  id: string;
  name: string;
  email: string;
  role: Role;
  /** Carried in every token of theirs; raised, it ends each of their sessions. */
  sessionVersion: number;
  createdAt: string;
  /** When the owner proved the email is theirs (a mailed link followed); null: not proved. */
  emailProvedAt: string | null;
}

/** An account with what proves it, read only to check or change the password. */
export interface UserCredentials extends UserAccount {
  passwordHash: string;
}
