import { useLocation } from 'react-router';
import { useSession } from '../../state/session-store';
import { ButtonLink } from '../../ui/Button';

export const SIGN_IN_TO_REVIEW = 'Sign in to write a review';

/** Writing a review needs an account; signed-out shoppers are offered the way in. */
export function ReviewFormPanel({ onClose }: { productId: string; onClose: () => void }) {
  const userInfo = useSession((state) => state.userInfo);
  const { pathname } = useLocation();
  if (!userInfo) {
    return (
      <div className="flex flex-col gap-4">
        <p>{SIGN_IN_TO_REVIEW}</p>
        <ButtonLink
          to={`/account/login?redirect=${encodeURIComponent(pathname)}`}
          onClick={onClose}
        >
          Sign In
        </ButtonLink>
      </div>
    );
  }
  return <p className="text-muted">Reviews can be written once accounts open.</p>;
}
