import type { ShopIdentity } from '../../shared/api';
import type { PasswordHashCost } from '../config';
import type { ShopDatabase } from '../db/database';
import type { AccountLimit } from '../http/account-limits';
import type { Mailer } from '../mail/mail-sender';
import type { Tokens } from './tokens';

/** What the account services need from the running shop. */
export interface AccountsContext {
  database: ShopDatabase;
  tokens: Tokens;
  mailer: Mailer;
  /** Where links in mails point. */
  publicUrl: string;
  /** Signs the links that prove an email address. */
  secret: string;
  /** Who sells: the shop is mailed the orders a closed account leaves open. */
  trader: ShopIdentity;
  /** The cost of each new password hash (PASSWORD_HASH_COST). */
  passwordHashCost: PasswordHashCost;
  limits: {
    /** Failed sign-ins (and wrong current passwords) per account. */
    signInFailures: AccountLimit;
    /** Reset mails asked for per account. */
    passwordResets: AccountLimit;
    /** Links to prove the email address asked for again, per account. */
    emailProofs: AccountLimit;
  };
}
