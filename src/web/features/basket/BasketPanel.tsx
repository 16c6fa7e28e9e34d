import { useBasket } from '../../state/basket-store';
import { BasketLines } from './BasketLines';
import { BasketSummary } from './BasketSummary';

export function BasketPanel({ onClose }: { onClose: () => void }) {
  const items = useBasket((state) => state.basketItems);
  if (items.length === 0) return <p className="text-muted">Basket is empty</p>;
  return (
    <div className="flex flex-col gap-6">
      <BasketLines items={items} onNavigate={onClose} />
      <BasketSummary items={items} onCheckout={onClose} />
    </div>
  );
}
