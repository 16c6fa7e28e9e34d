import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { REVIEW_WAITING, YOU_REVIEWED } from '../../../../shared/catalog/reviews';
import { useMyReview } from '../../../api/reviews';
import { usePanels } from '../../../state/panel-store';

/** `?review=write`: the link in the mail that asks a customer to review what they bought. */
const WRITE_PARAM = 'review';

/**
 * 'Write a review', which opens the review panel; a customer who has reviewed the product is
 * told so instead. Until their answer arrives the button shows, and the panel says it too. The
 * mailed link to review a product opens the panel as the page comes up.
 */
export function WriteReview({ productId }: { productId: string }) {
  const openPanel = usePanels((state) => state.open);
  const { data } = useMyReview(productId);
  const [search, setSearch] = useSearchParams();
  const asked = search.get(WRITE_PARAM) === 'write';
  useEffect(() => {
    if (!asked) return;
    openPanel({ kind: 'review', productId });
    // Once: the address no longer asks, so going back or reloading does not open it again.
    setSearch(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete(WRITE_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [asked, openPanel, productId, setSearch]);
  if (data?.review) {
    return (
      <p className="inline-flex min-h-11 items-center text-sm text-muted">
        {data.review.waiting ? `${YOU_REVIEWED}: ${REVIEW_WAITING.toLowerCase()}` : YOU_REVIEWED}
      </p>
    );
  }
  return (
    <button
      type="button"
      className="min-h-11 text-sm text-accent underline underline-offset-4"
      onClick={() => openPanel({ kind: 'review', productId })}
    >
      Write a review
    </button>
  );
}
