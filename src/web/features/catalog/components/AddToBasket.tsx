import { useId, useState } from 'react';
import { basketItemFrom } from '../../../../shared/basket';
import type { Product } from '../../../../shared/catalog';
import { useBasket } from '../../../state/basket-store';
import { showToast } from '../../../state/toast-store';
import { Button } from '../../../ui/Button';
import { TOAST } from '../../../ui/messages';
import { QuantitySelect } from '../../../ui/QuantitySelect';

interface AddToBasketProps {
  product: Product;
  onAdded?: () => void;
}

/** A quantity from 1 to the stock and the Add To Basket button, or a disabled 'Out Of Stock'. */
export function AddToBasket({ product, onAdded }: AddToBasketProps) {
  const [qty, setQty] = useState(1);
  const add = useBasket((state) => state.add);
  const id = useId();
  if (product.countInStock < 1) {
    return (
      <Button disabled className="w-full sm:w-auto">
        Out Of Stock
      </Button>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-4">
      <QuantitySelect
        id={`${id}-qty`}
        label="Quantity"
        value={Math.min(qty, product.countInStock)}
        countInStock={product.countInStock}
        onChange={setQty}
      />
      <Button
        className="flex-1 sm:flex-none"
        onClick={() => {
          add(basketItemFrom(product, qty));
          showToast(TOAST.addedToBasket);
          onAdded?.();
        }}
      >
        Add To Basket
      </Button>
    </div>
  );
}
