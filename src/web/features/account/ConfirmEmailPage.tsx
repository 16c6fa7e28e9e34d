import { Link, useSearchParams } from 'react-router';
import { SHOP_NAME } from '../../../shared/settings/shop';
import { ApiError } from '../../api/client';
import { useProveEmail } from '../../api/email-proof';
import { signInPath } from '../../layout/redirects';
import { useSession } from '../../state/session-store';
import { ButtonLink, textLinkClass } from '../../ui/Button';
import { ErrorBox } from '../../ui/ErrorBox';
import { PageHeading } from '../../ui/PageHeading';
import { Spinner } from '../../ui/Spinner';

export const EMAIL_CONFIRMED = 'Your email address is confirmed';
export const PROOF_LINK_STALE = 'This link is no longer valid.';

const ACCOUNT = '/account/profile';

/** A link that proves nothing now: tampered with, or mailed to an address the account has left. */
function StaleLink() {
  const signedIn = useSession((state) => state.userInfo !== null);
  return (
    <div role="alert" className="flex flex-col gap-3 rounded-shop bg-sand px-5 py-4">
      <p className="font-medium">{PROOF_LINK_STALE}</p>
      <p>
        It may be for an email address your account no longer has, or it was not copied whole.
        {signedIn
          ? ' Your account page can send a new link to the address you have now.'
          : ' Sign in, and your account page can send a new link to the address you have now.'}
      </p>
      <ButtonLink to={signedIn ? ACCOUNT : signInPath(ACCOUNT)} className="self-start">
        {signedIn ? 'Go to your account' : 'Sign in to send a new link'}
      </ButtonLink>
    </div>
  );
}

function Confirmed() {
  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="rounded-shop bg-success/10 px-4 py-3 text-success">
        {EMAIL_CONFIRMED}
      </p>
      <p>
        Thank you. Your details and orders are in{' '}
        <Link to={ACCOUNT} className={textLinkClass}>
          your account
        </Link>
        .
      </p>
    </div>
  );
}

/**
 * The link of the mail that proves an account's address (`/account/confirm-email?token=`): it
 * confirms on arrival, with no sign-in, and says what came of it.
 */
export function ConfirmEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const proof = useProveEmail(token);
  const stale =
    token === '' || (proof.error instanceof ApiError && proof.error.code === 'PROOF_LINK_INVALID');
  return (
    <div className="mx-auto max-w-md">
      <title>{`Confirm your email address | ${SHOP_NAME}`}</title>
      <PageHeading>Confirm your email address</PageHeading>
      <div className="flex flex-col gap-6">
        {stale ? (
          <StaleLink />
        ) : proof.isPending ? (
          <Spinner label="Confirming your email address…" />
        ) : proof.isError ? (
          <ErrorBox error={proof.error} title="Your email address could not be confirmed" />
        ) : (
          <Confirmed />
        )}
        <p>
          <Link to="/" className={textLinkClass}>
            Back to the shop
          </Link>
        </p>
      </div>
    </div>
  );
}
