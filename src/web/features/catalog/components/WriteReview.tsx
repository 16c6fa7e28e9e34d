import { YOU_REVIEWED } from '../../../../shared/reviews';
import { useMyReview } from '../../../api/reviews';
import { usePanels } from '../../../state/panel-store';

/**
 * 'Write a review', which opens the review panel; a customer who has reviewed the product is
 * told so instead. Until their answer arrives the button shows, and the panel says it too.
 */
export function WriteReview({ productId }: { productId: string }) {
  const openPanel = usePanels((state) => state.open);
  const { data } = useMyReview(productId);
  if (data?.review) {
    return <p className="inline-flex min-h-11 items-center text-sm text-muted">{YOU_REVIEWED}</p>;
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
