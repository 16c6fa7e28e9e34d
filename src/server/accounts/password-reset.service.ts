import { createHash, randomBytes } from 'node:crypto';
import {
  PASSWORD_RESET_DONE,
  PASSWORD_RESET_SENT,
  type ResetPasswordBody,
} from '../../shared/accounts/accounts';
import { ShopError } from '../http/errors';
import { hidePathAfter } from '../http/url-secrets';
import type { AccountsContext } from './accounts-context';
import { hashPassword } from './passwords';
import {
  findUsableReset,
  insertPasswordReset,
  spendAllResets,
  spendReset,
} from './password-resets.repository';
import { passwordResetMail } from './password-reset.mail';
import {
  findCredentialsByEmail,
  findUserById,
  markEmailProved,
  updateUser,
} from './users.repository';
import { signInFailuresKey } from './users.service';

const RESET_LIFETIME_MS = 60 * 60 * 1000;
const TOKEN_BYTES = 32;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const invalidLink = () =>
  new ShopError(
    'RESET_LINK_INVALID',
    'This password reset link is not valid or has expired. Please ask for a new one.',
  );

/**
 * A URL with any reset token hidden, for anything that gets logged: the API's reset calls and the
 * page the mailed link opens, however the path is spelt.
 */
export function redactResetToken(url: string): string {
  return hidePathAfter(url, 'reset', '[token]');
}

/** Mails a reset link when the account exists; the answer is the same either way. */
export async function requestPasswordReset(
  context: AccountsContext,
  email: string,
): Promise<{ message: string }> {
  await context.limits.passwordResets.count(email);
  const user = await findCredentialsByEmail(context.database.db, email);
  if (user) {
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    await insertPasswordReset(context.database.db, {
      tokenHash: hashOf(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + RESET_LIFETIME_MS).toISOString(),
    });
    const link = `${context.publicUrl}/password-reset/reset/${token}`;
    context.mailer.send(passwordResetMail(user.email, user.name, link));
  }
  return { message: PASSWORD_RESET_SENT };
}

export async function checkResetToken(
  { database }: AccountsContext,
  token: string,
): Promise<{ message: string }> {
  if (!(await findUsableReset(database.db, hashOf(token)))) throw invalidLink();
  return { message: 'Please choose a new password' };
}

/** Sets the new password once; the token, and every other of the user's, is then spent. */
export async function resetPassword(
  context: AccountsContext,
  token: string,
  body: ResetPasswordBody,
  address: string,
): Promise<{ message: string }> {
  if (body.resetLink !== undefined && body.resetLink !== token) throw invalidLink();
  const tokenHash = hashOf(token);
  if (!(await findUsableReset(context.database.db, tokenHash))) throw invalidLink();
  const passwordHash = await hashPassword(body.password, context.passwordHashCost);
  const email = await context.database.db.transaction().execute(async (trx) => {
    const reset = await findUsableReset(trx, tokenHash);
    if (!reset || !(await spendReset(trx, tokenHash))) throw invalidLink();
    await updateUser(trx, reset.userId, { passwordHash, endSessions: true });
    await spendAllResets(trx, reset.userId);
    const user = await findUserById(trx, reset.userId);
    // The link went to the account's address (a change of address spends it): that proves it.
    if (user) await markEmailProved(trx, user.id, user.email);
    return user?.email;
  });
  // Whoever can read the account's mail may sign in again at once, from where they are.
  if (email) await context.limits.signInFailures.forget(signInFailuresKey(email, address));
  return { message: PASSWORD_RESET_DONE };
}
