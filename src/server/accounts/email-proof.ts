import { ShopError } from '../http/errors';
import { idOfSignedToken, signedToken } from '../http/signed-links';
import { emailProofMail } from './email-proof.mail';
import type { AccountsContext } from './accounts-context';
import type { UserAccount } from './user-account';
import { findUserById, markEmailProved } from './users.repository';

// An account's email is proved once a link mailed to it is followed. Registering with an address,
// or changing to one, proves nothing: until then the records the shop keeps by email (newsletter
// sign-ups, back-in-stock alerts) are not the account's, so its data download does not show them
// and closing it does not remove them.

/** The link's purpose names the address, so a link mailed to an earlier one proves nothing now. */
const purposeFor = (email: string) => `email-proof:${email.toLowerCase()}`;

export const emailProofLink = (
  { publicUrl, secret }: Pick<AccountsContext, 'publicUrl' | 'secret'>,
  user: Pick<UserAccount, 'id' | 'email'>,
) =>
  `${publicUrl}/account/confirm-email?token=${encodeURIComponent(signedToken(secret, purposeFor(user.email), user.id))}`;

/** Mails the account a link that proves its address. */
export function mailEmailProof(
  context: AccountsContext,
  user: Pick<UserAccount, 'id' | 'name' | 'email'>,
): void {
  context.mailer.send(emailProofMail(user.email, user.name, emailProofLink(context, user)));
}

const invalidProofLink = () =>
  new ShopError(
    'PROOF_LINK_INVALID',
    'This link does not confirm an email address any more: it may be for an address the account no longer has. Sign in and ask for a new one.',
  );

/** Follows a proof link: the account's address, as the link named it, is proved. */
export async function proveEmail(
  context: AccountsContext,
  token: string,
): Promise<{ message: string }> {
  const [userId] = token.split('.');
  const user = userId ? await findUserById(context.database.db, userId) : undefined;
  if (!user || idOfSignedToken(context.secret, purposeFor(user.email), token) !== user.id) {
    throw invalidProofLink();
  }
  if (!(await markEmailProved(context.database.db, user.id, user.email))) throw invalidProofLink();
  return { message: 'Thank you: your email address is confirmed' };
}

/** A signed-in customer asks for another proof link, a few an hour. */
export async function askForEmailProof(
  context: AccountsContext,
  user: UserAccount,
): Promise<{ message: string }> {
  if (user.emailProvedAt !== null) return { message: 'Your email address is already confirmed' };
  await context.limits.emailProofs.count(user.id);
  mailEmailProof(context, user);
  return { message: `We have sent a link to ${user.email}: open it to confirm your address` };
}
