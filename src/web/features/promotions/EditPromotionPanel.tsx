import { GuardedPanel } from '../../back-office/unsaved-changes';
import { NewPromotionForm, PromotionForm } from './PromotionForm';

/**
 * A promotion's form in the side panel, which asks before closing over unsaved changes; with no
 * id, the empty form of a promotion not made yet, so that one just made opens in the same guard.
 */
export function EditPromotionPanel({ promotionId }: { promotionId: string | null }) {
  return (
    <GuardedPanel>
      {promotionId === null ? (
        <NewPromotionForm />
      ) : (
        <PromotionForm key={promotionId} promotionId={promotionId} />
      )}
    </GuardedPanel>
  );
}
