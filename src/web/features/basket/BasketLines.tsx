import { Link } from 'react-router';
import type { BasketItem } from '../../../shared/basket';
import { smallImageUrl } from '../../../shared/images';
import { useBasket } from '../../state/basket-store';
import { showToast } from '../../state/toast-store';
import { Price } from '../../ui/Price';
import { TOAST } from '../../ui/messages';
import { QuantitySelect } from '../../ui/QuantitySelect';

function BasketLine({ item, onNavigate }: { item: BasketItem; onNavigate?: () => void }) {
  const setQuantity = useBasket((state) => state.setQuantity);
  const remove = useBasket((state) => state.remove);
  return (
    <li className="flex gap-4 py-4">
      <img
        src={smallImageUrl(item.image) ?? item.image}
        alt=""
        width={80}
        height={80}
        className="size-20 shrink-0 rounded-shop bg-sand object-cover"
      />
      <div className="flex flex-1 flex-col gap-2">
        <div className="flex justify-between gap-3">
          <div>
            <p className="text-xs tracking-[0.12em] text-muted uppercase">{item.brand}</p>
            <Link to={`/product/${item.product}`} onClick={onNavigate} className="hover:underline">
              {item.name}
            </Link>
          </div>
          <Price pounds={item.price} />
        </div>
        <div className="flex items-center justify-between gap-3">
          <QuantitySelect
            id={`qty-${item.product}`}
            label={`Quantity of ${item.name}`}
            hideLabel
            value={item.qty}
            countInStock={item.countInStock}
            onChange={(qty) => setQuantity(item.product, qty)}
          />
          <button
            type="button"
            className="min-h-11 px-2 text-sm text-muted underline underline-offset-4 hover:text-ink"
            aria-label={`Remove ${item.name}`}
            onClick={() => {
              remove(item.product);
              showToast(TOAST.removedFromBasket);
            }}
          >
            Remove
          </button>
        </div>
      </div>
    </li>
  );
}

export function BasketLines({
  items,
  onNavigate,
}: {
  items: readonly BasketItem[];
  onNavigate?: () => void;
}) {
  return (
    <ul className="divide-y divide-line" aria-label="Items in your basket">
      {items.map((item) => (
        <BasketLine key={item.product} item={item} {...(onNavigate ? { onNavigate } : {})} />
      ))}
    </ul>
  );
}
