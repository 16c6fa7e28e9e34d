import { useId, useState } from 'react';
import { basketItemFrom } from '../../../../shared/orders/basket';
import type { Product } from '../../../../shared/catalog/catalog';
import type { Variant } from '../../../../shared/catalog/catalog';
import { useBasket } from '../../../state/basket-store';
import { showToast } from '../../../state/toast-store';
import { Button } from '../../../ui/Button';
import { addedMessage } from '../../../ui/messages';
import { QuantitySelect } from '../../../ui/QuantitySelect';
import { unitsOnSale } from '../../../../shared/catalog/made-for-you';
import { ukToday } from '../../../../shared/uk-time';

interface AddToBasketProps {
  product: Product;
  /** The variant chosen, for a product sold in options. */
  variant?: Variant | undefined;
  onAdded?: () => void;
}

/** A quantity from 1 to the stock (of the variant chosen) and the Add To Basket button. */
export function AddToBasket({ product, variant, onAdded }: AddToBasketProps) {
  const [qty, setQty] = useState(1);
  const add = useBasket((state) => state.add);
  const id = useId();
  // Made to order and pre-orders are not limited by stock.
  const countInStock = unitsOnSale(product, variant, ukToday());
  return (
    <div className="flex flex-wrap items-center gap-4">
      <QuantitySelect
        id={`${id}-qty`}
        label="Quantity"
        value={Math.min(qty, countInStock)}
        countInStock={countInStock}
        onChange={setQty}
      />
      <Button
        className="flex-1 sm:flex-none"
        onClick={() => {
          showToast(addedMessage(add(basketItemFrom(product, qty, variant))));
          onAdded?.();
        }}
      >
        Add To Basket
      </Button>
    </div>
  );
}
