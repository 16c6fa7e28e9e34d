import { useLocation } from 'react-router';
import { signInPath } from '../../layout/redirects';
import { useSession } from '../../state/session-store';
import { ButtonLink } from '../../ui/Button';
import { ReviewForm } from './ReviewForm';

export const SIGN_IN_TO_REVIEW = 'Sign in to write a review';

/** Writing a review needs an account; signed-out shoppers are offered the way in. */
export function ReviewFormPanel({
  productId,
  onClose,
}: {
  productId: string;
  onClose: () => void;
}) {
  const signedIn = useSession((state) => state.userInfo !== null);
  const { pathname } = useLocation();
  if (!signedIn) {
    return (
      <div className="flex flex-col gap-4">
        <p>{SIGN_IN_TO_REVIEW}</p>
        <ButtonLink to={signInPath(pathname)} onClick={onClose}>
          Sign In
        </ButtonLink>
      </div>
    );
  }
  return <ReviewForm key={productId} productId={productId} onDone={onClose} />;
}
