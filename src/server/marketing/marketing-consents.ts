import {
  stands,
  UNSUBSCRIBED_MESSAGES,
  type Consent,
  type ConsentTicks,
} from '../../shared/consents/consents';
import type { UserAccount } from '../accounts/user-account';
import {
  consentById,
  consentsOf,
  giveConsent,
  withdrawConsent,
  type ConsentHolder,
} from '../consents/consents.service';
import { ShopError } from '../http/errors';
import { readUnsubscribeToken } from '../mail/unsubscribe-links';
import {
  joinFromAccount,
  leaveNewsletter,
  type NewsletterContext,
} from '../newsletter/newsletter.service';

/** Marketing mail is sent on the newsletter's list and on consents; both are kept in step here. */
export type MarketingContext = NewsletterContext;

const holderOf = (user: UserAccount): ConsentHolder => ({
  id: user.id,
  email: user.email,
  emailProved: user.emailProvedAt !== null,
});

/** The signed-in person's consents, given and withdrawn, newest first. */
export const consentsOfCaller = ({ database }: MarketingContext, user: UserAccount) =>
  consentsOf(database.db, holderOf(user));

/**
 * The account page's two ticks. A tick gives the consent unless it stands (the newsletter's as
 * `joinFromAccount` says); an untick withdraws it, kept with when, and takes the address off the
 * newsletter's list. Answers the consents afterwards.
 */
export async function setConsentTicks(
  context: MarketingContext,
  user: UserAccount,
  ticks: ConsentTicks,
): Promise<Consent[]> {
  const holder = holderOf(user);
  const { db } = context.database;
  const before = await consentsOf(db, holder);
  if (ticks.newsletter && !stands(before, 'newsletter')) await joinFromAccount(context, holder);
  if (!ticks.newsletter) await leaveNewsletter(db, holder.email);
  if (ticks.basketReminders && !stands(before, 'basket-reminders')) {
    await giveConsent(db, {
      email: holder.email,
      purpose: 'basket-reminders',
      source: 'account',
      userId: holder.id,
    });
  }
  if (!ticks.basketReminders) await withdrawConsent(db, holder.email, 'basket-reminders');
  return consentsOf(db, holder);
}

const invalidLink = () =>
  new ShopError('UNSUBSCRIBE_LINK_INVALID', 'That unsubscribe link is not valid');

/**
 * A marketing mail's unsubscribe link, followed or POSTed by a mail program: the purpose its token
 * names is withdrawn at once for the address of the consent it names, whichever consent stands
 * now. Again answers the same; a token that is not genuine changes nothing.
 */
export async function unsubscribeInOneClick(context: MarketingContext, token: string) {
  const named = readUnsubscribeToken(context.secret, token);
  if (!named) throw invalidLink();
  const { db } = context.database;
  const consent = await consentById(db, named.consentId);
  if (!consent || consent.purpose !== named.purpose) throw invalidLink();
  await db.transaction().execute(async (trx) => {
    if (named.purpose === 'newsletter') await leaveNewsletter(trx, consent.email);
    else await withdrawConsent(trx, consent.email, named.purpose);
  });
  return { message: UNSUBSCRIBED_MESSAGES[named.purpose] };
}
